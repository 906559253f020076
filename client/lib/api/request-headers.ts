/** Headers every API call carries (spec 000 §7): time zone, and the anti-forgery token when due. */
export const TIMEZONE_HEADER = 'X-Timezone';
export const CSRF_HEADER = 'X-CSRF-Token';
export const EXPIRES_HEADER = 'X-Session-Expires-In';

let csrfToken: string | undefined;

/** The session's anti-forgery token, as the last response gave it. */
export const rememberCsrfToken = (token: string | null) => { if (token) csrfToken = token; };
export const currentCsrfToken = () => csrfToken;

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** POST/PUT/PATCH/DELETE change state; so does HEAD /me?l= (it saves the language). */
export function needsCsrfToken(method: string, path: string): boolean {
  const m = method.toUpperCase();
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m) || (m === 'HEAD' && path.split('?')[0] === '/me');
}
