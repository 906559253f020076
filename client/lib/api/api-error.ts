import type { ApiError as ApiErrorBody } from '../../../schemas/common.ts';

/** A non-2xx answer of the API, with the body's stable `code` (spec 001 §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;

  constructor(status: number, body: Partial<ApiErrorBody> | undefined) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? 'unknown_error';
    this.field = body?.field;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
