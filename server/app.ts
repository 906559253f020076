/**
 * buildGateway(): the gateway of docs/architecture.md §2, as one Fastify app that main.ts starts and tests
 * build. /auth and /ui are its own; /api goes through the session layer, then to the care API
 * in this process or, when CARE_API_URL is set, to the care API behind a proxy.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { logRequests, serverOptions } from './logger.ts';
import { AppError } from './errors.ts';
import errors, { clientErrors, frameworkErrors, sendError } from './plugins/errors.ts';
import inputRules from './plugins/input-rules.ts';
import locale from './plugins/locale.ts';
import db from './plugins/db.ts';
import storage from './storage/index.ts';
import session from './plugins/session.ts';
import security from './plugins/security.ts';
import openapi from './plugins/openapi.ts';
import health from './plugins/health.ts';
import compression from './plugins/compression.ts';
import { sessionLayer } from './plugins/session-layer.ts';
import { careProxy } from './plugins/care-proxy.ts';
import careApi from './care/plugin.ts';
import authRoutes from './auth/routes.ts';
import uiRoutes from './ui/routes.ts';
import schemaRoutes from './ui/schema-routes.ts';
import statusRoutes from './ui/status-route.ts';
import layoutRoutes from './ui/layouts/routes.ts';
import provisioned from './plugins/provisioned.ts';
import { LayoutCatalogue } from './ui/layouts/catalogue.ts';
import { formSync } from './ui/form-sync.ts';
import { Logos } from './ui/branding.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Injectable clock: tests move time instead of sleeping. */
  now?: () => Date;
  /** Extra Fastify options (e.g. a test logger). */
  fastify?: Partial<FastifyServerOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for tests that must cover them all. */
    registeredRoutes: { method: string; url: string; schema?: FastifySchema }[];
  }
}

/** Shared by the gateway and the stand-alone care API. */
export async function baseApp(options: AppOptions, title: string): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  // A URL the router refuses is routed again through the app's hooks (plugins/errors.ts).
  const app: FastifyInstance = Fastify({ ...serverOptions(config.logLevel, config.trustProxy), frameworkErrors: frameworkErrors(() => app),
    clientErrorHandler: clientErrors(() => app, config.defaultLanguage), ...options.fastify,
  });
  const routes: { method: string; url: string; schema?: FastifySchema }[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
  // A callback hook: no promise per call (async hooks cost one each, on every answer).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  logRequests(app);

  await compression(app);
  await app.register(security, { secure: config.secureCookies });
  await app.register(locale, { defaultLanguage: config.defaultLanguage });
  await app.register(errors);
  await app.register(inputRules);
  // After the error handler: the routes of plugins registered earlier keep Fastify's own.
  await app.register(openapi, { title });
  await app.register(db, { database: options.database, now });
  await app.register(storage, { config: config.storage });
  await app.register(provisioned, { dir: config.layoutsDir });
  return app;
}

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
  await app.register(authRoutes, { publicUrl: config.publicUrl, secureCookies: config.secureCookies, secret: config.session.secret, login: config.login, logos });

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
    const isPage = request.method === 'GET' && !/^\/(api|auth|ui)(\/|$)/.test(request.url) && request.headers.accept?.includes('text/html');
    // cacheControl: false keeps this no-cache (send would write its own `public, max-age=0`).
    if (hasClient && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html', root, { cacheControl: false });
    return sendError(request, reply, new AppError(404, 'route_not_found'));
  });
}
