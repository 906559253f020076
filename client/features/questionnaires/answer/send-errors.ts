/**
 * What a refused send means on the screen. The server is the judge (issue 5 §5): wrong answers
 * come back as 400 `answer_invalid` listing each invalid question (`errors: [{ field, pointer,
 * title, message }]`; older servers give one `field`, `body.answers.weight`), each shown on its
 * question and in the summary above the form; the rules of answering come back as 409 and each
 * has its own outcome.
 */
import type { ErrorSchema } from '@rjsf/utils';
import { parsePointer } from '../../../lib/json-schema-form/pointer.ts';

/** One invalid answer: where (path in the answers), what to say, and the question's title when the server gave it. */
export interface AnswerProblem { path: string[]; message: string; title?: string }

export type SendOutcome =
  /** Shown on the questions; the patient corrects and sends again. */
  | { kind: 'fields'; errorSchema: ErrorSchema; problems: AnswerProblem[] }
  /** Older late questionnaires: answer the oldest first, or confirm and lose them. */
  | { kind: 'olderLate' }
  /** This questionnaire can no longer be answered: the draft is useless. */
  | { kind: 'closed'; code: ClosedCode }
  /** The session ended: the draft stays, the session dialog offers to reconnect. */
  | { kind: 'session' }
  /**
   * Sending again as is cannot pass, so no "try again": the free-response quota of the last 24 h
   * is used up (429), the answers are too large (413), or the questionnaire or occurrence is not
   * this file's (404 on a field that is not an answer). The answers and the draft stay.
   */
  | { kind: 'blocked'; reason: BlockedReason }
  /** Anything else (network, 5xx): the draft stays, the patient may send again. */
  | { kind: 'retry' };

export type BlockedReason = 'freeLimit' | 'tooLarge' | 'unavailable';

export const CLOSED_CODES = ['form_limit_date_passed', 'form_already_answered', 'form_deactivated', 'patient_file_not_open', 'patient_file_closed', 'form_not_yet_available'] as const;
export type ClosedCode = (typeof CLOSED_CODES)[number];

const FIELD_CODES: Record<string, string | undefined> = {
  file_type_refused: 'questionnaires.files.typeRefusedByServer',
  file_too_large: 'questionnaires.files.tooLarge',
  multiple_uploads: 'questionnaires.files.typeRefusedByServer',
};

/** A 404 on an answer: the file chosen there is someone else's or already used; it must be chosen again. */
const FILE_GONE = 'questionnaires.files.chooseAgain';

interface FieldErrorLike { field?: string; pointer?: string; title?: string; message?: string }
interface ErrorLike { status?: number; code?: string; field?: string; message?: string; errors?: FieldErrorLike[] }

/** `body.answers.identity.firstName` → ['identity', 'firstName']; not an answer → undefined. */
export function answerPath(field: string | undefined): string[] | undefined {
  if (!field?.startsWith('body.answers.')) return undefined;
  const path = field.slice('body.answers.'.length).split('.').filter(Boolean);
  return path.length ? path : undefined;
}

/** The errors of every problem, at its question (rjsf's `extraErrors`). */
export function errorSchemaOf(problems: readonly AnswerProblem[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { path, message } of problems) {
    let node = root;
    for (const key of path) {
      if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), message];
  }
  return root as ErrorSchema;
}

/** Where an item of `errors` points: its pointer into the answers, else its field. */
function pathOf(item: FieldErrorLike): string[] | undefined {
  if (item.pointer !== undefined) {
    try {
      const path = parsePointer(item.pointer);
      if (path.length) return path;
    } catch {
      // Not a pointer: the field says it too.
    }
  }
  return answerPath(item.field);
}

/** `translate` gives the texts of codes the server states without a sentence for the patient. */
export function sendOutcome(error: unknown, translate: (key: string) => string): SendOutcome {
  const e = (error ?? {}) as ErrorLike;
  if (e.status === undefined) return { kind: 'retry' };
  if (e.status === 401) return { kind: 'session' };
  if (e.status === 409 && e.code === 'older_late_forms_pending') return { kind: 'olderLate' };
  if (e.status === 409 && (CLOSED_CODES as readonly string[]).includes(e.code ?? '')) return { kind: 'closed', code: e.code as ClosedCode };
  if (e.status === 429 && e.code === 'free_form_limit_reached') return { kind: 'blocked', reason: 'freeLimit' };
  if (e.status === 413) return { kind: 'blocked', reason: 'tooLarge' };
  if (e.status === 404) {
    const path = answerPath(e.field);
    if (path) return { kind: 'fields', errorSchema: errorSchemaOf([{ path, message: translate(FILE_GONE) }]), problems: [{ path, message: translate(FILE_GONE) }] };
    return { kind: 'blocked', reason: 'unavailable' };
  }
  if (e.status === 400) {
    const key = FIELD_CODES[e.code ?? ''];
    const messageOf = (message: string | undefined) => (key ? translate(key) : (message || translate('questionnaires.answer.invalidAnswer')));
    const listed = Array.isArray(e.errors) ? e.errors : [];
    const problems: AnswerProblem[] = [];
    for (const item of listed.length ? listed : [{ field: e.field, message: e.message }]) {
      const path = pathOf(item);
      if (path) problems.push({ path, message: messageOf(item.message), ...(item.title ? { title: item.title } : {}) });
    }
    if (problems.length) return { kind: 'fields', errorSchema: errorSchemaOf(problems), problems };
  }
  return { kind: 'retry' };
}
