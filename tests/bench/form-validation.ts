/**
 * Server validation of an answer to a 300-question questionnaire (issue 5, benchmarks): the
 * server's own path (checkAnswers → validatorFor, one compiled ajv validator per form version)
 * run in a loop on this thread, i.e. one core. Goal: ≥ 5,000 answers per second, counted per
 * second of CPU time (the wall-time rate is printed too).
 *
 *   import { formValidationBench, printFormValidationBench, formValidationGoal } from './form-validation.ts';
 *   const result = formValidationBench({ seconds: 3 });
 *   printFormValidationBench(result);      // or goals.push(formValidationGoal(result))
 *
 * Standalone: `npx tsx tests/bench/form-validation.ts` (FORM_BENCH_SECONDS, default 3).
 * `generateQuestionnaire(n)` is exported for other benchmarks wanting the same questionnaire.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { checkAnswers, validatorFor } from '../../server/care/forms/answers.ts';
import { parseFormDefinition } from '../../server/shared/form-definitions.ts';
import { computeAll } from '../../schemas/computed.ts';
import type { FormDefinition } from '../../schemas/form.ts';
import type { Goal } from './report.ts';

export const GOAL_ANSWERS_PER_SECOND = 5000;

const OPTIONS = [
  { const: 0, title: 'Jamais' }, { const: 1, title: 'Parfois' }, { const: 2, title: 'Souvent' }, { const: 3, title: 'Toujours' },
];
const SYMPTOMS = ['fever', 'cough', 'breathlessness', 'chestPain', 'palpitations', 'nausea'];

/**
 * A questionnaire of `n` questions cycling through ten kinds: labelled scales (oneOf const),
 * integers and decimals with bounds, yes/no questions each making the next question mandatory
 * when answered yes (if/then), free text with lengths, string enums, dates, multi-choice
 * lists, and small nested objects. About a third are mandatory. Also answers a complete valid
 * answer, and an invalid one (a missing mandatory answer and a value out of range).
 */
export function generateQuestionnaire(n = 300): { form: FormDefinition; valid: Record<string, unknown>; invalid: Record<string, unknown> } {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  const conditions: object[] = [];
  const valid: Record<string, unknown> = {};
  const scoreFields: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = `q${String(i + 1).padStart(3, '0')}`;
    const title = `Question ${i + 1}`;
    switch (i % 10) {
      case 0: properties[name] = { type: 'integer', title, oneOf: OPTIONS }; valid[name] = i % 4; scoreFields.push(name); break;
      case 1: properties[name] = { type: 'integer', title, minimum: 0, maximum: 10 }; valid[name] = 7; break;
      case 2: properties[name] = { type: 'number', title, minimum: 30, maximum: 45 }; valid[name] = 37.4; break;
      case 3: {
        properties[name] = { type: 'boolean', title };
        valid[name] = i % 20 === 3;
        const next = `q${String(i + 2).padStart(3, '0')}`;
        conditions.push({ if: { properties: { [name]: { const: true } }, required: [name] }, then: { required: [next] } });
        break;
      }
      case 4: properties[name] = { type: 'string', title, minLength: 2, maxLength: 500 }; valid[name] = 'Un peu fatigué le soir après la marche.'; break;
      case 5: properties[name] = { type: 'string', title, enum: ['none', 'mild', 'moderate', 'severe'] }; valid[name] = 'mild'; break;
      case 6: properties[name] = { type: 'string', title, format: 'date' }; valid[name] = '2026-03-14'; break;
      case 7: properties[name] = { type: 'array', title, uniqueItems: true, maxItems: 6, items: { type: 'string', enum: SYMPTOMS } }; valid[name] = ['cough', 'nausea']; break;
      case 8: properties[name] = {
        type: 'object', title, required: ['systolic', 'diastolic'],
        properties: { systolic: { type: 'integer', minimum: 50, maximum: 260 }, diastolic: { type: 'integer', minimum: 30, maximum: 160 }, arm: { type: 'string', enum: ['left', 'right'] } },
      }; valid[name] = { systolic: 128, diastolic: 82, arm: 'left' }; break;
      default: properties[name] = { type: 'number', title, exclusiveMinimum: 0, maximum: 300 }; valid[name] = 72.5;
    }
    if (i % 3 === 0) required.push(name);
  }
  const form = parseFormDefinition({
    id: 'bench-300', reference: 'BENCH-300', name: { fr: 'Questionnaire de 300 questions', en: '300-question questionnaire', ar: 'استبيان من 300 سؤال' },
    submissionType: 'FREE', languages: ['fr', 'en', 'ar'],
    schema: { type: 'object', required, properties, allOf: conditions },
    computed: [{ name: 'score', title: 'Score', decimals: 0, expression: { op: 'sum', args: scoreFields.slice(0, 50).map((field) => ({ field })) } }],
  });
  const invalid = { ...valid, q002: 11 } as Record<string, unknown>;
  delete invalid.q001;
  return { form, valid, invalid };
}

