/**
 * Session cookie ↔ server-side session, plus the anti-forgery checks shared by /api and /auth.
 * The cookie is HttpOnly and SameSite=Lax; over https it is Secure with the __Host- prefix.
 */
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { SessionStore, type ActiveSession } from '../auth/session-store.ts';
import { safeEqual } from '../shared/tokens.ts';
import { forbidden } from '../errors.ts';
import { CSRF_HEADER as CSRF, STATE_CHANGING_METHODS } from '../../schemas/http.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    sessionCookie: {
      name: string;
      set(reply: FastifyReply, id: string): void;
      clear(reply: FastifyReply): void;
    };
    /** Origin / Sec-Fetch-Site checks and the session-bound token; throws 403 when they fail. */
    checkAntiForgery(request: FastifyRequest, expectedToken: string | undefined): void;
    resolveSession(request: FastifyRequest): Promise<ActiveSession | undefined>;
    /** What resolveSession would answer, when the gateway knows it without the database; else undefined. */
    knownSession(request: FastifyRequest): { session: ActiveSession | undefined } | undefined;
  }
  interface FastifyRequest {
    session: ActiveSession | undefined;
  }
}

/** Node gives request header names in lower case; the names and the rule are the client's (schemas/http.ts). */
export const CSRF_HEADER = CSRF.toLowerCase();
export const STATE_CHANGING = STATE_CHANGING_METHODS;

export interface SessionPluginOptions {
  db: Db;
  idleMs: number;
  absoluteMs: number;
  cacheMs: number;
  now: () => number;
  secure: boolean;
  publicOrigin: string;
}

export default fp(async function session(app: FastifyInstance, opts: SessionPluginOptions) {
  await app.register(cookie);
  const store = new SessionStore(opts.db, opts);
  const name = opts.secure ? '__Host-sid' : 'sid';
  const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secure };

  app.decorate('sessions', store);
  app.decorate('sessionCookie', {
    name,
    set: (reply: FastifyReply, id: string) => { reply.setCookie(name, id, base); },
    clear: (reply: FastifyReply) => { reply.clearCookie(name, base); },
  });
  app.decorateRequest('session', undefined);
  app.decorateRequest('identity', undefined);

  app.decorate('resolveSession', async (request: FastifyRequest) => {
    if (request.session) return request.session;
    request.session = await store.resolve(request.cookies[name]);
    return request.session;
  });

  app.decorate('knownSession', (request: FastifyRequest) => {
    if (request.session) return { session: request.session };
    const known = store.known(request.cookies[name]);
    if (known) request.session = known.session;
    return known;
  });

  app.decorate('checkAntiForgery', (request: FastifyRequest, expectedToken: string | undefined) => {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') throw forbidden('cross_site_request');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== opts.publicOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw forbidden('cross_site_request');
    }
    const token = request.headers[CSRF_HEADER];
    if (!safeEqual(typeof token === 'string' ? token : undefined, expectedToken)) throw forbidden('csrf_token_invalid');
  });
}, { name: 'session', dependencies: ['locale'] });
