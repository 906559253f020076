/**
 * A refusal naming every invalid field at once, each with its stable code and its message in the
 * caller's language (the error contract's `errors[]`, schemas/common.ts). The first problem gives
 * the answer's own code, message and field, for clients that read only those.
 */
import type { ErrorCode } from '../../schemas/errors.ts';
import { AppError, type FieldError } from '../errors.ts';
import { translator, type Language } from './index.ts';

export interface FieldProblem { field: string; code: ErrorCode; params?: Record<string, string | number> }

/** 400 (or `status`) listing every problem; `problems` must not be empty. */
export function invalidFields(problems: readonly FieldProblem[], language: Language, status = 400): AppError {
  const t = translator(language);
  const errors: FieldError[] = problems.map((p) => ({ field: p.field, code: p.code, message: t(`errors.${p.code}`, p.params ?? {}) }));
  const [first] = problems;
  return new AppError(status, first!.code, first!.params ?? {}, first!.field, errors);
}
