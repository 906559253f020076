/**
 * The one API client (spec 000 §7): every call goes to /api with the language as query `l`
 * (unless already set), the browser's time zone, the session cookie, and the anti-forgery
 * token on state-changing calls. Every response's `X-Session-Expires-In`, `X-CSRF-Token` and
 * `Content-Language` are reported; errors become ApiError with the body's code.
 */
import { ApiError } from './api-error.ts';
import { apiHooks } from './api-hooks.ts';
import {
  browserTimeZone, CSRF_HEADER, currentCsrfToken, EXPIRES_HEADER, needsCsrfToken, rememberCsrfToken, TIMEZONE_HEADER,
} from './request-headers.ts';

export const API_PREFIX = '/api';

export interface ApiRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** false: let the server choose the language (the user's saved one) instead of sending `l`. */
  sendLanguage?: boolean;
  /** `/ui` for the gateway's UI catalogue (layouts), which sits behind the same session and anti-forgery rules. */
  prefix?: '/api' | '/ui';
}

export function apiUrl(path: string, query: ApiRequest['query'] = {}, language?: string, prefix = API_PREFIX): string {
  const url = new URL(prefix + path, 'http://placeholder');
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  if (language && !url.searchParams.has('l')) url.searchParams.set('l', language);
  return url.pathname + url.search;
}

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', [TIMEZONE_HEADER]: browserTimeZone() };
  const token = currentCsrfToken();
  if (token && needsCsrfToken(method, path)) headers[CSRF_HEADER] = token;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const language = request.sendLanguage === false ? undefined : apiHooks.language();

  const url = apiUrl(path, request.query, language, request.prefix);
  const response = await fetch(url, {
    method, headers, credentials: 'same-origin', signal: request.signal,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  readSessionHeaders(response, new URLSearchParams(url.split('?')[1] ?? '').has('l'));
  if (!response.ok) {
    const error = new ApiError(response.status, await response.json().catch(() => undefined));
    if (response.status === 401) apiHooks.unauthorized(error);
    throw error;
  }
  if (response.status === 204 || method === 'HEAD') return undefined as T;
  return (await response.json()) as T;
}

/** `Content-Language` only says something new when the call let the server choose (no `l`). */
function readSessionHeaders(response: Response, sentLanguage: boolean) {
  rememberCsrfToken(response.headers.get(CSRF_HEADER));
  const expires = response.headers.get(EXPIRES_HEADER);
  if (expires !== null && expires !== '' && Number.isFinite(Number(expires))) apiHooks.expiresIn(Number(expires));
  const language = response.headers.get('Content-Language');
  if (language && !sentLanguage) apiHooks.contentLanguage(language);
}
