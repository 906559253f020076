/**
 * Therapeutic content (issue 20 §2): a service's library, read by the patients and caregivers of
 * the service's files through their patient file (care.patientFile: another service's item is
 * not found), kept by the service's protocol managers (care.educationOf). Archived items are
 * hidden from the patient side and kept: what a patient was shown, and when (EDUCATION_VIEWED in
 * the file's history), stays known.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { EDUCATION_FILE_TYPES, type EducationBody, type EducationEdit, type EducationItem, type PatientContent } from '../../../schemas/education.ts';
import { educationContents, files } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { CareContext } from '../context.ts';
import { attachFile, unattachedFile } from '../files/attachments.ts';
import { storedFile, type StoredFile } from '../files/send.ts';
import { tasksOf } from '../forms/tasks.ts';
import { youtubeVideoId } from './youtube.ts';

type Row = { item: typeof educationContents.$inferSelect; file: typeof files.$inferSelect | null };

const toItem = ({ item, file }: Row): EducationItem => ({
  id: item.id, serviceId: item.serviceId, kind: item.kind, title: item.title, description: item.description, youtubeId: item.youtubeId,
  file: file ? { name: file.name, mimeType: file.mimeType, size: file.size } : null,
  createdAt: item.createdAt.toISOString(), updatedAt: item.updatedAt?.toISOString() ?? null, archivedAt: item.archivedAt?.toISOString() ?? null,
});

function select(care: CareContext) {
  return care.db.select({ item: educationContents, file: files }).from(educationContents).leftJoin(files, eq(files.id, educationContents.fileId));
}

/** The live item of the file's service; 404 otherwise (another service's, archived, unknown). */
async function liveOfFile(care: CareContext, patientFileId: string, contentId: string) {
  const file = await care.patientFile(patientFileId);
  const [row] = await select(care).where(and(eq(educationContents.id, contentId), eq(educationContents.serviceId, file.serviceId), isNull(educationContents.archivedAt)));
  if (!row) throw notFound();
  return { file, row };
}

/** An item for its service's protocol managers, archived or not; 404 otherwise. */
async function managed(care: CareContext, contentId: string): Promise<Row> {
  const [row] = await select(care).where(eq(educationContents.id, contentId));
  if (!row) throw notFound();
  await care.educationOf(row.item.serviceId);
  return row;
}

function bytesOf(row: Row): StoredFile {
  if (!row.file) throw notFound();
  return storedFile(row.file);
}

export const education = {
  /** GET content: the file's free questionnaires (when asked) and its service's live items, by title. */
  async content(care: CareContext, patientFileId: string, query: { submissionTypes?: 'FREE'; withDocuments?: 'true' | 'false' }): Promise<PatientContent> {
    const file = await care.patientFile(patientFileId);
    const questionnaires = query.submissionTypes === 'FREE'
      ? (await tasksOf(care, patientFileId)).filter((t) => t.submissionType === 'FREE').map((t) => ({ formId: t.formId, reference: t.reference, name: t.name }))
      : [];
    const documents = query.withDocuments === 'false' ? [] : (await select(care)
      .where(and(eq(educationContents.serviceId, file.serviceId), isNull(educationContents.archivedAt)))
      .orderBy(asc(educationContents.title), asc(educationContents.id))).map(toItem);
    return { questionnaires, documents };
  },

  /**
   * One item as the patient side opens it. Opened by the patient or a caregiver, it is written to
   * the file's history (EDUCATION_VIEWED): the team sees what was read. A professional's look is not.
   */
  async item(care: CareContext, patientFileId: string, contentId: string): Promise<EducationItem> {
    const { file, row } = await liveOfFile(care, patientFileId, contentId);
    if (file.as !== 'professional') {
      await care.db.transaction(async (tx) =>
        file.recordHistory(tx, 'EDUCATION_VIEWED', { contentId: row.item.id, title: row.item.title, kind: row.item.kind }, { onBehalfOf: file.onBehalfOf }));
    }
    return toItem(row);
  },

  async itemFile(care: CareContext, patientFileId: string, contentId: string): Promise<StoredFile> {
    return bytesOf((await liveOfFile(care, patientFileId, contentId)).row);
  },

  async list(care: CareContext, serviceId: string, archived: 'false' | 'all'): Promise<EducationItem[]> {
    await care.educationOf(serviceId);
    const rows = await select(care)
      .where(and(eq(educationContents.serviceId, serviceId), archived === 'all' ? undefined : isNull(educationContents.archivedAt)))
      .orderBy(asc(educationContents.title), asc(educationContents.id));
    return rows.map(toItem);
  },

  async add(care: CareContext, serviceId: string, body: EducationBody): Promise<EducationItem> {
    await care.educationOf(serviceId);
    // The id first: someone else's upload, or one already used, is not found whatever the rest says.
    const upload = body.fileId ? await unattachedFile(care.db, care.userId, body.fileId) : undefined;
    if (body.fileId && !upload) throw new AppError(404, 'not_found', {}, 'body.fileId');
    let youtubeId: string | null = null;
    if (body.kind === 'youtube') {
      if (body.fileId) throw badRequest('value_invalid', {}, 'body.fileId');
      if (body.youtubeUrl === undefined) throw badRequest('field_required', {}, 'body.youtubeUrl');
      youtubeId = youtubeVideoId(body.youtubeUrl) ?? null;
      if (!youtubeId) throw badRequest('youtube_url_invalid', {}, 'body.youtubeUrl');
    } else {
      if (body.youtubeUrl !== undefined) throw badRequest('value_invalid', {}, 'body.youtubeUrl');
      if (!upload) throw badRequest('field_required', {}, 'body.fileId');
      if (!upload.storageKey) throw badRequest('file_missing', {}, 'body.fileId');
      if (!EDUCATION_FILE_TYPES[body.kind].includes(upload.mimeType ?? '')) throw badRequest('education_file_kind_mismatch', {}, 'body.fileId');
    }
    const id = await care.db.transaction(async (tx) => {
      const [created] = await tx.insert(educationContents).values({
        serviceId, kind: body.kind, title: body.title, description: body.description ?? null,
        fileId: upload?.id ?? null, youtubeId, createdBy: care.userId, createdAt: care.now(),
      }).returning({ id: educationContents.id });
      // One owner per file: an upload taken meanwhile by another owner is refused, nothing kept.
      if (upload && !(await attachFile(tx, upload.id, { kind: 'education_content', id: created!.id, patientFileId: null }))) {
        throw new AppError(404, 'not_found', {}, 'body.fileId');
      }
      return created!.id;
    });
    return toItem(await managed(care, id));
  },

  async edit(care: CareContext, contentId: string, body: EducationEdit): Promise<EducationItem> {
    await managed(care, contentId);
    await care.db.update(educationContents).set({ title: body.title, description: body.description ?? null, updatedAt: care.now() })
      .where(eq(educationContents.id, contentId));
    return toItem(await managed(care, contentId));
  },

  /** Archives (hides from the patient side, keeps) or shows again; doing it twice changes nothing. */
  async setArchived(care: CareContext, contentId: string, archived: boolean): Promise<EducationItem> {
    const { item } = await managed(care, contentId);
    if (archived !== (item.archivedAt !== null)) {
      await care.db.update(educationContents)
        .set(archived ? { archivedAt: care.now(), archivedBy: care.userId } : { archivedAt: null, archivedBy: null })
        .where(eq(educationContents.id, contentId));
    }
    return toItem(await managed(care, contentId));
  },

  async file(care: CareContext, contentId: string): Promise<StoredFile> {
    return bytesOf(await managed(care, contentId));
  },
};
