/**
 * The session layer in front of every /api call and of the signed-in parts of /ui (docs/architecture.md §2): session → anti-forgery →
 * consents → language and time zone → identity for the care API; and on the way out
 * X-Session-Expires-In on every response.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSENT_EXEMPT, missingConsent } from '../auth/consent.ts';
import { unauthorized } from '../errors.ts';
import { IDENTITY_CHANGED_HEADER } from '../identity.ts';
import { STATE_CHANGING } from './session.ts';
import { isTimeZone } from './locale.ts';

export const EXPIRES_HEADER = 'x-session-expires-in';
export const CSRF_RESPONSE_HEADER = 'x-csrf-token';

function routeKey(request: FastifyRequest): string {
  return `${request.method} ${request.url.split('?')[0]}`;
}

/** Registers the hooks on the (encapsulated) /api scope it is called in. */
export function sessionLayer(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const session = await app.resolveSession(request);
    if (!session) {
      if (request.cookies[app.sessionCookie.name]) app.sessionCookie.clear(reply);
      throw unauthorized('insufficient_authentication');
    }
    const { user } = session;
    const key = routeKey(request);
    // HEAD /me?l= saves the language: the one HEAD that changes state, so it needs the token.
    if (STATE_CHANGING.has(request.method) || key === 'HEAD /api/me') app.checkAntiForgery(request, session.csrfToken);

    if (!request.localeFromQuery) request.locale = user.language;
    if (isTimeZone(user.selectedTimezone)) request.timeZone = user.selectedTimezone;

    const missing = missingConsent(user);
    if (missing && !CONSENT_EXEMPT.has(key)) throw unauthorized(missing);

    await app.sessions.touch(session);
    request.identity = {
      user, sessionIdHash: session.idHash, sessionExpiresIn: app.sessions.secondsLeft(session),
      locale: request.locale, timeZone: request.timeZone,
    };
  });

  app.addHook('onSend', async (request, reply) => {
    const changed = reply.getHeader(IDENTITY_CHANGED_HEADER);
    if (changed !== undefined) {
      await app.sessions.refreshUser(String(changed));
      reply.removeHeader(IDENTITY_CHANGED_HEADER);
    }
    const session = request.session;
    // Re-read after a change: the call may have ended the session (password change).
    const live = session && changed !== undefined ? await app.sessions.resolve(request.cookies[app.sessionCookie.name]) : session;
    reply.header(EXPIRES_HEADER, live ? app.sessions.secondsLeft(live) : 0);
    if (live) reply.header(CSRF_RESPONSE_HEADER, live.csrfToken);
    else if (session) app.sessionCookie.clear(reply);
  });
}
