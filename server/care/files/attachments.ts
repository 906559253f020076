/**
 * A file belongs to one owner (a questionnaire response today; a document, a message, an
 * identity document next) in one patient file: that patient file's scope decides who may read
 * it (routes.ts, download through /patient_files/{id}/files/{fileId}). An owner's code attaches
 * its files in the transaction that writes the owner, and reads them back through here.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileAttachments, files, FILE_OWNER_KINDS } from '../../db/schema.ts';

export type FileOwnerKind = typeof FILE_OWNER_KINDS[number];
/** `patientFileId` null: a service's therapeutic content, read through its service, never through a patient file. */
export interface FileOwner { kind: FileOwnerKind; id: string; patientFileId: string | null }

/** A transaction or the database: attaching happens inside the owner's transaction. */
type Writer = Pick<Db, 'insert'>;

/** The caller's own file, not attached to anything yet (what an owner may take), or undefined. */
export async function unattachedFile(db: Db, uploaderId: string, fileId: string): Promise<typeof files.$inferSelect | undefined> {
  const [row] = await db.select({ file: files }).from(files).leftJoin(fileAttachments, eq(fileAttachments.fileId, files.id))
    .where(and(eq(files.id, fileId), eq(files.uploaderId, uploaderId), isNull(fileAttachments.fileId)));
  return row?.file;
}

/**
 * Attaches a file to its owner; false when the file already has one (another owner written at
 * the same time took it first: one attachment per file, the primary key decides).
 */
export async function attachFile(tx: Writer, fileId: string, owner: FileOwner): Promise<boolean> {
  const attached = await tx.insert(fileAttachments)
    .values({ fileId, ownerKind: owner.kind, ownerId: owner.id, patientFileId: owner.patientFileId })
    .onConflictDoNothing().returning({ fileId: fileAttachments.fileId });
  return attached.length > 0;
}

/** The files attached to one owner, oldest first. */
export async function attachedFiles(db: Db, owner: Omit<FileOwner, 'patientFileId'>) {
  const rows = await db.select({ file: files }).from(fileAttachments).innerJoin(files, eq(files.id, fileAttachments.fileId))
    .where(and(eq(fileAttachments.ownerKind, owner.kind), eq(fileAttachments.ownerId, owner.id))).orderBy(fileAttachments.createdAt);
  return rows.map((r) => r.file);
}
