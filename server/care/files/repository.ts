/**
 * Files (spec 001 §7): prepared (a record and an upload address), then uploaded once, then
 * linked by what uses them (a questionnaire answer). The type stored is the one read from the
 * bytes, never the one the client announced.
 */
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.ts';
import { files, formResponses } from '../../db/schema.ts';
import { openPatientFile } from '../patient-files/access.ts';
import type { Identity } from '../../identity.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { FILE_TYPES } from '../../../schemas/form.ts';
import type { FilePrepareBody, FileRecord } from '../../../schemas/form-api.ts';

export const MAX_UPLOAD_BYTES = 20 * 1_048_576;

export function filesRepository(db: Db, identity: Identity, now: () => Date) {
  const userId = identity.user.id;
  const toRecord = (f: typeof files.$inferSelect): FileRecord => ({
    id: f.id, name: f.name, description: f.description, public: f.public, mimeType: f.mimeType, size: f.size,
  });

  async function own(id: string) {
    const [file] = await db.select().from(files).where(and(eq(files.id, id), eq(files.uploaderId, userId)));
    if (!file) throw notFound();
    return file;
  }

  return {
    async prepare(body: FilePrepareBody): Promise<FileRecord> {
      const [file] = await db.insert(files).values({ uploaderId: userId, name: body.name, description: body.description ?? null, public: body.public ?? false }).returning();
      return { ...toRecord(file!), upload_url: `/api/files/${file!.id}/upload` };
    },

    async upload(id: string, bytes: Buffer): Promise<FileRecord> {
      const file = await own(id);
      if (file.uploadedAt) throw new AppError(409, 'file_already_uploaded');
      if (bytes.length === 0) throw badRequest('file_missing', {}, 'body.file');
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !(FILE_TYPES as readonly string[]).includes(type.mime)) throw badRequest('file_type_refused', {}, 'body.file');
      const [updated] = await db.update(files).set({ content: bytes, mimeType: type.mime, size: bytes.length, uploadedAt: now() })
        .where(eq(files.id, id)).returning();
      return toRecord(updated!);
    },

    async update(id: string, body: FilePrepareBody): Promise<FileRecord> {
      await own(id);
      const [updated] = await db.update(files).set({ name: body.name, description: body.description ?? null, public: body.public ?? false })
        .where(eq(files.id, id)).returning();
      return toRecord(updated!);
    },

    /** A file of a patient file (a questionnaire answer's photo or letter), for whoever may open that file. */
    async contentOfPatientFile(patientFileId: string, fileId: string): Promise<{ mimeType: string; name: string; content: Buffer }> {
      await openPatientFile(db, identity, patientFileId);
      const [file] = await db.select({ f: files }).from(files).innerJoin(formResponses, eq(formResponses.id, files.formResponseId))
        .where(and(eq(files.id, fileId), eq(formResponses.patientFileId, patientFileId)));
      if (!file?.f.content || !file.f.mimeType) throw notFound();
      return { mimeType: file.f.mimeType, name: file.f.name, content: file.f.content };
    },

    /** The bytes of a file the caller uploaded; files linked to responses are read through the response's file. */
    async content(id: string): Promise<{ mimeType: string; name: string; content: Buffer }> {
      const file = await own(id);
      if (!file.content || !file.mimeType) throw notFound();
      return { mimeType: file.mimeType, name: file.name, content: file.content };
    },
  };
}
