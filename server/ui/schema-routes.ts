/**
 * The public contracts at /ui/schemas/{id}, so integrators get validation in their own
 * editors through `$schema`.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { layoutSchema } from '../../schemas/layout.ts';
import { themeSchema } from '../../schemas/theme.ts';
import { expressionSchema, formDefinitionSchema } from '../../schemas/form.ts';
import { runtimeConfigSchema } from '../../schemas/runtime-config.ts';
import { BLOCK_PROPS } from '../../schemas/blocks/index.ts';
import { uiRoutes } from '../../schemas/api/ui.ts';
import { AppError } from '../errors.ts';
import { route } from '../http/route.ts';

const PUBLISHED: Record<string, object> = {
  layout: layoutSchema,
  theme: themeSchema,
  'runtime-config': runtimeConfigSchema,
  form: formDefinitionSchema,
  'form-expression': expressionSchema,
  ...Object.fromEntries(Object.entries(BLOCK_PROPS).map(([type, props]) => [`blocks/${type}`, { ...props, $id: `blocks/${type}` }])),
};

export default async function schemaRoutes(app: FastifyInstance) {
  const documents = new Map(Object.entries(PUBLISHED).map(([id, schema]) => {
    const body = Buffer.from(JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', ...schema, $id: `/ui/schemas/${id}` }, null, 2));
    return [id, { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` }];
  }));

  route(app, uiRoutes.schema, async (request, reply) => {
    const found = documents.get((request.params['*'] ?? '').replace(/\.json$/, ''));
    if (!found) throw new AppError(404, 'schema_not_found');
    reply.header('etag', found.etag).header('cache-control', 'public, no-cache');
    if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
    return reply.type('application/schema+json; charset=utf-8').send(found.body);
  });
}
