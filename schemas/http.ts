/**
 * What the client and the server say to each other besides bodies (spec 000 §7): header names
 * and the rule of which calls change state, so both sides read them from one place.
 */

/** The browser's time zone, on every call. */
export const TIMEZONE_HEADER = 'X-Timezone';
/** The session's anti-forgery token: answered on every response, sent back on state-changing calls. */
export const CSRF_HEADER = 'X-CSRF-Token';
/** Seconds of session left, on every response behind the session layer. */
export const EXPIRES_HEADER = 'X-Session-Expires-In';

/** Methods that change state, and so need the anti-forgery token. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * POST/PUT/PATCH/DELETE change state; so does HEAD /api/me?l= (it saves the language).
 * `path` is the address with its area prefix (/api/me), its query ignored.
 */
export function changesState(method: string, path: string): boolean {
  const m = method.toUpperCase();
  return STATE_CHANGING_METHODS.has(m) || (m === 'HEAD' && path.split('?')[0] === '/api/me');
}
