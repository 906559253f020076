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
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESSION_THRESHOLD = 1024;

const TEXT_TYPES = /^(application\/([\w.-]+\+)?json|text\/(html|css|javascript)|application\/javascript)\s*(;|$)/i;

/** Registered before any route: @fastify/compress adds itself to the routes declared after it. */
export default async function compression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: TEXT_TYPES,
    globalDecompression: false,
  });
}
