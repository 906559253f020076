/** OpenAPI document generated from the route schemas, at /openapi.json. */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../ui/runtime-config.ts';

export default fp(async function openapi(app: FastifyInstance, opts: { title: string }) {
  await app.register(swagger, {
    openapi: {
      info: { title: opts.title, version: APP_VERSION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          antiForgery: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
      },
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}, { name: 'openapi' });
