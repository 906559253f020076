/**
 * What a call asked, as a hash: method, route, path parameters and body (not the query: on these
 * routes it only chooses the answer's language, which a retry may change). The body is written as
 * canonical JSON (keys sorted at every level, arrays in order) so that a retry that sends the same
 * values with its keys in another order is the same call. Only the hash is kept, never the body.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/** JSON with every object's keys sorted; undefined properties left out, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(method: string, route: string, params: unknown, body: unknown): string {
  return createHash('sha256').update(`${method} ${route}\n${canonicalJson(params ?? null)}\n${canonicalJson(body ?? null)}`).digest('hex');
}

/**
 * A multipart body (an upload), which the handler reads as a stream after the claim: its bytes
 * are kept as they pass (the upload limit bounds them) and hashed once the body has ended, with
 * the boundary taken out — a client draws a new one each time it builds the same form again.
 */
export function multipartBody(raw: Readable, contentType: string | undefined): { digest(): Promise<string> } {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  const chunks: Buffer[] = [];
  // Paused first: the listener must not start the flow before the handler's parser is attached.
  raw.pause();
  raw.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    if (raw.readableEnded) resolve();
    raw.once('end', resolve);
    raw.once('error', reject);
  });
  return {
    async digest() {
      // Read to the end even when nobody else does (a replay: the handler does not run).
      raw.resume();
      await ended;
      const text = Buffer.concat(chunks).toString('latin1');
      return createHash('sha256').update(boundary ? text.replaceAll(boundary, '') : text, 'latin1').digest('hex');
    },
  };
}
