/**
 * Server-side check of an answer against its form version's own schema: one compiled validator
 * per version, cached. The client's validation is a convenience; this one decides, and its 400
 * lists every question to correct (answer-errors.ts).
 */
import type { ValidateFunction } from 'ajv';
import { answersAjv } from '../../shared/answers-ajv.ts';
import { AppError, type FieldError } from '../../errors.ts';
import type { Language } from '../../i18n/index.ts';
import { translator } from '../../i18n/index.ts';
import type { FormDefinition } from '../../../schemas/form.ts';
import { answerProblems, fieldErrors } from './answer-errors.ts';
import { closedAnswersSchema } from './closed-schema.ts';

const ajv = answersAjv();
const validators = new Map<string, ValidateFunction>();

export function validatorFor(versionId: string, schema: object): ValidateFunction {
  let validate = validators.get(versionId);
  if (!validate) {
    // Closed: properties the form does not define and unbounded texts are refused (closed-schema.ts).
    validate = ajv.compile(closedAnswersSchema(schema));
    validators.set(versionId, validate);
  }
  return validate;
}

/** What of a form version the check needs: its questions, their order and their texts. */
export type CheckedForm = Pick<FormDefinition, 'schema' | 'uiSchema' | 'translations' | 'languages'>;

/**
 * 400 answer_invalid: `errors` lists every question to correct; `field` is the first (as before
 * the list existed); the message sums them up in the caller's language.
 */
export function answerInvalid(errors: FieldError[], language: Language): AppError {
  const [first] = errors;
  const params = { count: errors.length, title: first?.title ?? first?.field ?? '', reason: first?.message ?? '' };
  return new AppError(400, 'answer_invalid', params, first?.field, errors);
}

/** Throws answerInvalid naming every wrong answer, messages in `language`, titles in the form's language. */
export function checkAnswers(versionId: string, form: CheckedForm, answers: unknown, language: Language): void {
  const validate = validatorFor(versionId, form.schema);
  if (validate(answers)) return;
  throw answerInvalid(fieldErrors(answerProblems(validate.errors!, form), form, language), language);
}

/** A file question whose file is not there (prepared, never uploaded): the same 400, on that question. */
export function fileAnswerMissing(form: CheckedForm, question: string, language: Language): AppError {
  const [error] = fieldErrors([{ pointer: `/${question}`, key: 'file_missing', params: {} }], form, language);
  return answerInvalid([{ ...error!, message: translator(language)('errors.file_missing') }], language);
}
