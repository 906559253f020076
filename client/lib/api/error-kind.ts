import { isApiError, type ApiError } from './api-error.ts';

/**
 * What a failed load means for the person looking at the screen:
 * - `notFound`: the record is not there for them (404; 403 or 401 answered for the record; a
 *   400 on a parameter of the address: an id that cannot be one, from a typed or cut link).
 *   Trying again changes nothing, so no Retry: a way back instead. The API answers 404 for
 *   another establishment's record too (spec 001 §8), so both say "not found or not available".
 * - `failed`: the network, a 5xx or anything unexpected. It may work again: Retry.
 * The anti-forgery refusals (403 csrf_token_invalid, cross_site_request) are not about the
 * record: the call may succeed once the token is renewed, so they stay `failed`.
 */
export type ErrorKind = 'notFound' | 'failed';

const NOT_ABOUT_THE_RECORD = new Set<ApiError['code']>(['csrf_token_invalid', 'cross_site_request']);

export function errorKind(error: unknown): ErrorKind {
  if (!isApiError(error)) return 'failed';
  if (error.status === 404 || error.status === 410) return 'notFound';
  if (error.status === 400 && error.field?.startsWith('params.')) return 'notFound';
  if ((error.status === 401 || error.status === 403) && !NOT_ABOUT_THE_RECORD.has(error.code)) return 'notFound';
  return 'failed';
}
