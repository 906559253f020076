import type { ApiError as ApiErrorBody } from '../../../schemas/common.ts';
import { isErrorCode, type ErrorCode } from '../../../schemas/errors.ts';

/**
 * A non-2xx answer of the API, with the body's stable `code` (spec 001 §8): one of the listed
 * codes (schemas/errors.ts), or `unknown_error` for an answer that is not the API's (a proxy's 502).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'unknown_error';
  readonly field?: string;
  /** Every invalid field of a 400, when the server lists them (answers to a questionnaire). */
  readonly errors?: ApiErrorBody['errors'];

  constructor(status: number, body: Partial<ApiErrorBody> | undefined) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = isErrorCode(body?.code) ? body.code : 'unknown_error';
    this.field = body?.field;
    this.errors = body?.errors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
