/**
 * The one way a stored file leaves the server (issue 17): every download route — a caller's own
 * upload, a patient file's attached file, an identity document — hands its file here. The bytes
 * are opened first (a file the storage has lost is not found), the type is re-read from their
 * head as they stream (streams.ts), and the headers are download.ts's: name and disposition by
 * that type, inline only for the types the client shows itself, sandboxed, never sniffed.
 */
import { Readable } from 'node:stream';
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

/** The first and last byte a Range header asks for, in a file of `size` bytes. */
export interface ByteRange { start: number; end: number }

/**
 * One range of `bytes=first-last`, `bytes=first-` or `bytes=-suffix` (RFC 9110 §14.1.2), clipped
 * to the file; undefined to send the whole file: no header, several ranges (a browser's player
 * asks one; one answer is simpler and allowed), a syntax we do not read, or a range past the end
 * (§14.2 lets a server ignore Range; the whole file is a correct answer, never a wrong slice).
 */
export function byteRange(header: string | undefined, size: number): ByteRange | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || size <= 0 || (!match[1] && !match[2])) return undefined;
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return undefined;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) && start <= end && start < size ? { start, end } : undefined;
}

/** The bytes `start` to `end` (inclusive) of a stream; the source is released once past `end`. */
function slice(source: Readable, { start, end }: ByteRange): Readable {
  async function* bytes() {
    let offset = 0;
    try {
      for await (const data of source) {
        const chunk = data as Buffer;
        const from = Math.max(0, start - offset);
        const to = Math.min(chunk.length, end + 1 - offset);
        offset += chunk.length;
        if (to > from) yield chunk.subarray(from, to);
        if (offset > end) break;
      }
    } finally {
      source.destroy();
    }
  }
  return Readable.from(bytes(), { objectMode: false });
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
  if (file.size === null) return reply.send(stream);
  reply.header('accept-ranges', 'bytes');
  // If-Range names a version we do not tag (no ETag, no Last-Modified): the whole file, as §13.1.5 says.
  const range = reply.request.headers['if-range'] === undefined ? byteRange(reply.request.headers.range, file.size) : undefined;
  if (!range) {
    reply.header('content-length', file.size);
    return reply.send(stream);
  }
  // The type was read from the head of the whole file; only then is the slice cut.
  reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`).header('content-length', range.end - range.start + 1);
  return reply.send(slice(stream, range));
}
