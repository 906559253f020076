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

/** Runs of percent-escapes decoded where they are UTF-8; any other `%` left as it is. */
function decodeEscapes(path: string): string {
  return path.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * Every spelling of an address reduced to one, for the rules that must hold whichever spelling
 * a caller chose (the anti-forgery rule): query and fragment cut, percent-escapes decoded (%2F
 * included), `\` read as `/`, `;` parameters dropped, dot segments resolved, empty segments
 * (duplicate and trailing slashes) dropped, letters in lower case. Broader than what the
 * routers match under any of their options (percent-decoding, case, slashes, `;`) and than the
 * URL resolution of the split-mode proxy (dot segments, `\`): no spelling that reaches a route
 * escapes a rule written with its path.
 */
export function canonicalPath(url: string): string {
  const end = url.search(/[?#]/);
  const decoded = decodeEscapes(end < 0 ? url : url.slice(0, end)).replaceAll('\\', '/');
  const segments: string[] = [];
  for (const part of decoded.split('/')) {
    const segment = part.split(';')[0]!.toLowerCase();
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * POST/PUT/PATCH/DELETE change state; so does HEAD /api/me?l= (it saves the language), however
 * its address is spelled (canonicalPath). `path` is the address with its area prefix (/api/me),
 * a query and a fragment ignored.
 */
export function changesState(method: string, path: string): boolean {
  const m = method.toUpperCase();
  return STATE_CHANGING_METHODS.has(m) || (m === 'HEAD' && canonicalPath(path) === '/api/me');
}
