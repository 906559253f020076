/**
 * Files (spec 001 §7): prepared (a record and an upload address), then uploaded once, then
 * attached to what uses them (attachments.ts). The bytes go to the storage (server/storage/)
 * as they arrive: the type is read from the first bytes and a refused one is never stored, the
 * size limit holds while streaming, and a storage key is kept only once the bytes are all there
 * and, when a virus scanner is configured, found clean (server/storage/virus-scan.ts).
 */
import type { Readable } from 'node:stream';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { fileAttachments, files, patientFiles } from '../../db/schema.ts';
import type { Storage } from '../../storage/index.ts';
import { scanStored, type VirusScanner } from '../../storage/virus-scan.ts';
import type { CareContext } from '../context.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { UPLOAD_TYPES } from '../../../schemas/form.ts';
import type { FilePrepareBody, FileRecord } from '../../../schemas/form-api.ts';
import { limitBytes, typedStream } from './streams.ts';
import { storedFile, type StoredFile } from './send.ts';

export const MAX_UPLOAD_BYTES = 20 * 1_048_576;

/** Where a scan's outcome is logged (the request's logger). */
interface ScanLog { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

export function filesRepository(care: CareContext, storage: Storage, scanner?: VirusScanner, log?: ScanLog) {
  const { db, userId } = care;
  const now = () => care.now();
  const toRecord = (f: typeof files.$inferSelect): FileRecord => ({
    id: f.id, name: f.name, description: f.description, public: f.public, mimeType: f.mimeType, size: f.size,
  });

  async function own(id: string) {
    const [file] = await db.select().from(files).where(and(eq(files.id, id), eq(files.uploaderId, userId)));
    if (!file) throw notFound();
    return file;
  }

  /**
   * The stored bytes streamed back to the scanner (server/storage/virus-scan.ts) before the record
   * points at them; a throw here makes upload() remove them. Fails closed: no verdict, no file.
   */
  async function scan(id: string, key: string): Promise<void> {
    let result;
    try {
      result = await scanStored(scanner!, storage, key);
    } catch (error) {
      log?.error({ err: error, fileId: id }, 'virus scan failed: upload refused');
      throw new AppError(503, 'virus_scanner_unavailable', {}, 'body.file');
    }
    if (result.infected) {
      log?.warn({ fileId: id, uploaderId: userId, viruses: result.viruses }, 'infected upload refused');
      throw badRequest('file_infected', {}, 'body.file');
    }
  }

  return {
    async prepare(body: FilePrepareBody): Promise<FileRecord> {
      const [file] = await db.insert(files).values({ uploaderId: userId, name: body.name, description: body.description ?? null, public: body.public ?? false }).returning();
      return { ...toRecord(file!), upload_url: `/api/files/${file!.id}/upload` };
    },

    /** The caller's prepared file, not uploaded yet (404 someone else's or unknown, 409 uploaded). */
    async checkUploadable(id: string): Promise<void> {
      const file = await own(id);
      if (file.uploadedAt) throw new AppError(409, 'file_already_uploaded');
    },

    /**
     * Streams the bytes to the storage: refused (nothing stored) when the first bytes name no
     * accepted type or when more than MAX_UPLOAD_BYTES arrive. `afterStored` runs before the
     * record points at the bytes (the route checks there is no second file); if it throws, the
     * bytes are removed.
     */
    async upload(id: string, body: Readable, afterStored: () => Promise<void> = async () => {}): Promise<FileRecord> {
      const tooLarge = () => badRequest('file_too_large', {}, 'body.file');
      const limited = limitBytes(body, MAX_UPLOAD_BYTES, tooLarge);
      // The first bytes are read before the id is checked: a broken multipart body is refused as
      // such (400 multipart_invalid) whatever the id, and nothing is stored before the check.
      const { type, stream } = await typedStream(limited.stream);
      try {
        await this.checkUploadable(id);
      } catch (error) {
        stream.destroy();
        throw error;
      }
      // The type sample has been read: nothing arrived at all, or bytes that name no accepted type.
      if (limited.received() === 0) {
        stream.destroy();
        throw badRequest('file_missing', {}, 'body.file');
      }
      if (!type || !(UPLOAD_TYPES as readonly string[]).includes(type.mime)) {
        stream.destroy();
        throw badRequest('file_type_refused', {}, 'body.file');
      }
      const { key, size } = await storage.put(stream);
      try {
        await afterStored();
        if (scanner) await scan(id, key);
        // Uploaded once: a second upload of the same file at the same time finds it taken.
        const [updated] = await db.update(files).set({ storageKey: key, mimeType: type.mime, size, uploadedAt: now() })
          .where(and(eq(files.id, id), isNull(files.uploadedAt))).returning();
        if (!updated) throw new AppError(409, 'file_already_uploaded');
        return toRecord(updated);
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
    },

    async update(id: string, body: FilePrepareBody): Promise<FileRecord> {
      await own(id);
      // A file attached to a closed patient file is part of that file's content: read-only (spec 001 §4).
      const [closed] = await db.select({ id: patientFiles.id }).from(fileAttachments)
        .innerJoin(patientFiles, eq(patientFiles.id, fileAttachments.patientFileId))
        .where(and(eq(fileAttachments.fileId, id), ne(patientFiles.status, 'OPEN')));
      if (closed) throw new AppError(409, 'patient_file_closed');
      const [updated] = await db.update(files).set({ name: body.name, description: body.description ?? null, public: body.public ?? false })
        .where(eq(files.id, id)).returning();
      return toRecord(updated!);
    },

    /**
     * A file attached to something of a patient file (a questionnaire answer's photo or letter),
     * for whoever may open that file: the patient file's scope first, then the file through
     * its attachment to that patient file (another patient file's file is not found).
     */
    async ofPatientFile(patientFileId: string, fileId: string): Promise<StoredFile> {
      const file = await care.patientFile(patientFileId);
      const [row] = await db.select({ f: files }).from(files).innerJoin(fileAttachments, eq(fileAttachments.fileId, files.id))
        .where(and(eq(files.id, fileId), eq(fileAttachments.patientFileId, file.id)));
      if (!row) throw notFound();
      return storedFile(row.f);
    },

    /** A file the caller uploaded; files attached to a patient file are read through it as well. */
    async own(id: string): Promise<StoredFile> {
      return storedFile(await own(id));
    },
  };
}
