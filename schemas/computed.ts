/**
 * Evaluates a questionnaire's computed values from the answers. Pure, shared by the server
 * (which stores what it computed, never what the client sent) and the client (which shows the
 * values as the patient types).
 */
import type { Expression } from './form.ts';

type Answers = Record<string, unknown>;

/** Rounds half away from zero, so that a loss of 1.75 kg shows as -1.8 like a gain shows as 1.8 (Math.round gave -1.7). */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor || 0;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** undefined when a field it needs is unanswered, or the result is not a finite number. */
export function evaluate(expression: Expression, answers: Answers): number | undefined {
  if ('field' in expression) return numberOf(answers[expression.field]);
  if ('value' in expression) return expression.value;
  if (expression.op === 'count') {
    // How many arguments are answered and truthy (booleans true, numbers other than 0).
    return expression.args.reduce((n, arg) => n + ((evaluate(arg, answers) ?? 0) !== 0 ? 1 : 0), 0);
  }
  const values = expression.args.map((arg) => evaluate(arg, answers));
  if (values.some((v) => v === undefined)) return undefined;
  const [first, ...rest] = values as number[];
  let result: number;
  switch (expression.op) {
    case '+': case 'sum': result = values.reduce((a, b) => a! + b!, 0)!; break;
    case '-': result = rest.length ? rest.reduce((a, b) => a - b, first!) : -first!; break;
    case '*': result = rest.reduce((a, b) => a * b, first!); break;
    case '/': result = rest.reduce((a, b) => a / b, first!); break;
    case '^': result = rest.reduce((a, b) => a ** b, first!); break;
    case 'min': result = Math.min(...(values as number[])); break;
    case 'max': result = Math.max(...(values as number[])); break;
    case 'round': result = roundTo(first!, rest[0] ?? 0); break;
  }
  return Number.isFinite(result) ? result : undefined;
}

export function computeAll(
  computed: readonly { name: string; decimals?: number; expression: Expression }[] | undefined,
  answers: Answers,
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const c of computed ?? []) {
    const value = evaluate(c.expression, answers);
    out[c.name] = value === undefined ? null : roundTo(value, c.decimals ?? 1);
  }
  return out;
}
