/**
 * baseApp(): what the gateway (server/app.ts) and the stand-alone care API (server/care-app.ts)
 * both are: logger, request ids, security headers, language, errors, input rules, OpenAPI,
 * database, storage and provisioned files. Apart from the gateway so that the care API, which runs
 * alone in split mode, loads nothing of server/ui or server/auth (checked by npm run lint:deps).
 */
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { logRequests, serverOptions } from './logger.ts';
import errors, { clientErrors, frameworkErrors } from './plugins/errors.ts';
import inputRules from './plugins/input-rules.ts';
import locale from './plugins/locale.ts';
import db from './plugins/db.ts';
import storage from './storage/index.ts';
import virusScan from './storage/virus-scan.ts';
import security from './plugins/security.ts';
import openapi from './plugins/openapi.ts';
import compression from './plugins/compression.ts';
import provisioned from './plugins/provisioned.ts';
import { decorateIdentityService } from './identity-service/configured.ts';
import { decorateNotifications } from './notifications/service.ts';
import { settleUnreadBody } from './http/unread-body.ts';

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
    // An answer given before the body was all read: the rest is read within limits, or the
    // connection closed, so that the next request on it is answered (http/unread-body.ts).
    // `complete` is Node's; a request injected by the tests has none, and no connection.
    if (request.raw.complete === false) settleUnreadBody(request, reply);
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
  await app.register(virusScan, { config: config.virusScan });
  await app.register(provisioned, { dir: config.layoutsDir });
  decorateIdentityService(app, config.identityService);
  decorateNotifications(app, config);
  return app;
}
