/**
 * OpenAPI document generated from the route contracts, at /openapi.json. The named schemas
 * (schemas/api/components.ts) are registered here by `$id`, on the root instance, so every route
 * refers to them (server/http/route.ts) and the document lists them under components.schemas
 * by that name instead of def-0, def-1…
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER } from '../../schemas/http.ts';
import { namedSchemas } from '../http/named-schemas.ts';
import { APP_VERSION } from '../shared/version.ts';

export default fp(async function openapi(app: FastifyInstance, opts: { title: string }) {
  for (const schema of namedSchemas()) app.addSchema(schema);
  await app.register(swagger, {
    openapi: {
      info: { title: opts.title, version: APP_VERSION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          antiForgery: { type: 'apiKey', in: 'header', name: CSRF_HEADER },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}, { name: 'openapi' });
