/**
 * From ajv's errors on an answer to what a patient reads: one entry per question to correct, at
 * its pointer in the answers, in the form's order, with a message in words (answers.* in the
 * server's locales) instead of ajv's ("must match pattern ^\+?[0-9 .-]{6,20}$").
 *
 * ajv reports more than the questions to correct: the branches of a `oneOf` the patient did not
 * choose, and the summaries of `if`, `oneOf` and `anyOf` whose details are reported too. Those
 * are left out; a `not` names the questions its subschema concerns.
 */
import type { ErrorObject } from 'ajv';
import type { FormDefinition } from '../../../schemas/form.ts';
import type { FieldError } from '../../errors.ts';
import { translator, type Language } from '../../i18n/index.ts';
import { PATTERN_MESSAGE } from '../../shared/answers-ajv.ts';
import { formLanguage, nodeAt, questionDefinitions, questionTitle, textAt } from './question-location.ts';

/** A question to correct, before translation: `key` is a message of answers.* in the locales. */
export interface AnswerProblem { pointer: string; key: string; params: Record<string, string | number>; schemaPointer?: string }

type Node = Record<string, unknown>;
const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');
const unescape = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');
/** `#/properties/q1/oneOf` → `/properties/q1`: where the question failing `keyword` is defined. */
const ownerOf = (schemaPath: string) => schemaPath.replace(/^#/, '').replace(/\/[^/]*$/, '');

/** `oneOf`/`anyOf` branches whose own `const`/`enum` (or a property's directly) refused the answer: not the patient's choice. */
function branchesNotChosen(errors: ErrorObject[]): string[] {
  return errors.filter((e) => e.keyword === 'const' || e.keyword === 'enum')
    .map((e) => /^(#.*\/(?:oneOf|anyOf)\/\d+)(?:\/properties\/[^/]+)?\/(?:const|enum)$/.exec(e.schemaPath)?.[1])
    .filter((p): p is string => p !== undefined);
}

/** The questions a subschema (of a `not`) is about: those it requires or describes, its branches' too. */
function questionsOf(schema: unknown): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Node;
  const names = [
    ...(Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === 'string') : []),
    ...(node.properties && typeof node.properties === 'object' ? Object.keys(node.properties) : []),
    ...(['allOf', 'anyOf', 'oneOf'] as const).flatMap((k) => (Array.isArray(node[k]) ? (node[k] as unknown[]).flatMap(questionsOf) : [])),
  ];
  return [...new Set(names)];
}

function typeKey(type: unknown): string {
  const types = String(type).split(',');
  if (types.includes('integer')) return 'type_integer';
  if (types.includes('number')) return 'type_number';
  if (types.includes('boolean')) return 'type_boolean';
  return 'type_other';
}

const FORMATS = new Set(['date', 'time', 'date-time', 'email']);

/** One error → the questions to correct it names. */
function problemsOf(e: ErrorObject, schema: object): AnswerProblem[] {
  const at = e.instancePath;
  const p = e.params as Record<string, unknown>;
  const limit = (value: unknown) => ({ limit: typeof value === 'number' ? value : String(value) });
  const here = (key: string, params: Record<string, string | number> = {}): AnswerProblem[] => [{ pointer: at, key, params, schemaPointer: ownerOf(e.schemaPath) }];
  switch (e.keyword) {
    case 'required':
      return [{ pointer: `${at}/${escape(String(p.missingProperty))}`, key: 'required', params: {}, schemaPointer: `${ownerOf(e.schemaPath)}/properties/${escape(String(p.missingProperty))}` }];
    case 'dependencies':
      return [{ pointer: `${at}/${escape(String(p.missingProperty))}`, key: 'required', params: {} }];
    case 'additionalProperties':
      return [{ pointer: `${at}/${escape(String(p.additionalProperty))}`, key: 'unknown_question', params: {} }];
    case 'not': {
      const names = questionsOf(nodeAt(schema, `${e.schemaPath.replace(/^#/, '')}`));
      return names.length ? names.map((name) => ({ pointer: `${at}/${escape(name)}`, key: 'not_allowed', params: {} })) : here('not_allowed');
    }
    case 'false schema': return here('not_allowed');
    case 'type': return here(typeKey(p.type));
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
    case 'minLength': case 'maxLength': case 'minItems': case 'maxItems':
      return here(e.keyword, limit(p.limit));
    case 'multipleOf': return here('multipleOf', limit(p.multipleOf));
    case 'pattern': return here('pattern');
    case 'format': return here(FORMATS.has(String(p.format)) ? `format_${String(p.format).replace('-', '_')}` : 'pattern');
    case 'const': return here(p.allowedValue === true ? 'must_confirm' : 'choose_option');
    case 'enum': case 'oneOf': case 'anyOf': return here('choose_option');
    case 'uniqueItems': return here('uniqueItems');
    default: return here('invalid');
  }
}

/** Every question to correct, once each, in the order the form shows its questions. */
export function answerProblems(errors: ErrorObject[], definition: Pick<FormDefinition, 'schema' | 'uiSchema'>): AnswerProblem[] {
  const notChosen = branchesNotChosen(errors);
  const relevant = errors.filter((e) => !notChosen.some((branch) => e.schemaPath.startsWith(`${branch}/`)));
  const listed = relevant.filter((e) => {
    if (e.keyword === 'if') return false; // its then/else errors are listed
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') {
      // No branch chosen: the question itself is to answer. A branch chosen: its own errors say
      // what to correct (found under the branch, or deeper in the answer when a $ref led elsewhere).
      const branches = nodeAt(definition.schema, e.schemaPath);
      const chosen = Array.isArray(branches) && branches.some((_, i) => !notChosen.includes(`${e.schemaPath}/${i}`));
      return !chosen || !relevant.some((o) => o !== e && (o.schemaPath.startsWith(`${e.schemaPath}/`) || o.instancePath.startsWith(`${e.instancePath}/`)));
    }
    return true;
  });
  const byPointer = new Map<string, AnswerProblem>();
  for (const problem of listed.flatMap((e) => problemsOf(e, definition.schema))) {
    if (!byPointer.has(problem.pointer)) byPointer.set(problem.pointer, problem);
  }
  const uiOrder = (definition.uiSchema as { 'ui:order'?: unknown } | undefined)?.['ui:order'];
  const order = Array.isArray(uiOrder) ? uiOrder.filter((k): k is string => typeof k === 'string' && k !== '*') : [];
  const rank = (pointer: string) => {
    const first = unescape(pointer.split('/')[1] ?? '');
    const inUi = order.indexOf(first);
    if (inUi >= 0) return inUi;
    const inSchema = Object.keys((definition.schema as { properties?: object }).properties ?? {}).indexOf(first);
    return inSchema >= 0 ? order.length + inSchema : Number.MAX_SAFE_INTEGER;
  };
  return [...byPointer.values()].map((problem, i) => ({ problem, i }))
    .sort((a, b) => rank(a.problem.pointer) - rank(b.problem.pointer) || a.i - b.i).map(({ problem }) => problem);
}