export interface FormValidationResult {
  questions: number;
  seconds: number;
  answers: number;
  /** Valid answers per second of CPU time of this process (the figure of the goal: one core). */
  answersPerSecond: number;
  /** Valid answers per second of wall time (lower than the above when the machine is busy). */
  answersPerWallSecond: number;
  /** Refused answers per second (the error path: the error picked and translated). */
  invalidPerSecond: number;
  /** Answers per second including the computed values, as the answer route does both. */
  withComputedPerSecond: number;
  compileMs: number;
}

/**
 * Runs `run` for `seconds` of wall time. `cpu` is the CPU time the process used meanwhile (user +
 * system, every thread: GC helpers included), so that a busy machine, where this thread does not
 * get a whole core, does not lower the figure per core.
 */
function loop(seconds: number, run: () => void): { count: number; elapsed: number; cpu: number } {
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let count = 0;
  // Check the clock every 64 runs: reading it costs more than nothing next to one validation.
  while (performance.now() < end) for (let k = 0; k < 64; k++, count++) run();
  const cpu = process.cpuUsage(cpuStart);
  return { count, elapsed: (performance.now() - start) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

export function formValidationBench(opts: { seconds?: number; questions?: number } = {}): FormValidationResult {
  const seconds = opts.seconds ?? Number(process.env.FORM_BENCH_SECONDS ?? 3);
  const { form, valid, invalid } = generateQuestionnaire(opts.questions ?? 300);
  const versionId = `bench-${form.id}-${Date.now()}`;
  const t0 = performance.now();
  const validate = validatorFor(versionId, form.schema);
  const compileMs = performance.now() - t0;
  if (!validate(valid)) throw new Error(`the generated answer is not valid: ${JSON.stringify(validate.errors?.[0])}`);
  if (validate(invalid)) throw new Error('the generated invalid answer passes');

  // Warm-up, so the JIT has settled before measuring.
  loop(0.3, () => checkAnswers(versionId, form, valid, 'fr'));
  const ok = loop(seconds, () => checkAnswers(versionId, form, valid, 'fr'));
  const withComputed = loop(Math.max(0.5, seconds / 3), () => { checkAnswers(versionId, form, valid, 'fr'); computeAll(form.computed, valid); });
  const refused = loop(Math.max(0.5, seconds / 3), () => {
    try { checkAnswers(versionId, form, invalid, 'fr'); } catch { /* 400 answer_invalid */ }
  });
  return {
    questions: Object.keys(form.schema.properties as object).length,
    seconds: ok.elapsed, answers: ok.count, answersPerSecond: ok.count / ok.cpu, answersPerWallSecond: ok.count / ok.elapsed,
    invalidPerSecond: refused.count / refused.cpu, withComputedPerSecond: withComputed.count / withComputed.cpu, compileMs,
  };
}

export function formValidationGoal(result: FormValidationResult): Goal {
  return {
    name: `Server validation, ${result.questions}-question answer (one core)`,
    value: `${Math.round(result.answersPerSecond).toLocaleString('en')} answers/s`,
    goal: `≥ ${GOAL_ANSWERS_PER_SECOND.toLocaleString('en')}/s`,
    met: result.answersPerSecond >= GOAL_ANSWERS_PER_SECOND,
  };
}

export function printFormValidationBench(result: FormValidationResult): void {
  const n = (x: number) => Math.round(x).toLocaleString('en');
  console.log([
    '',
    `Server validation of a ${result.questions}-question answer (server/care/forms/answers.ts, one core)`,
    `  valid answers       ${n(result.answersPerSecond).padStart(10)} /s   per CPU second (goal ≥ ${n(GOAL_ANSWERS_PER_SECOND)}/s: ${result.answersPerSecond >= GOAL_ANSWERS_PER_SECOND ? 'met' : 'NOT MET'})`,
    `                      ${n(result.answersPerWallSecond).padStart(10)} /s   per wall second (${n(result.answers)} in ${result.seconds.toFixed(1)} s)`,
    `  with computed value ${n(result.withComputedPerSecond).padStart(10)} /s   per CPU second`,
    `  refused answers     ${n(result.invalidPerSecond).padStart(10)} /s   per CPU second (error chosen and translated)`,
    `  compile once        ${result.compileMs.toFixed(1).padStart(10)} ms  (cached per form version)`,
    '',
  ].join('\n'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  printFormValidationBench(formValidationBench());
}
