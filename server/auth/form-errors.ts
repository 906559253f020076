/**
 * What the /auth forms answer when a field is missing or malformed: one message per field, in the
 * page's language, naming the field by its label ("Adresse e-mail : ce champ est obligatoire."),
 * never a schema message such as "« body.email » est invalide : ne doit pas faire moins de 1
 * caractère". The first field's message is the answer's `message`, every field is in `errors`.
 *
 * The forms' schemas are compiled with allErrors so that every field is reported at once (Fastify's
 * own validator stops at the first error); otherwise its options are Fastify's defaults, except
 * that a body is never coerced (server/http/validators.ts says why).
 */
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { ErrorCode } from '../../schemas/errors.ts';
import { AppError, type FieldError } from '../errors.ts';
import { translator, type Language } from '../i18n/index.ts';

/** The body is typed JSON and is never coerced (issue 19); the query string is text, coerced as Fastify's. */
function instance(coerceTypes: false | 'array'): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes, useDefaults: true, removeAdditional: true, addUsedSchema: false });
  addFormats.default(ajv);
  return ajv;
}
const bodies = instance(false);
const text = instance('array');

export const authFormValidator: FastifySchemaCompiler<object> = ({ schema, httpPart }) => (httpPart === 'body' ? bodies : text).compile(schema);

/** Fields of the /auth forms → the key of their label in server/i18n (the one the page shows). */
const LABELS: Record<string, string> = {
  email: 'login.email', password: 'login.password',
  newPassword: 'firstLogin.newPassword', confirmation: 'firstLogin.confirmation',
};

interface ValidationFailure { validation?: ErrorObject[]; validationContext?: string }

/** The kind of mistake, as one message key with its parameters. */
function problem(error: ErrorObject): { code: ErrorCode; params: Record<string, string | number> } {
  switch (error.keyword) {
    case 'required':
    case 'minLength':
      return { code: 'input_required', params: {} };
    case 'maxLength':
      return { code: 'input_too_long', params: { max: Number((error.params as { limit: number }).limit) } };
    case 'format':
      return { code: (error.params as { format: string }).format === 'email' ? 'input_invalid_email' : 'input_invalid', params: {} };
    default:
      return { code: 'input_invalid', params: {} };
  }
}

/**
 * The 400 of an /auth form. Errors on fields the page shows get their labelled message; a
 * malformed hidden field or a body that is not an object keeps the general answer.
 */
export function loginFormError(failure: Error & ValidationFailure, language: Language): Error {
  const t = translator(language);
  const context = (failure.validationContext ?? 'body').replace('querystring', 'query');
  const errors: (FieldError & { code: ErrorCode; params: Record<string, string | number> })[] = [];
  for (const error of failure.validation ?? []) {
    const name = (error.params as { missingProperty?: string }).missingProperty ?? error.instancePath.split('/')[1];
    if (!name || error.instancePath.split('/').length > 2) return failure;
    const field = `${context}.${name}`;
    if (errors.some((e) => e.field === field)) continue;
    if (name === 'targetUrl') {
      errors.push({ field, code: 'invalid_target_url', params: {}, message: t('errors.invalid_target_url') });
      continue;
    }
    const label = LABELS[name];
    if (!label) return failure;
    const { code, params } = problem(error);
    errors.push({ field, code, params: { ...params, label: t(label) }, message: t(`errors.${code}`, { ...params, label: t(label) }) });
  }
  const [first] = errors;
  if (!first) return failure;
  return new AppError(400, first.code, first.params, first.field, errors.map(({ field, message }) => ({ field, message })));
}
