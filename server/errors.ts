/**
 * Errors are typed values carrying an HTTP status, a stable code and the key of a
 * translated message; the one error handler (plugins/errors.ts) turns them into `{ code, message }`.
 * The code is one of schemas/errors.ts: an unlisted one does not type-check.
 */
import type { ApiError } from '../schemas/common.ts';
import type { ErrorCode } from '../schemas/errors.ts';

/** One invalid field of a 400 answer, as `errors[]` of the error contract (schemas/common.ts) describes it. */
export type FieldError = NonNullable<ApiError['errors']>[number];

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  /** Interpolation values of the message `errors.<code>`. */
  readonly params: Record<string, string | number>;
  readonly field?: string;
  /** Every invalid field when there are several (answers to a questionnaire), each with its own message. */
  readonly errors?: FieldError[];

  constructor(statusCode: number, code: ErrorCode, params: Record<string, string | number> = {}, field?: string, errors?: FieldError[]) {
    super(code);
    this.statusCode = statusCode;
    this.code = code;
    this.params = params;
    this.field = field;
    this.errors = errors;
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, params?: Record<string, string | number>, field?: string) =>
  new AppError(400, code, params, field);
export const unauthorized = (code: ErrorCode) => new AppError(401, code);
export const forbidden = (code: ErrorCode) => new AppError(403, code);
/** Another establishment's record, or one that does not exist: the same answer, never 403. */
export const notFound = () => new AppError(404, 'not_found');
