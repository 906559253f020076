/**
 * buildGateway(): the gateway of docs/architecture.md §2, as one Fastify app that main.ts starts and tests
 * build. /auth and /ui are its own; /api goes through the session layer, then to the care API
 * in this process or, when CARE_API_URL is set, to the care API behind a proxy. What it shares with
 * the stand-alone care API is server/base-app.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import { canonicalPath } from '../schemas/http.ts';
import { baseApp, type AppOptions } from './base-app.ts';
import { AppError } from './errors.ts';
import { sendError } from './plugins/errors.ts';
import session from './plugins/session.ts';
import health from './plugins/health.ts';
import { sessionLayer } from './plugins/session-layer.ts';
import { careProxy } from './plugins/care-proxy.ts';
import careApi from './care/plugin.ts';
import liveAlerts from './care/alerts/live.ts';
import authRoutes from './auth/routes.ts';
import { firstScreenAssets } from './auth/client-assets.ts';
import faviconRoute from './http/favicon.ts';
import uiRoutes from './ui/routes.ts';
import schemaRoutes from './ui/schema-routes.ts';
import statusRoutes from './ui/status-route.ts';
import layoutRoutes from './ui/layouts/routes.ts';
import { LayoutCatalogue } from './ui/layouts/catalogue.ts';
import { formSync } from './ui/form-sync.ts';
import { Logos } from './ui/branding.ts';

export async function buildGateway(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const app = await baseApp(options, 'Telesuivi gateway');
  const logos = new Logos(config.layoutsDir);

  await app.register(session, {
    db: options.database.db,
    ...config.session,
    idleMs: config.session.idleMs,
    absoluteMs: config.session.absoluteMs,
    cacheMs: config.session.cacheMs,
    // Date.now unless a test moves the clock: the session store reads it several times per call.
    now: options.now ? () => now().getTime() : Date.now,
    secure: config.secureCookies,
    publicOrigin: config.publicUrl.origin,
  });
  await app.register(health, { ready: () => options.database.ping() });
  await app.register(uiRoutes, { config, logos });
  await app.register(faviconRoute);
  const catalogue = new LayoutCatalogue(options.database.db, app.provisioned, app.log, { refreshMs: config.session.cacheMs, now: () => now().getTime() });
  await catalogue.start();
  const questionnaires = formSync(options.database.db, app.provisioned, app.log);
  await questionnaires.sync();
  app.provisioned.onChange(() => void questionnaires.sync());
  await app.register(schemaRoutes);
  await app.register(statusRoutes, { files: app.provisioned, db: options.database.db });
  await app.register(async (ui) => {
    sessionLayer(ui);
    await ui.register(layoutRoutes, { catalogue });
  });
  await app.register(authRoutes, {
    publicUrl: config.publicUrl, secureCookies: config.secureCookies, secret: config.session.secret, login: config.login, logos,
    prefetch: firstScreenAssets(path.resolve(config.clientDist)),
  });

  // The care API's one LISTEN per process, where the care API runs (in split mode, in its own process).
  if (!config.careApiUrl) await app.register(liveAlerts);
  await app.register(async (api) => {
    sessionLayer(api);
    if (config.careApiUrl) await careProxy(api, { upstream: config.careApiUrl, key: config.identitySigningKey!, now: () => now().getTime() });
    else {
      await api.register(careApi);
      // Unknown /api routes go through the session layer too, as they do in split mode.
      api.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError(404, 'route_not_found')));
    }
  }, { prefix: '/api' });

  await serveClient(app, config);

  const purge = setInterval(() => app.sessions.purgeExpired().catch((err) => app.log.warn({ err }, 'session purge failed')), 600_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  return app;
}

/**
 * The built client, with the single-page fallback to index.html for browser navigations. The
 * build wrote a .br and a .gz next to every text file (client/vite-plugins/precompress.ts):
 * `preCompressed` sends the one Accept-Encoding asks for, with its Content-Encoding and
 * Content-Length, and Vary: Accept-Encoding; identity when none is accepted.
 */
async function serveClient(app: FastifyInstance, config: Config) {
  const root = path.resolve(config.clientDist);
  const hasClient = existsSync(path.join(root, 'index.html'));
  if (hasClient) await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1y', immutable: true, serveDotFiles: false, preCompressed: true, globIgnore: ['**/*.br', '**/*.gz'] });
  app.setNotFoundHandler((request, reply) => {
    // An address of an area (/api, /auth, /ui), however spelled, is never a page of the client.
    const isPage = request.method === 'GET' && !/^\/(api|auth|ui)(\/|$)/.test(canonicalPath(request.url)) && request.headers.accept?.includes('text/html');
    // cacheControl: false keeps this no-cache (send would write its own `public, max-age=0`).
    if (hasClient && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html', root, { cacheControl: false });
    return sendError(request, reply, new AppError(404, 'route_not_found'));
  });
}
