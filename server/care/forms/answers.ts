/**
 * Server-side check of an answer against its form version's own schema: one compiled validator
 * per version, cached. The client's validation is a convenience; this one decides.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import localize from 'ajv-i18n';
import { answersAjv } from '../../ui/form-definitions.ts';
import { badRequest } from '../../errors.ts';
import type { Language } from '../../i18n/index.ts';
import { translator } from '../../i18n/index.ts';

const ajv = answersAjv();
const validators = new Map<string, ValidateFunction>();

export function validatorFor(versionId: string, schema: object): ValidateFunction {
  let validate = validators.get(versionId);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(versionId, validate);
  }
  return validate;
}

/**
 * The error to report. A branch of oneOf/anyOf whose const or enum does not match is a branch
 * the patient did not choose (`smoker: current` against the `never` branch of a dependency):
 * its errors would name the wrong field, so the errors of the other branches come first.
 */
function firstRelevantError(errors: ErrorObject[]): ErrorObject {
  const notChosen = errors.filter((e) => e.keyword === 'const' || e.keyword === 'enum')
    .map((e) => /^(.*\/(?:oneOf|anyOf)\/\d+)\//.exec(e.schemaPath)?.[1]).filter((p): p is string => p !== undefined);
  return errors.find((e) => !notChosen.some((branch) => e.schemaPath.startsWith(`${branch}/`))) ?? errors[0]!;
}

/** Throws 400 answer_invalid naming the first wrong answer, in the caller's language. */
export function checkAnswers(versionId: string, schema: object, answers: unknown, language: Language): void {
  const validate = validatorFor(versionId, schema);
  if (validate(answers)) return;
  const error = { ...firstRelevantError(validate.errors!) };
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  const pointer = error.instancePath.split('/').filter(Boolean).join('.');
  const field = ['body.answers', pointer, missing].filter(Boolean).join('.');
  let reason: string;
  if (error.keyword === 'required') {
    reason = translator(language)('errors.field_required');
  } else {
    const copy = [error];
    (localize[language] ?? localize.fr)(copy);
    reason = copy[0]!.message ?? '';
  }
  throw badRequest('answer_invalid', { field, reason }, field);
}
