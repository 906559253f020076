/**
 * The one way a stored file leaves the server (issue 17): every download route — a caller's own
 * upload, a patient file's attached file, an identity document — hands its file here. The bytes
 * are opened first (a file the storage has lost is not found), the type is re-read from their
 * head as they stream (streams.ts), and the headers are download.ts's: name and disposition by
 * that type, inline only for the types the client shows itself, sandboxed, never sniffed.
 */
import type { FastifyReply } from 'fastify';
import type { files } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Storage } from '../../storage/index.ts';
import { downloadHeaders, type Disposition } from './download.ts';
import { typedStream } from './streams.ts';

/** A stored file on its way out: its bytes still in the storage. */
export interface StoredFile { name: string; size: number | null; storageKey: string }

/** The file's row as a file to send: one prepared and never (or not yet) uploaded is not found. */
export function storedFile(row: typeof files.$inferSelect): StoredFile {
  if (!row.storageKey || !row.uploadedAt) throw notFound();
  return { name: row.name, size: row.size, storageKey: row.storageKey };
}

/**
 * Streams `file` as the reply. `beforeSending` runs once the bytes are known to be there and
 * before the first one leaves (an identity document's DOCUMENT_VIEWED): what records that a file
 * was seen never does so for a file that could not be sent.
 */
export async function sendStoredFile(
  reply: FastifyReply, storage: Storage, file: StoredFile, beforeSending?: () => Promise<void>, disposition: Disposition = 'default',
): Promise<FastifyReply> {
  const bytes = await storage.get(file.storageKey);
  if (!bytes) throw notFound();
  const { type, stream } = await typedStream(bytes);
  if (beforeSending) {
    try {
      await beforeSending();
    } catch (error) {
      stream.destroy();
      throw error;
    }
  }
  reply.headers(downloadHeaders(file.name, type, disposition));
  if (file.size !== null) reply.header('content-length', file.size);
  return reply.send(stream);
}
