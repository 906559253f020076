/**
 * Files (spec 001 §7): POST /files/prepare {name} → {id, upload_url}, then the bytes to
 * upload_url as multipart (field `file`, one file). The answer then holds the file's id.
 */
import type { FileRecord } from '../../../../schemas/form-api.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { apiHooks } from '../../../lib/api/api-hooks.ts';
import { apiFetch } from '../../../lib/api/client.ts';
import {
  browserTimeZone, CSRF_HEADER, currentCsrfToken, EXPIRES_HEADER, rememberCsrfToken, TIMEZONE_HEADER,
} from '../../../lib/api/request-headers.ts';

export const prepareFile = (name: string, signal?: AbortSignal) =>
  apiFetch<FileRecord>('/files/prepare', { method: 'POST', body: { name: name.slice(0, 255) || 'file' }, signal });

/** The API client sends JSON; this is its multipart twin, with the same headers and session bookkeeping. */
export async function uploadTo(uploadUrl: string, file: Blob, name: string, signal?: AbortSignal): Promise<FileRecord> {
  const body = new FormData();
  body.append('file', file, name);
  const headers: Record<string, string> = { Accept: 'application/json', [TIMEZONE_HEADER]: browserTimeZone() };
  const token = currentCsrfToken();
  if (token) headers[CSRF_HEADER] = token;
  const language = apiHooks.language();
  const url = new URL(uploadUrl, window.location.origin);
  if (language && !url.searchParams.has('l')) url.searchParams.set('l', language);
  const response = await fetch(url.pathname + url.search, { method: 'POST', body, headers, credentials: 'same-origin', signal });
  rememberCsrfToken(response.headers.get(CSRF_HEADER));
  const expires = response.headers.get(EXPIRES_HEADER);
  if (expires && Number.isFinite(Number(expires))) apiHooks.expiresIn(Number(expires));
  if (!response.ok) {
    const error = new ApiError(response.status, await response.json().catch(() => undefined));
    if (response.status === 401) apiHooks.unauthorized(error);
    throw error;
  }
  return (await response.json()) as FileRecord;
}

/** prepare → upload: the id the answer holds. */
export async function uploadFile(file: File, signal?: AbortSignal): Promise<string> {
  const prepared = await prepareFile(file.name, signal);
  await uploadTo(prepared.upload_url!, file, file.name, signal);
  return prepared.id;
}
