/**
 * What the API client reports to the rest of the application. The client lives in lib/ and
 * knows nothing of the session or i18n: those register here at start.
 */
import type { ApiError } from './api-error.ts';

export interface ApiHooks {
  /** Current interface language, sent as query `l` unless the call already sets it. */
  language(): string | undefined;
  /** Seconds of session left, from `X-Session-Expires-In` on every response. */
  expiresIn(seconds: number): void;
  /** `Content-Language` of a response. */
  contentLanguage(language: string): void;
  /** A 401 answer, before it is thrown to the caller. */
  unauthorized(error: ApiError): void;
}

export const apiHooks: ApiHooks = {
  language: () => undefined,
  expiresIn: () => {},
  contentLanguage: () => {},
  unauthorized: () => {},
};

export function configureApi(hooks: Partial<ApiHooks>): void {
  Object.assign(apiHooks, hooks);
}
