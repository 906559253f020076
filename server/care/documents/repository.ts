/**
 * Documents of a patient file (spec 001 §3 Document, §7), read and written through the file's
 * handle: the caller opened the file through their scope (care.patientFile, or
 * care.patientFileOf('document', id)), and every query adds visibleDocuments(file.as) (access.ts):
 * a document the caller may not see is not found, as a document of another file is.
 *
 * Bytes: the client uploads through the files routes (prepare, upload: type read from the bytes,
 * size limit while streaming); adding a document takes the caller's own unattached upload and
 * attaches it in the transaction that writes the document and its history entry.
 *
 * Nothing clinical is deleted. A document is part of the record professionals based decisions
 * on: removing it would leave history entries (viewed, acknowledged) pointing at nothing and
 * erase what was known when. So "delete" marks it entered in error, with who, when and why, for
 * good; excluding hides it from the patient's side and the default list and can be undone.
 */
import { aliasedTable, and, count, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, files, users } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { defineSorts, orderOf } from '../../lists/sort.ts';
import { pageOfRows, type Page } from '../../lists/page.ts';
import {
  DOCUMENT_CHANGE_FIELDS, documentBodyError,
  type DocumentBody, type DocumentChange, type DocumentChangeField, type DocumentListQuery, type PatientDocument,
} from '../../../schemas/documents.ts';
import { noteTextError } from '../../../schemas/notes.ts';
import { isPrescriptionType, type RenewalBody } from '../../../schemas/prescriptions.ts';
import { visibleDocuments } from '../access.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';
import { attachFile, unattachedFile } from '../files/attachments.ts';
import { storedFile, type StoredFile } from '../files/send.ts';
import { documentAcknowledged, documentAdded } from '../../notifications/events.ts';

const SORTS = defineSorts({ createdAt: [documents.createdAt], title: [documents.title], type: [documents.type] }, documents.id);

const creator = aliasedTable(users, 'creator');
const acknowledger = aliasedTable(users, 'acknowledger');
const errorMarker = aliasedTable(users, 'error_marker');
const person = (u: typeof creator) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName });

type Row = typeof documents.$inferSelect;
type Person = { id: string; firstName: string; lastName: string };

function select(db: Db) {
  return db.select({
    doc: documents,
    file: { id: files.id, name: files.name, mimeType: files.mimeType, size: files.size },
    creator: person(creator),
    acknowledger: person(acknowledger),
    marker: person(errorMarker),
  }).from(documents)
    .innerJoin(creator, eq(creator.id, documents.createdBy))
    .leftJoin(files, eq(files.id, documents.fileId))
    .leftJoin(acknowledger, eq(acknowledger.id, documents.acknowledgedBy))
    .leftJoin(errorMarker, eq(errorMarker.id, documents.enteredInErrorBy));
}

