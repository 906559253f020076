/**
 * The caller's identity as the care API sees it. In one process the session layer hands it
 * over directly; in split mode the gateway sends it in a signed header that the care API
 * verifies (plugins/identity-header.ts).
 */
import type { FastifyReply } from 'fastify';
import type { Language } from './i18n/index.ts';
import type { UserSnapshot } from './auth/user-snapshot.ts';
import { hmac, safeEqual } from './auth/tokens.ts';
import type { Grants } from './care/access.ts';

export interface Identity {
  user: UserSnapshot;
  /** SHA-256 of the session id, so the care API can end the current session. */
  sessionIdHash: string;
  /** Seconds left in the session when the gateway forwarded the call. */
  sessionExpiresIn: number;
  /** Language and time zone the session layer resolved for this call. */
  locale: Language;
  timeZone: string;
  /**
   * The caller's privileges per establishment and service, loaded with the session (and reloaded
   * with it: session-store.ts), so the care API never reads them per call. Plain records: this
   * travels as JSON in the signed header, a few hundred bytes for a professional.
   */
  grants: Grants;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | undefined;
  }
}

export const IDENTITY_HEADER = 'x-care-identity';
/** Set by a care API route when the caller's user record changed, so gateways drop what they cached. */
export const IDENTITY_CHANGED_HEADER = 'x-identity-changed';
/** Signed identities older than this are refused (replays). */
export const IDENTITY_MAX_AGE_MS = 60_000;

export function markIdentityChanged(reply: FastifyReply, userId: string): void {
  reply.header(IDENTITY_CHANGED_HEADER, userId);
}

export function signIdentity(identity: Identity, key: string, now: number): string {
  const payload = Buffer.from(JSON.stringify({ ...identity, iat: now })).toString('base64url');
  return `${payload}.${hmac(key, payload)}`;
}

export function verifyIdentity(header: unknown, key: string, now: number): Identity | undefined {
  if (typeof header !== 'string') return undefined;
  const [payload, signature, extra] = header.split('.');
  if (!payload || !signature || extra !== undefined || !safeEqual(signature, hmac(key, payload))) return undefined;
  try {
    const { iat, ...identity } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Identity & { iat: number };
    if (typeof iat !== 'number' || Math.abs(now - iat) > IDENTITY_MAX_AGE_MS) return undefined;
    return identity;
  } catch {
    return undefined;
  }
}