/** `/episodes/0/severity` → `body.answers.episodes.0.severity`, the `field` of `{ field }` answers. */
export const fieldOf = (pointer: string) => ['body.answers', ...pointer.split('/').slice(1).map(unescape)].join('.');

/**
 * The problems as the 400 lists them: messages in the caller's language, titles in the form's,
 * and for a refused pattern or format the author's `patternMessage` when the question has one.
 */
export function fieldErrors(problems: AnswerProblem[], definition: Pick<FormDefinition, 'schema' | 'translations' | 'languages'>, language: Language): FieldError[] {
  const t = translator(language);
  const texts = formLanguage(definition, language);
  return problems.map((problem) => {
    const title = questionTitle(definition, problem.pointer, texts, problem.schemaPointer);
    const authors = AUTHOR_WORDED.has(problem.key) ? authorMessage(definition, problem, texts) : undefined;
    return {
      field: fieldOf(problem.pointer), pointer: problem.pointer, ...(title !== undefined ? { title } : {}),
      message: authors ?? t(`answers.${problem.key}`, { ...problem.params, defaultValue: t('answers.invalid') }),
    };
  });
}

/** The author's `patternMessage` beside the refused keyword (a shared definition), else on the question itself. */
function authorMessage(definition: Pick<FormDefinition, 'schema' | 'translations'>, problem: AnswerProblem, language: Language): string | undefined {
  const places = [...(problem.schemaPointer !== undefined ? [problem.schemaPointer] : []), ...questionDefinitions(definition.schema, problem.pointer).map((c) => c.pointer)];
  for (const place of places) {
    const text = textAt(definition, `${place}/${PATTERN_MESSAGE}`, language);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The messages an author's `patternMessage` replaces. */
const AUTHOR_WORDED = new Set(['pattern', 'format_date', 'format_time', 'format_date_time', 'format_email']);
