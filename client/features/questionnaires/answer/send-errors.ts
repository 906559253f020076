/**
 * What a refused send means on the screen. The server is the judge (issue 5 §5): a wrong answer
 * comes back as 400 with the field (`body.answers.weight`), shown on that question; the rules of
 * answering come back as 409 and each has its own outcome.
 */
import type { ErrorSchema } from '@rjsf/utils';

export type SendOutcome =
  /** Shown on the questions; the patient corrects and sends again. */
  | { kind: 'fields'; errorSchema: ErrorSchema; fields: string[] }
  /** Older late questionnaires: answer the oldest first, or confirm and lose them. */
  | { kind: 'olderLate' }
  /** This questionnaire can no longer be answered: the draft is useless. */
  | { kind: 'closed'; code: ClosedCode }
  /** The session ended: the draft stays, the session dialog offers to reconnect. */
  | { kind: 'session' }
  /** Anything else (network, 5xx): the draft stays, the patient may send again. */
  | { kind: 'retry' };

export const CLOSED_CODES = ['form_limit_date_passed', 'form_already_answered', 'form_deactivated', 'patient_file_not_open', 'form_not_yet_available'] as const;
export type ClosedCode = (typeof CLOSED_CODES)[number];

const FIELD_CODES: Record<string, string | undefined> = {
  file_type_refused: 'questionnaires.files.typeRefusedByServer',
  file_too_large: 'questionnaires.files.tooLarge',
  multiple_uploads: 'questionnaires.files.typeRefusedByServer',
};

interface ErrorLike { status?: number; code?: string; field?: string; message?: string }

/** `body.answers.identity.firstName` → ['identity', 'firstName']; not an answer → undefined. */
export function answerPath(field: string | undefined): string[] | undefined {
  if (!field?.startsWith('body.answers.')) return undefined;
  const path = field.slice('body.answers.'.length).split('.').filter(Boolean);
  return path.length ? path : undefined;
}

function errorSchemaAt(path: readonly string[], message: string): ErrorSchema {
  const root: Record<string, unknown> = {};
  let node = root;
  for (const key of path) {
    node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node.__errors = [message];
  return root as ErrorSchema;
}

/** `translate` gives the texts of codes the server states without a sentence for the patient. */
export function sendOutcome(error: unknown, translate: (key: string) => string): SendOutcome {
  const e = (error ?? {}) as ErrorLike;
  if (e.status === undefined) return { kind: 'retry' };
  if (e.status === 401) return { kind: 'session' };
  if (e.status === 409 && e.code === 'older_late_forms_pending') return { kind: 'olderLate' };
  if (e.status === 409 && (CLOSED_CODES as readonly string[]).includes(e.code ?? '')) return { kind: 'closed', code: e.code as ClosedCode };
  if (e.status === 400) {
    const path = answerPath(e.field);
    if (path) {
      const key = FIELD_CODES[e.code ?? ''];
      const message = key ? translate(key) : (e.message || translate('questionnaires.answer.invalidAnswer'));
      return { kind: 'fields', errorSchema: errorSchemaAt(path, message), fields: [path.join('.')] };
    }
  }
  return { kind: 'retry' };
}
