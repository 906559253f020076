/**
 * Where the login and logout flows may send the browser back: only to this site. The value is
 * resolved against the public origin with the URL API (the browser's own parser: tabs and
 * newlines dropped, backslashes read as slashes, dot segments and encoded dots removed) and
 * refused unless the origins match. What is emitted is the resolved URL's normalised
 * path+query+fragment, never the input: `/.//evil.example` resolves on this origin to the path
 * `//evil.example`, which a browser would re-read as another host, so the emitted value must
 * also start with one '/' that no '/' or '\' follows.
 */
import { badRequest } from '../errors.ts';

/** A path a browser can only read as this origin's: one '/', then anything but '/' or '\'. */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;

export function safeTargetUrl(value: unknown, publicUrl: URL, fallback = '/', field = 'query.targetUrl'): string {
  if (value === undefined || value === '') return fallback;
  const refuse = () => badRequest('invalid_target_url', {}, field);
  if (typeof value !== 'string' || value.length > 2000) throw refuse();
  let target: URL;
  try {
    target = new URL(value, publicUrl);
  } catch {
    throw refuse();
  }
  if (target.origin !== publicUrl.origin || target.username !== '' || target.password !== '') throw refuse();
  const path = `${target.pathname}${target.search}${target.hash}`;
  if (!SAME_ORIGIN_PATH.test(path)) throw refuse();
  // Re-read what is emitted as a browser would: this origin, this very path (a fixed point).
  const reread = new URL(path, publicUrl);
  if (reread.origin !== publicUrl.origin || `${reread.pathname}${reread.search}${reread.hash}` !== path) throw refuse();
  return path;
}
