/**
 * The error summary kept in step with the form once shown: the form's own errors as its live
 * validation finds them now, and the server's errors only for answers left as they were sent
 * (an answer changed since is the server's to judge again at the next send).
 */
import type { RJSFValidationError } from '@rjsf/utils';
import { toJsonValue } from '../../../lib/json-schema-form/cfworker-validator.ts';
import type { AnswerProblem } from './send-errors.ts';

/** What the server refused, and the answers it judged. */
export interface ServerVerdict { answers: Record<string, unknown>; problems: AnswerProblem[] }

const valueAt = (root: unknown, path: readonly string[]) =>
  path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);

const same = (a: unknown, b: unknown) => JSON.stringify(toJsonValue(a) ?? null) === JSON.stringify(toJsonValue(b) ?? null);

/** The server's problems whose answers are still those it judged. */
export function standingServerProblems(verdict: ServerVerdict | undefined, answers: Record<string, unknown>): AnswerProblem[] {
  if (!verdict) return [];
  return verdict.problems.filter((p) => same(valueAt(answers, p.path), valueAt(verdict.answers, p.path)));
}

/** rjsf's errors (`.episodes.0.severity`) as problems. */
export const formProblems = (errors: readonly RJSFValidationError[], fallback: string): AnswerProblem[] =>
  errors.map((e) => ({ path: (e.property ?? '').split('.').filter(Boolean), message: e.message ?? fallback }));

/** The summary's problems now: the server's still standing, then the form's, each once. */
export function liveProblems(server: readonly AnswerProblem[], form: readonly AnswerProblem[]): AnswerProblem[] {
  const seen = new Set<string>();
  return [...server, ...form].filter((p) => {
    const key = `${p.path.join('\u0000')}\u0001${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
