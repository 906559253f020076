/**
 * The ajv that checks questionnaire answers, shared by the interface server (which checks
 * definitions with the same keywords, server/shared/form-definitions.ts) and the care API (which
 * checks answers, server/care/forms/answers.ts) — the care API runs alone in split mode.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The author's words for a refused `pattern` or `format` on that question, shown to the patient
 * instead of "enter a value in the expected format" (translated like titles, by pointer:
 * `/properties/phone/patternMessage`). An annotation: it checks nothing.
 */
export const PATTERN_MESSAGE = 'patternMessage';
export const withAnnotations = (ajv: Ajv) => ajv.addKeyword({ keyword: PATTERN_MESSAGE, schemaType: 'string' });

/** Compiles the answers' schema; shared with the care API, which caches one validator per version. */
export function answersAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
  addFormats.default(ajv);
  return withAnnotations(ajv);
}
