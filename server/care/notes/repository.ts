/**
 * Notes of a patient file (spec 001 §3, §4, §7), read and written through the file's handle: the
 * caller opened the file through their scope (care.patientFile), every query keeps to it, and
 * every change records its history entry in the same transaction (payload: the note's id, never
 * its text: the history is read by more people than the notes).
 *
 * Who may edit: the note's author only. A note is a professional's signed statement, shown
 * under its author's name; letting a colleague rewrite it would put words under someone else's
 * name. A colleague who disagrees adds their own note. Archiving, which changes no word and
 * keeps the note viewable (with who archived it), is open to every professional of the file,
 * so the team can tidy the list when the author has left.
 */
import { aliasedTable, and, count, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { patientFileNotes, users } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { defineSorts, orderOf } from '../../lists/sort.ts';
import { pageOfRows, type Page } from '../../lists/page.ts';
import { noteTextError, type Note, type NoteListQuery } from '../../../schemas/notes.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';

const SORTS = defineSorts({ createdAt: [patientFileNotes.createdAt] }, patientFileNotes.id);

const author = aliasedTable(users, 'author');
const archiver = aliasedTable(users, 'archiver');

type Row = typeof patientFileNotes.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function select(care: CareContext) {
  return care.db.select({
    note: patientFileNotes,
    author: { id: author.id, firstName: author.firstName, lastName: author.lastName },
    archiver: { id: archiver.id, firstName: archiver.firstName, lastName: archiver.lastName },
  }).from(patientFileNotes)
    .innerJoin(author, eq(author.id, patientFileNotes.authorId))
    .leftJoin(archiver, eq(archiver.id, patientFileNotes.archivedBy));
}

type Selected = { note: Row; author: { id: string; firstName: string; lastName: string }; archiver: { id: string; firstName: string; lastName: string } | null };

function toNote(care: CareContext, { note, author: a, archiver: by }: Selected): Note {
  return {
    id: note.id, patientFileId: note.patientFileId, text: note.text, author: a,
    createdAt: note.createdAt.toISOString(), updatedAt: iso(note.updatedAt), archivedAt: iso(note.archivedAt),
    ...(by ? { archivedBy: by } : {}),
    editable: note.archivedAt === null && note.authorId === care.userId,
  };
}

/** The text's rule (schemas/notes.ts), said on body.text in the request's language. */
function checkText(text: string) {
  const error = noteTextError(text);
  if (error) throw badRequest(error.code, error.params, 'body.text');
}

export async function listNotes(care: CareContext, file: PatientFileHandle, query: Required<Omit<NoteListQuery, 'l'>>): Promise<Page<Note>> {
  file.requireProfessional();
  const archived: SQL | undefined = query.archived === 'all' ? undefined
    : query.archived === 'true' ? isNotNull(patientFileNotes.archivedAt) : isNull(patientFileNotes.archivedAt);
  const where = and(eq(patientFileNotes.patientFileId, file.id), archived);
  return pageOfRows(query, {
    rows: async (limit, offset) => (await select(care).where(where).orderBy(...orderOf(SORTS, query.sort)).limit(limit).offset(offset))
      .map((row) => toNote(care, row)),
    count: async () => (await care.db.select({ n: count() }).from(patientFileNotes).where(where))[0]?.n ?? 0,
  });
}

/** A note of this file, read again after a change. */
async function noteOf(care: CareContext, file: PatientFileHandle, noteId: string): Promise<Note> {
  const [row] = await select(care).where(and(eq(patientFileNotes.id, noteId), eq(patientFileNotes.patientFileId, file.id)));
  if (!row) throw notFound();
  return toNote(care, row);
}

/**
 * A note of this file for a change: not found unless it belongs to the file (before asking who
 * the caller is, so an id of another file answers 404 to everyone, as the access matrix wants).
 */
async function noteForChange(care: CareContext, file: PatientFileHandle, noteId: string): Promise<Row> {
  const [row] = await care.db.select().from(patientFileNotes)
    .where(and(eq(patientFileNotes.id, noteId), eq(patientFileNotes.patientFileId, file.id)));
  if (!row) throw notFound();
  file.requireProfessional();
  file.requireOpen();
  if (row.archivedAt) throw new AppError(409, 'note_archived');
  return row;
}

export async function addNote(care: CareContext, file: PatientFileHandle, text: string): Promise<Note> {
  file.requireProfessional();
  file.requireOpen();
  checkText(text);
  const id = await care.db.transaction(async (tx) => {
    const [row] = await tx.insert(patientFileNotes).values({ patientFileId: file.id, authorId: care.userId, text, createdAt: care.now() }).returning({ id: patientFileNotes.id });
    await file.recordHistory(tx, 'NOTE_ADDED', { noteId: row!.id });
    return row!.id;
  });
  return noteOf(care, file, id);
}

export async function editNote(care: CareContext, file: PatientFileHandle, noteId: string, text: string): Promise<Note> {
  const note = await noteForChange(care, file, noteId);
  if (note.authorId !== care.userId) throw new AppError(403, 'note_author_only');
  checkText(text);
  await care.db.transaction(async (tx) => {
    // Only while it is still live: an archive that won the race leaves nothing to edit.
    const changed = await tx.update(patientFileNotes).set({ text, updatedAt: care.now(), updatedBy: care.userId })
      .where(and(eq(patientFileNotes.id, note.id), isNull(patientFileNotes.archivedAt))).returning({ id: patientFileNotes.id });
    if (changed.length === 0) throw new AppError(409, 'note_archived');
    await file.recordHistory(tx, 'NOTE_EDITED', { noteId: note.id });
  });
  return noteOf(care, file, note.id);
}

export async function archiveNote(care: CareContext, file: PatientFileHandle, noteId: string): Promise<Note> {
  const note = await noteForChange(care, file, noteId);
  await care.db.transaction(async (tx) => {
    const changed = await tx.update(patientFileNotes).set({ archivedAt: care.now(), archivedBy: care.userId })
      .where(and(eq(patientFileNotes.id, note.id), isNull(patientFileNotes.archivedAt))).returning({ id: patientFileNotes.id });
    if (changed.length === 0) throw new AppError(409, 'note_archived');
    await file.recordHistory(tx, 'NOTE_ARCHIVED', { noteId: note.id });
  });
  return noteOf(care, file, note.id);
}
