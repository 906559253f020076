/**
 * The message of a JSON Schema validation error in the form's language. The validator
 * (@cfworker/json-schema) writes English sentences; the keyword and the schema's own limit are
 * enough to say it in French, English and Arabic, as spec 001 §5 words them.
 */
export type MessageKey =
  | 'required' | 'typeNumber' | 'typeInteger' | 'typeString' | 'typeBoolean' | 'typeArray' | 'typeObject'
  | 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'multipleOf'
  | 'minLength' | 'maxLength' | 'pattern' | 'formatDate' | 'formatEmail' | 'formatDateTime' | 'format'
  | 'mustBeChecked' | 'choice' | 'minItems' | 'maxItems' | 'uniqueItems' | 'invalid';

export interface ErrorDescription {
  key: MessageKey;
  /** The schema's limit (minimum, maxLength…), when the message names it. */
  limit?: number;
}

const TYPE_KEYS: Record<string, MessageKey> = {
  number: 'typeNumber', integer: 'typeInteger', string: 'typeString', boolean: 'typeBoolean', array: 'typeArray', object: 'typeObject',
};
const FORMAT_KEYS: Record<string, MessageKey> = { date: 'formatDate', email: 'formatEmail', 'date-time': 'formatDateTime' };
const LIMIT_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

/** What to say for `keyword`, whose schema value is `value` (the `type`, the `minimum`…). */
export function describeError(keyword: string, value: unknown, schema: Record<string, unknown> = {}): ErrorDescription {
  if (keyword === 'required' || keyword === 'dependencies' || keyword === 'dependentRequired') return { key: 'required' };
  if (keyword === 'type') {
    const first = Array.isArray(value) ? value.find((v) => v !== 'null') : value;
    return { key: TYPE_KEYS[String(first)] ?? 'invalid' };
  }
  if (keyword === 'format') return { key: FORMAT_KEYS[String(value)] ?? 'format' };
  if (keyword === 'pattern') return { key: 'pattern' };
  if (keyword === 'uniqueItems') return { key: 'uniqueItems' };
  if (keyword === 'const') return { key: value === true ? 'mustBeChecked' : 'choice' };
  if (keyword === 'enum' || keyword === 'oneOf' || keyword === 'anyOf') return { key: 'choice' };
  if ((LIMIT_KEYWORDS as readonly string[]).includes(keyword)) {
    // Draft 4 writes `exclusiveMinimum: true` beside `minimum`.
    if (typeof value === 'boolean') {
      const bound = keyword === 'exclusiveMinimum' ? schema.minimum : schema.maximum;
      return typeof bound === 'number' ? { key: keyword as MessageKey, limit: bound } : { key: 'invalid' };
    }
    if (typeof value === 'number') {
      if ((keyword === 'minimum' && schema.exclusiveMinimum === true) || (keyword === 'maximum' && schema.exclusiveMaximum === true)) {
        return { key: keyword === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum', limit: value };
      }
      return { key: keyword as MessageKey, limit: value };
    }
  }
  return { key: 'invalid' };
}

/** i18n key of a message: `jsonSchemaForm.errors.<key>`. */
export const messageKey = (key: MessageKey) => `jsonSchemaForm.errors.${key}`;