type Selected = { doc: Row; file: { id: string; name: string; mimeType: string | null; size: number | null } | null; creator: Person; acknowledger: Person | null; marker: Person | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDocument({ doc, file, creator: by, acknowledger: ack, marker }: Selected): PatientDocument {
  return {
    id: doc.id, patientFileId: doc.patientFileId, type: doc.type as PatientDocument['type'], title: doc.title, description: doc.description,
    file, externalUrl: doc.externalUrl, startDate: doc.startDate, endDate: doc.endDate, reminderDate: doc.reminderDate,
    visibleToPatient: doc.visibleToPatient, visibleToCaregivers: doc.visibleToCaregivers, providedAsCaregiver: doc.providedAsCaregiver,
    source: doc.source, createdBy: by, createdAt: doc.createdAt.toISOString(),
    acknowledgement: { status: doc.acknowledgedAt ? 'ACKNOWLEDGED' : 'WAITING', at: iso(doc.acknowledgedAt), ...(ack ? { by: ack } : {}) },
    excludedAt: iso(doc.excludedAt),
    enteredInError: doc.enteredInErrorAt && marker ? { at: doc.enteredInErrorAt.toISOString(), by: marker, reason: doc.enteredInErrorReason ?? '' } : null,
  };
}

/** Which documents a list asks for; the patient's side sees live ones whatever it asks (visibleDocuments). */
function stateCondition(state: NonNullable<DocumentListQuery['state']>): SQL | undefined {
  switch (state) {
    case 'all': return undefined;
    case 'excluded': return and(isNotNull(documents.excludedAt), isNull(documents.enteredInErrorAt));
    case 'entered_in_error': return isNotNull(documents.enteredInErrorAt);
    default: return and(isNull(documents.excludedAt), isNull(documents.enteredInErrorAt));
  }
}

type ListQuery = Required<Omit<DocumentListQuery, 'l' | 'type'>> & Pick<DocumentListQuery, 'type'>;

export function documentsRepository(care: CareContext) {
  const { db } = care;
  /** This file's documents the caller sees. */
  const seen = (file: PatientFileHandle) => and(eq(documents.patientFileId, file.id), visibleDocuments(file.as));

  /** A document the caller sees (404 otherwise, whoever asks). */
  async function one(file: PatientFileHandle, id: string): Promise<Selected> {
    const [row] = await select(db).where(and(eq(documents.id, id), seen(file)));
    if (!row) throw notFound();
    return row;
  }

  /** A document about to change: seen by the caller, in an open file, not entered in error. */
  async function forChange(file: PatientFileHandle, id: string): Promise<Row> {
    const { doc } = await one(file, id);
    file.requireOpen();
    if (doc.enteredInErrorAt) throw new AppError(409, 'document_entered_in_error');
    return doc;
  }

  const history = (doc: Row) => ({ documentId: doc.id, title: doc.title });

  return {
    async list(file: PatientFileHandle, query: ListQuery): Promise<Page<PatientDocument>> {
      const where = and(seen(file), stateCondition(query.state), query.type ? eq(documents.type, query.type) : undefined);
      return pageOfRows(query, {
        rows: async (limit, offset) => (await select(db).where(where).orderBy(...orderOf(SORTS, query.sort)).limit(limit).offset(offset)).map(toDocument),
        count: async () => (await db.select({ n: count() }).from(documents).where(where))[0]?.n ?? 0,
      });
    },

    async get(file: PatientFileHandle, id: string): Promise<PatientDocument> {
      return toDocument(await one(file, id));
    },

    async add(file: PatientFileHandle, body: DocumentBody, renews?: Row): Promise<PatientDocument> {
      file.requireOpen();
      // The id first: someone else's upload, or an unknown one, is not found whatever the rest says.
      const upload = body.fileId ? await unattachedFile(db, care.userId, body.fileId) : undefined;
      if (body.fileId && !upload) throw new AppError(404, 'not_found', {}, 'body.fileId');
      const error = documentBodyError(body);
      if (error) throw badRequest(error.code, error.params, error.field);
      if (upload && !upload.storageKey) throw badRequest('file_missing', {}, 'body.fileId');
      const professional = file.as === 'professional';
      const now = care.now();
      const id = await db.transaction(async (tx) => {
        if (renews) {
          // The renewed prescription locked: of two renewals at once, the second sees the first.
          await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, renews.id)).for('update');
          const [renewal] = await tx.select({ id: documents.id }).from(documents)
            .where(and(eq(documents.renewsDocumentId, renews.id), isNull(documents.enteredInErrorAt)));
          if (renewal) throw new AppError(409, 'prescription_already_renewed');
        }
        const [row] = await tx.insert(documents).values({
          renewsDocumentId: renews?.id ?? null,
          patientFileId: file.id, type: body.type, title: body.title, description: body.description?.trim() ? body.description : null,
          fileId: upload?.id ?? null, externalUrl: upload ? null : body.externalUrl!.trim(),
          startDate: body.startDate || null, endDate: body.endDate || null, reminderDate: body.reminderDate || null,
          // The patient's side sees what it adds: a professional chooses, the patient's own is hers, a caregiver's is shared with caregivers.
          visibleToPatient: professional ? (body.visibleToPatient ?? true) : true,
          visibleToCaregivers: professional ? (body.visibleToCaregivers ?? false) : file.as === 'caregiver' ? true : (body.visibleToCaregivers ?? false),
          providedAsCaregiver: file.as === 'caregiver', source: file.as,
          createdBy: care.userId, createdAt: now,
          // A professional's own document needs no other professional's acknowledgement: its author's.
          acknowledgedAt: professional ? now : null, acknowledgedBy: professional ? care.userId : null,
        }).returning();
        // Another owner written at the same time took the upload first.
        if (upload && !(await attachFile(tx, upload.id, { kind: 'document', id: row!.id, patientFileId: file.id }))) {
          throw new AppError(404, 'not_found', {}, 'body.fileId');
        }
        await file.recordHistory(tx, 'DOCUMENT_ADDED', { ...history(row!), ...(renews ? { renews: renews.id } : {}) }, { onBehalfOf: file.onBehalfOf });
        await documentAdded(tx, row!, now);
        return row!.id;
      });
      return toDocument(await one(file, id));
    },

    /**
     * The next prescription (schemas/prescriptions.ts): a professional of the open file renews a
     * live prescription with its own file or link and period, of the same type, linked to it.
     */
    async renew(file: PatientFileHandle, id: string, body: RenewalBody): Promise<PatientDocument> {
      const doc = await forChange(file, id);
      // Every id first, as add() does: someone else's upload is not found, whoever asks.
      if (body.fileId && !(await unattachedFile(db, care.userId, body.fileId))) throw new AppError(404, 'not_found', {}, 'body.fileId');
      file.requireProfessional();
      if (!isPrescriptionType(doc.type)) throw new AppError(409, 'not_a_prescription');
      for (const name of ['startDate', 'endDate'] as const) if (!body[name]) throw badRequest('field_required', {}, `body.${name}`);
      return this.add(file, { ...body, type: doc.type as DocumentBody['type'] }, doc);
    },

    /**
     * The document's bytes, and `sent`, which records DOCUMENT_VIEWED or DOCUMENT_DOWNLOADED:
     * called by the streamer once the bytes are there (files/send.ts), so a document that could
     * not be sent is never recorded as seen.
     */
    async bytes(file: PatientFileHandle, id: string, how: 'DOCUMENT_VIEWED' | 'DOCUMENT_DOWNLOADED'): Promise<{ stored: StoredFile; sent: () => Promise<void> }> {
      const { doc } = await one(file, id);
      if (!doc.fileId) throw new AppError(404, 'document_has_no_file');
      const [row] = await db.select().from(files).where(eq(files.id, doc.fileId));
      if (!row) throw notFound();
      return {
        stored: storedFile(row),
        sent: () => db.transaction((tx) => file.recordHistory(tx, how, history(doc), { onBehalfOf: file.onBehalfOf })),
      };
    },

    /**
     * An edit by whoever added the document or a professional of the open file: the fields sent
     * replace the stored ones, the whole then passes the rules of an added document. Who sees it
     * is chosen by professionals only (the patient's side sees what it adds, add()). The row is
     * locked and read again in the transaction, so that of two edits at once each records what it
     * changed from what the other left; nothing changed records nothing.
     */
    async update(file: PatientFileHandle, id: string, change: DocumentChange): Promise<PatientDocument> {
      const seen = await forChange(file, id);
      const professional = file.as === 'professional';
      if (!professional && seen.createdBy !== care.userId) throw new AppError(403, 'professionals_only');
      for (const name of ['visibleToPatient', 'visibleToCaregivers'] as const) {
        // The patient chooses whether her caregivers see her own documents, as when she adds one.
        const hers = name === 'visibleToCaregivers' && file.as === 'patient';
        if (change[name] !== undefined && !professional && !hers) throw new AppError(403, 'professionals_only', {}, `body.${name}`);
      }
      await db.transaction(async (tx) => {
        const [doc] = await tx.select().from(documents).where(eq(documents.id, seen.id)).for('update');
        if (!doc || doc.enteredInErrorAt) throw new AppError(409, 'document_entered_in_error');
        const day = (value: string | null | undefined, stored: string | null) => (value === undefined ? stored : value || null);
        const next = {
          title: change.title ?? doc.title,
          description: change.description === undefined ? doc.description : change.description?.trim() ? change.description : null,
          type: change.type ?? (doc.type as DocumentBody['type']),
          startDate: day(change.startDate, doc.startDate), endDate: day(change.endDate, doc.endDate), reminderDate: day(change.reminderDate, doc.reminderDate),
          visibleToPatient: change.visibleToPatient ?? doc.visibleToPatient, visibleToCaregivers: change.visibleToCaregivers ?? doc.visibleToCaregivers,
        };
        const error = documentBodyError({ ...next, ...(doc.fileId ? { fileId: doc.fileId } : { externalUrl: doc.externalUrl ?? '' }) });
        if (error) throw badRequest(error.code, error.params, error.field);
        const changed: DocumentChangeField[] = DOCUMENT_CHANGE_FIELDS.filter((name) => next[name] !== doc[name]);
        if (!changed.length) return;
        if (changed.includes('type') || changed.includes('startDate') || changed.includes('endDate')) {
          const [renewal] = await tx.select({ id: documents.id }).from(documents)
            .where(and(eq(documents.renewsDocumentId, doc.id), isNull(documents.enteredInErrorAt)));
          const linked = doc.renewsDocumentId !== null || renewal !== undefined;
          if (linked && changed.includes('type')) throw new AppError(409, 'prescription_type_linked', {}, 'body.type');
          // A renewal has its period, as renew() requires.
          if (doc.renewsDocumentId) for (const name of ['startDate', 'endDate'] as const) if (!next[name]) throw badRequest('field_required', {}, `body.${name}`);
        }
        await tx.update(documents).set(next).where(eq(documents.id, doc.id));
        await file.recordHistory(tx, 'DOCUMENT_UPDATED', { ...history({ ...doc, title: next.title }), changed }, { onBehalfOf: file.onBehalfOf });
      });
      return toDocument(await one(file, id));
    },

    /** Waiting → acknowledged by whom and when: the file's professionals only. */
    async acknowledge(file: PatientFileHandle, id: string): Promise<PatientDocument> {
      const doc = await forChange(file, id);
      file.requireProfessional();
      if (doc.acknowledgedAt) throw new AppError(409, 'document_already_acknowledged');
      await db.transaction(async (tx) => {
        // Only while still waiting: of two professionals acknowledging at once, one wins.
        const changed = await tx.update(documents).set({ acknowledgedAt: care.now(), acknowledgedBy: care.userId })
          .where(and(eq(documents.id, doc.id), isNull(documents.acknowledgedAt))).returning({ id: documents.id });
        if (changed.length === 0) throw new AppError(409, 'document_already_acknowledged');
        await file.recordHistory(tx, 'DOCUMENT_ACKNOWLEDGED', history(doc));
        await documentAcknowledged(tx, doc, care.userId, care.now());
      });
      return toDocument(await one(file, id));
    },

    async exclude(file: PatientFileHandle, id: string, excluded: boolean): Promise<PatientDocument> {
      const doc = await forChange(file, id);
      file.requireProfessional();
      if (excluded === (doc.excludedAt !== null)) throw new AppError(409, excluded ? 'document_excluded' : 'document_not_excluded');
      await db.transaction(async (tx) => {
        const changed = await tx.update(documents)
          .set(excluded ? { excludedAt: care.now(), excludedBy: care.userId } : { excludedAt: null, excludedBy: null })
          .where(and(eq(documents.id, doc.id), excluded ? isNull(documents.excludedAt) : isNotNull(documents.excludedAt)))
          .returning({ id: documents.id });
        if (changed.length === 0) throw new AppError(409, excluded ? 'document_excluded' : 'document_not_excluded');
        await file.recordHistory(tx, excluded ? 'DOCUMENT_EXCLUDED' : 'DOCUMENT_RESTORED', history(doc));
      });
      return toDocument(await one(file, id));
    },

    /**
     * "Delete": entered in error, with the reason (a text area, as a measure's), for good. The
     * file's professionals, or whoever added it (a patient who sent the wrong scan).
     */
    async markEnteredInError(file: PatientFileHandle, id: string, reason: string): Promise<PatientDocument> {
      const doc = await forChange(file, id);
      if (file.as !== 'professional' && doc.createdBy !== care.userId) throw new AppError(403, 'professionals_only');
      const error = noteTextError(reason);
      if (error) throw badRequest(error.code, error.params, 'body.reason');
      await db.transaction(async (tx) => {
        const changed = await tx.update(documents).set({ enteredInErrorAt: care.now(), enteredInErrorBy: care.userId, enteredInErrorReason: reason })
          .where(and(eq(documents.id, doc.id), isNull(documents.enteredInErrorAt))).returning({ id: documents.id });
        if (changed.length === 0) throw new AppError(409, 'document_entered_in_error');
        await file.recordHistory(tx, 'DOCUMENT_ENTERED_IN_ERROR', history(doc), { onBehalfOf: file.onBehalfOf });
      });
      // Read as a professional would: the patient's side no longer sees it (visibleDocuments), yet the answer says what was done.
      const [row] = await select(db).where(and(eq(documents.id, doc.id), eq(documents.patientFileId, file.id)));
      return toDocument(row!);
    },
  };
}
