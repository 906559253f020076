/**
 * Where the login and logout flows may send the browser back: only to this site. Anything that
 * resolves to another origin (absolute URLs, `//host`, `/\host`, `javascript:`...) is refused.
 */
import { badRequest } from '../errors.ts';

export function safeTargetUrl(value: unknown, publicUrl: URL, fallback = '/'): string {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || value.length > 2000) throw badRequest('invalid_target_url', {}, 'query.targetUrl');
  let target: URL;
  try {
    target = new URL(value, publicUrl);
  } catch {
    throw badRequest('invalid_target_url', {}, 'query.targetUrl');
  }
  if (target.origin !== publicUrl.origin) throw badRequest('invalid_target_url', {}, 'query.targetUrl');
  return `${target.pathname}${target.search}${target.hash}`;
}
