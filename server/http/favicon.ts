/**
 * `/favicon.ico`: browsers ask for it on every page whatever the page links, the login pages
 * included (they are the gateway's, not the client build's), so the gateway answers it itself
 * rather than a 404 on each first visit. Not hashed, so cached for a day, not for ever.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

export const FAVICON_PATH = '/favicon.ico';
const icon = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets', 'favicon.ico'));

export default async function faviconRoute(app: FastifyInstance) {
  app.get(FAVICON_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(icon));
}
