/** The UI catalogue (gateway-owned, never proxied): runtime config and logos. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { localeOnlyQuerySchema } from '../../schemas/common.ts';
import { runtimeConfigSchema } from '../../schemas/runtime-config.ts';
import { brandFromHost, type Logos } from './branding.ts';
import { runtimeConfig } from './runtime-config.ts';

export default async function uiRoutes(app: FastifyInstance, opts: { config: Config; logos: Logos }) {
  app.get('/ui/config', {
    schema: { tags: ['ui'], summary: 'Runtime configuration of the client', querystring: localeOnlyQuerySchema, response: { 200: runtimeConfigSchema } },
  }, async (request, reply) => {
    const brand = brandFromHost(request.host, opts.config.brandingPattern);
    reply.header('cache-control', 'no-cache');
    return runtimeConfig(opts.config, brand, opts.logos.url(brand));
  });

  app.get<{ Params: { slug: string } }>('/ui/logos/:slug.svg', {
    schema: { tags: ['ui'], summary: 'A brand logo, or the default one', params: { type: 'object', required: ['slug'], properties: { slug: { type: 'string', pattern: '^[a-z0-9-]{1,63}$' } } } },
  }, async (request, reply) => {
    const { svg } = opts.logos.get(request.params.slug);
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(svg);
  });
}
