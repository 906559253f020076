/**
 * The one API client (spec 000 §7): every call goes to its contract's address (schemas/api/)
 * with the language as query `l` (unless already set), the browser's time zone, the session
 * cookie, and the anti-forgery token on state-changing calls. Every response's
 * `X-Session-Expires-In`, `X-CSRF-Token` and `Content-Language` are reported; errors become
 * ApiError with the body's code. JSON bodies and multipart (FormData) go the same way.
 *
 *   const file = await call(contract, { params: { id }, signal });   // contract: patientFileRoutes.get
 *
 * The answer's type is the contract's success schema (FromSchema): no type written by hand.
 */
import type { CallInput, ReplyOf, RouteContract } from '../../../schemas/api/contract.ts';
import { pathOf } from '../../../schemas/api/contract.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../schemas/idempotency.ts';
import { changesState, CSRF_HEADER, EXPIRES_HEADER, TIMEZONE_HEADER } from '../../../schemas/http.ts';
import { ApiError } from './api-error.ts';
import { apiHooks } from './api-hooks.ts';
import { browserTimeZone, currentCsrfToken, rememberCsrfToken } from './request-headers.ts';

export interface CallOptions {
  signal?: AbortSignal;
  /** false: let the server choose the language (the user's saved one) instead of sending `l`. */
  sendLanguage?: boolean;
  /**
   * A multipart upload's progress, from 0 to 1 as the bytes leave: the call then goes through
   * XMLHttpRequest, the one browser API that reports an upload's progress (fetch does not).
   */
  onUploadProgress?(fraction: number): void;
  /**
   * One intended write, sent again with each retry of it (schemas/idempotency.ts): the server
   * answers the first result again instead of storing twice (a message sent twice after a lost answer).
   */
  idempotencyKey?: string;
}

type Query = Record<string, unknown> | undefined;

/** The address with its query, `l` added unless the call sets it (or lets the server choose). */
export function apiUrl(path: string, query: Query = {}, language?: string): string {
  const url = new URL(path, 'http://placeholder');
  for (const [key, value] of Object.entries(query ?? {})) {
    // An array is the parameter repeated (`kinds=A&kinds=B`), as the server's query schemas read it.
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else if (value !== undefined) url.searchParams.set(key, String(value));
  }
  if (language && !url.searchParams.has('l')) url.searchParams.set('l', language);
  return url.pathname + url.search;
}

type Args<C extends RouteContract> = {} extends CallInput<C> ? [input?: CallInput<C> & CallOptions] : [input: CallInput<C> & CallOptions];

/** Calls the route of a contract; resolves with its success body (undefined for 204 and HEAD). */
export async function call<const C extends RouteContract>(contract: C, ...[input]: Args<C>): Promise<ReplyOf<C>> {
  const { params, query, body, signal, sendLanguage, onUploadProgress, idempotencyKey } = (input ?? {}) as { params?: Record<string, unknown>; query?: Query; body?: unknown } & CallOptions;
  const path = pathOf(contract.url, params);
  return (await send(contract.method, path, { query, body, signal, sendLanguage, onUploadProgress, idempotencyKey })) as ReplyOf<C>;
}

/**
 * An address known only at run time (a data-table block's endpoint, written in a layout): GET,
 * the same headers and bookkeeping; the answer is unknown and the caller checks its shape.
 */
export const getUnknown = (path: string, options: CallOptions = {}): Promise<unknown> => send('GET', path, options);

async function send(method: string, path: string, request: { query?: Query; body?: unknown } & CallOptions): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', [TIMEZONE_HEADER]: browserTimeZone() };
  const token = currentCsrfToken();
  if (token && changesState(method, path)) headers[CSRF_HEADER] = token;
  if (request.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = request.idempotencyKey;
  const multipart = request.body instanceof FormData;
  // FormData sets its own multipart Content-Type, with the boundary.
  if (request.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const language = request.sendLanguage === false ? undefined : apiHooks.language();

  const url = apiUrl(path, request.query, language);
  const sentLanguage = new URLSearchParams(url.split('?')[1] ?? '').has('l');
  if (multipart && request.onUploadProgress) return sendWithProgress(method, url, headers, request.body as FormData, request.signal, request.onUploadProgress, sentLanguage);
  const response = await fetch(url, {
    method, headers, credentials: 'same-origin', signal: request.signal,
    body: request.body === undefined ? undefined : multipart ? (request.body as FormData) : JSON.stringify(request.body),
  });
  readSessionHeaders((name) => response.headers.get(name), sentLanguage);
  if (!response.ok) throw refused(response.status, await response.json().catch(() => undefined));
  if (response.status === 204 || method === 'HEAD') return undefined;
  return response.json();
}

function refused(status: number, body: ConstructorParameters<typeof ApiError>[1]): ApiError {
  const error = new ApiError(status, body);
  if (status === 401) apiHooks.unauthorized(error);
  return error;
}

/** The same request through XMLHttpRequest, reporting the upload's progress; the same headers, errors and bookkeeping. */
function sendWithProgress(
  method: string, url: string, headers: Record<string, string>, body: FormData, signal: AbortSignal | undefined,
  onProgress: (fraction: number) => void, sentLanguage: boolean,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => { if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total); };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.onabort = () => { settle(); reject(signal?.reason ?? new DOMException('Aborted', 'AbortError')); };
    xhr.onerror = () => { settle(); reject(new TypeError('Failed to fetch')); };
    xhr.onload = () => {
      settle();
      readSessionHeaders((name) => xhr.getResponseHeader(name), sentLanguage);
      let parsed: unknown;
      try { parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined; } catch { parsed = undefined; }
      if (xhr.status < 200 || xhr.status > 299) { reject(refused(xhr.status, parsed as ConstructorParameters<typeof ApiError>[1])); return; }
      onProgress(1);
      resolve(xhr.status === 204 ? undefined : parsed);
    };
    if (signal?.aborted) { abort(); return; }
    xhr.send(body);
  });
}

/** `Content-Language` only says something new when the call let the server choose (no `l`). */
function readSessionHeaders(header: (name: string) => string | null, sentLanguage: boolean) {
  rememberCsrfToken(header(CSRF_HEADER));
  const expires = header(EXPIRES_HEADER);
  if (expires !== null && expires !== '' && Number.isFinite(Number(expires))) apiHooks.expiresIn(Number(expires));
  const language = header('Content-Language');
  if (language && !sentLanguage) apiHooks.contentLanguage(language);
}
