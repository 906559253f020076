/**
 * The session layer in front of every /api call and of the signed-in parts of /ui (docs/architecture.md §2): session → anti-forgery →
 * consents → language and time zone → identity for the care API; and on the way out
 * X-Session-Expires-In on every response.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ActiveSession } from '../auth/session-store.ts';
import { CONSENT_EXEMPT, missingConsent } from '../auth/consent.ts';
import { unauthorized } from '../errors.ts';
import { IDENTITY_CHANGED_HEADER } from '../identity.ts';
import { changesState, CSRF_HEADER, EXPIRES_HEADER as EXPIRES } from '../../schemas/http.ts';
import { isTimeZone } from './locale.ts';
import { routePath } from '../http/route-path.ts';

export const EXPIRES_HEADER = EXPIRES.toLowerCase();
export const CSRF_RESPONSE_HEADER = CSRF_HEADER.toLowerCase();


/** Registers the hooks on the (encapsulated) /api scope it is called in. */
export function sessionLayer(app: FastifyInstance) {
  /** The checks once the session is known; a promise only when the idle extension is written. */
  function admit(request: FastifyRequest, reply: FastifyReply, session: ActiveSession | undefined): Promise<void> | undefined {
    if (!session) {
      if (request.cookies[app.sessionCookie.name]) app.sessionCookie.clear(reply);
      throw unauthorized('insufficient_authentication');
    }
    const { user } = session;
    // HEAD /me?l= saves the language: the one HEAD that changes state, so it needs the token.
    // The client's rule (schemas/http.ts): POST, PUT, PATCH, DELETE, and HEAD /api/me?l=, the
    // address read in its canonical form (any spelling a router or the proxy would take to
    // /api/me), and the route matched here when there is one.
    if (changesState(request.method, request.url) || (request.method === 'HEAD' && changesState('HEAD', routePath(request)))) {
      app.checkAntiForgery(request, session.csrfToken);
    }

    if (!request.localeFromQuery) request.locale = user.language;
    if (isTimeZone(user.selectedTimezone)) request.timeZone = user.selectedTimezone;

    const missing = missingConsent(user);
    if (missing && !CONSENT_EXEMPT.has(`${request.method} ${routePath(request)}`)) throw unauthorized(missing);

    const touched = app.sessions.touch(session);
    request.identity = {
      user, sessionIdHash: session.idHash, sessionExpiresIn: app.sessions.secondsLeft(session),
      locale: request.locale, timeZone: request.timeZone, grants: session.access.grants,
    };
    return touched;
  }

  /** The hook's end: its error, or once the idle extension (if any) is written. */
  function settle(request: FastifyRequest, reply: FastifyReply, session: ActiveSession | undefined, done: HookHandlerDoneFunction) {
    let touched: Promise<void> | undefined;
    try {
      touched = admit(request, reply, session);
    } catch (err) {
      return done(err as Error);
    }
    if (touched) touched.then(() => done(), done);
    else done();
  }

  // A callback hook: a session this gateway read less than cacheMs ago (nearly every call) is
  // checked without a promise nor a closure; only a cache miss or a write of the idle extension
  // waits.
  app.addHook('onRequest', (request, reply, done) => {
    const known = app.knownSession(request);
    if (known) settle(request, reply, known.session, done);
    else app.resolveSession(request).then((session) => settle(request, reply, session, done), done);
  });

  /** X-Session-Expires-In and the token, from the session as it is after the call. */
  function sessionHeaders(request: FastifyRequest, reply: FastifyReply, live: ActiveSession | undefined) {
    reply.header(EXPIRES_HEADER, live ? app.sessions.secondsLeft(live) : 0);
    if (live) reply.header(CSRF_RESPONSE_HEADER, live.csrfToken);
    else if (request.session) app.sessionCookie.clear(reply);
  }

  // A callback hook: a promise only after a call that changed the user's record.
  app.addHook('onSend', (request, reply, payload, done) => {
    const changed = reply.getHeader(IDENTITY_CHANGED_HEADER);
    if (changed === undefined) {
      sessionHeaders(request, reply, request.session);
      return done(null, payload);
    }
    reply.removeHeader(IDENTITY_CHANGED_HEADER);
    const refresh = async () => {
      await app.sessions.refreshUser(String(changed));
      // Re-read after a change: the call may have ended the session (password change).
      return request.session ? app.sessions.resolve(request.cookies[app.sessionCookie.name]) : undefined;
    };
    refresh().then((live) => {
      sessionHeaders(request, reply, live);
      done(null, payload);
    }, done);
  });
}
