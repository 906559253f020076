/** Upload stream guards: the size limit counted as the bytes arrive, and the type read from the first bytes. */
import { Readable } from 'node:stream';
import { fileTypeStream } from 'file-type/node';
import type { FileTypeResult } from 'file-type/node';

/**
 * The stream's bytes, failing with `tooLarge()` as soon as more than `max` have arrived (the
 * storage then removes what it stored): the limit holds without waiting for the end.
 */
export function limitBytes(source: Readable, max: number, tooLarge: () => Error): { stream: Readable; received: () => number } {
  let seen = 0;
  async function* limited() {
    for await (const data of source) {
      seen += (data as Buffer).length;
      if (seen > max) throw tooLarge();
      yield data as Buffer;
    }
  }
  return { stream: Readable.from(limited(), { objectMode: false }), received: () => seen };
}

/** How many first bytes file-type reads to name a type (its own default). */
const SAMPLE_BYTES = 4100;

/**
 * The type named by the stream's first bytes, and a stream of all its bytes (those first ones
 * included), for uploads before storing and for downloads before sending.
 */
export async function typedStream(source: Readable): Promise<{ type: FileTypeResult | undefined; stream: Readable }> {
  const stream = await fileTypeStream(source, { sampleSize: SAMPLE_BYTES });
  return { type: stream.fileType, stream };
}
