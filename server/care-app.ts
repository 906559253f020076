/** buildCareApi(): the care API alone (split mode), trusting only identities the gateway signed. */
import type { FastifyInstance } from 'fastify';
import { baseApp, type AppOptions } from './base-app.ts';
import { AppError } from './errors.ts';
import { sendError } from './plugins/errors.ts';
import health from './plugins/health.ts';
import identityHeader from './plugins/identity-header.ts';
import careApi from './care/plugin.ts';
import liveAlerts from './care/alerts/live.ts';

export async function buildCareApi(options: AppOptions): Promise<FastifyInstance> {
  const key = options.config.identitySigningKey;
  if (!key) throw new Error('IDENTITY_SIGNING_KEY is required to run the care API alone');
  const now = options.now ?? (() => new Date());
  const app = await baseApp(options, 'Telesuivi care API');
  await app.register(health, { ready: () => options.database.ping() });
  await app.register(liveAlerts);
  await app.register(async (api) => {
    await api.register(identityHeader, { key, now: () => now().getTime() });
    await api.register(careApi);
  }, { prefix: '/api' });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError(404, 'route_not_found')));
  return app;
}
