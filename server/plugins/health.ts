/** Liveness (/healthz: the process answers) and readiness (/readyz: its dependencies answer). */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

const statusSchema = { type: 'object', required: ['status'], properties: { status: { type: 'string' } } } as const;

export default async function health(app: FastifyInstance, opts: { ready: () => Promise<void> }) {
  app.get('/healthz', { schema: { tags: ['operations'], response: { 200: statusSchema } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { tags: ['operations'], response: { 200: statusSchema } } }, async (request) => {
    try {
      await opts.ready();
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      throw new AppError(503, 'not_ready');
    }
    return { status: 'ready' };
  });
}
