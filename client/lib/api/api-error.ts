import type { ApiError as ApiErrorBody } from '../../../schemas/common.ts';

/** A non-2xx answer of the API, with the body's stable `code` (spec 001 §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  /** Every invalid field of a 400, when the server lists them (answers to a questionnaire). */
  readonly errors?: ApiErrorBody['errors'];

  constructor(status: number, body: Partial<ApiErrorBody> | undefined) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? 'unknown_error';
    this.field = body?.field;
    this.errors = body?.errors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
