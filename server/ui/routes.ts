/** The UI catalogue (gateway-owned, never proxied): runtime config and logos. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { uiRoutes as contracts } from '../../schemas/api/ui.ts';
import { route } from '../http/route.ts';
import { brandFromHost, type Logos } from './branding.ts';
import { runtimeConfig } from './runtime-config.ts';

export default async function uiRoutes(app: FastifyInstance, opts: { config: Config; logos: Logos }) {
  route(app, contracts.config, async (request, reply) => {
    const brand = brandFromHost(request.host, opts.config.brandingPattern);
    reply.header('cache-control', 'no-cache');
    return runtimeConfig(opts.config, brand, opts.logos.url(brand));
  });

  route(app, contracts.logo, async (request, reply) => {
    const { svg } = opts.logos.get(request.params.slug);
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(svg);
  });
}
