/**
 * Compression of the answers built per request (JSON of /api and /ui, the /auth pages and their
 * assets), with @fastify/compress: brotli or gzip by Accept-Encoding, Vary: Accept-Encoding.
 *
 * - Only above COMPRESSION_THRESHOLD bytes: measured by tests/bench/compression-threshold.ts
 *   (the platform's own JSON, @fastify/compress's own streams): from 1 KiB, the time a typical
 *   4G link (20 Mbit/s) saves on the smaller body exceeds the time compressing it takes
 *   (≈ 0.2 ms); below, compressing costs more than it saves, and the body fits one TCP
 *   segment anyway.
 * - Never text/event-stream (GET /api/events, care/events/routes.ts): a compressor buffers until
 *   its block fills, so a live event would wait for the next ones; TEXT_TYPES leaves it out.
 * - Only text types: stored files are sent as the type their bytes have (images, PDF...), never
 *   recompressed; the built client is compressed once at build time (serveClient in app.ts),
 *   and an answer that already has a Content-Encoding (a precompressed file, an answer the care
 *   API compressed in split mode) is left alone by the plugin.
 * - An ETag stays as the route set it (the same for every encoding, Vary tells caches apart):
 *   If-None-Match still gets its 304, which has no body to compress.
 * - Request bodies are never decompressed: clients send JSON as it is, and a compressed body
 *   would bypass the body size limits.
 * - A body built per request is compressed at a fast level, in one call (compressAnswer): brotli
 *   at quality 4, gzip at level 6 (zlib's default). Best levels are for what is compressed once:
 *   the built client (brotli 11 at build time). @fastify/compress's own path (a stream per
 *   answer: Readable, pump, a zlib stream) cost about 450 µs of CPU for a 1 KiB alerts page
 *   against about 35 µs for the same brotli level in one call (issue 19, Load); it still handles
 *   streamed bodies and types other than TEXT_TYPES.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

export const COMPRESSION_THRESHOLD = 1024;

const TEXT_TYPES = /^(application\/([\w.-]+\+)?json|text\/(html|css|javascript)|application\/javascript)\s*(;|$)/i;
/** Above this, a body built per request goes through @fastify/compress's stream (off the event loop). */
export const ONE_CALL_LIMIT = 256 * 1024;
/** The levels of answers built per request (the built client keeps brotli 11, made once at build time). */
export const DYNAMIC_BROTLI_QUALITY = 4;
export const DYNAMIC_GZIP_LEVEL = 6;

/** What a body built per request is sent as, by Accept-Encoding: brotli, else gzip, else as it is. */
export type AnswerEncoding = 'br' | 'gzip' | undefined;

const negotiated = new Map<string, AnswerEncoding>();

/**
 * The encoding an Accept-Encoding asks for among br and gzip (the quality values honoured, br
 * first on a tie, `*` and `x-gzip` understood, as @fastify/compress negotiates).
 */
export function answerEncoding(header: string | undefined): AnswerEncoding {
  if (!header) return undefined;
  const known = negotiated.get(header);
  if (known !== undefined || negotiated.has(header)) return known;
  const quality: Record<string, number> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.split(';').map((p) => p.trim());
    if (!token) continue;
    const q = params.find((p) => /^q\s*=/.test(p));
    const value = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ''));
    quality[token === 'x-gzip' ? 'gzip' : token] = Number.isFinite(value) ? value : 0;
  }
  const q = (name: string) => quality[name] ?? quality['*'] ?? 0;
  const found: AnswerEncoding = q('br') > 0 && q('br') >= q('gzip') ? 'br' : q('gzip') > 0 ? 'gzip' : undefined;
  // Browsers send a handful of distinct values: keep a bounded memo.
  if (negotiated.size < 64) negotiated.set(header, found);
  return found;
}

const compressed = (payload: string | Buffer, encoding: 'br' | 'gzip', length: number) => (encoding === 'br'
  ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: length } })
  : gzipSync(payload, { level: DYNAMIC_GZIP_LEVEL }));

/**
 * The last bodies compressed, by their text: an answer served again as the very same string (the
 * alerts list's cached page, its serialized text kept with it) is compressed once. A pure
 * function's memo: only who already has the text gets its compressed bytes. Bounded in count and size.
 */
const MEMO_LIMIT = 64 * 1024;
const MEMO_ENTRIES = 64;
const memo = new Map<string, Partial<Record<'br' | 'gzip', Buffer>>>();
function memoized(payload: string, encoding: 'br' | 'gzip', length: number): Buffer {
  let entry = memo.get(payload);
  if (!entry) {
    entry = {};
    memo.set(payload, entry);
    if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  }
  return (entry[encoding] ??= compressed(payload, encoding, length));
}

/** A body built per request (JSON, the login pages), compressed in one call at the fast level. */
function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Buffer | undefined {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  const encoding = reply.getHeader('content-encoding');
  if ((encoding && encoding !== 'identity') || request.headers['x-no-compression'] !== undefined) return undefined;
  const type = reply.getHeader('content-type');
  if (!TEXT_TYPES.test(typeof type === 'string' ? type : 'application/json')) return undefined;
  const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (length < COMPRESSION_THRESHOLD || length > ONE_CALL_LIMIT) return undefined;
  const chosen = answerEncoding(request.headers['accept-encoding']);
  if (!chosen) return undefined;
  const body = typeof payload === 'string' && length <= MEMO_LIMIT ? memoized(payload, chosen, length) : compressed(payload, chosen, length);
  const vary = reply.getHeader('vary');
  const varies = [vary ?? []].flat().map(String);
  if (!varies.some((v) => /accept-encoding/i.test(v))) reply.header('vary', [...varies, 'accept-encoding'].join(', '));
  reply.header('content-encoding', chosen);
  reply.header('content-length', body.length);
  return body;
}

const compressInOneCall: onSendHookHandler = (request, reply, payload, done) => {
  let body: Buffer | undefined;
  try {
    body = compressAnswer(request, reply, payload);
  } catch (error) {
    return done(error as Error);
  }
  done(null, body ?? payload);
};

/** Registered before any route: @fastify/compress adds itself to the routes declared after it. */
export default async function compression(app: FastifyInstance) {
  // Before @fastify/compress's own onRoute: this route hook runs just before its, after every
  // instance-wide onSend hook (route hooks come last), so nothing sees the compressed bytes.
  app.addHook('onRoute', (route) => {
    if ((route.config as { compress?: unknown } | undefined)?.compress === false || (route as { compress?: unknown }).compress === false) return;
    route.onSend = [route.onSend ?? []].flat().concat(compressInOneCall);
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: TEXT_TYPES,
    globalDecompression: false,
  });
}
