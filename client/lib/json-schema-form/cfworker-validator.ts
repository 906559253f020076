/**
 * rjsf's validator without code generation. rjsf's own (ajv) compiles each schema with
 * `new Function`, which the gateway's Content-Security-Policy forbids ('unsafe-eval' is not
 * allowed): "Error compiling schema". Questionnaires arrive at run time, so they cannot be
 * precompiled at build time either. @cfworker/json-schema interprets the schema instead.
 *
 * The server validates every answer again with ajv (server/care/forms/answers.ts): this one only
 * tells the patient early, in their language.
 */
import { validate, dereference, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  createErrorHandler, getDefaultFormState, toErrorSchema, unwrapErrorHandler, validationDataMerge,
  type CustomValidator, type ErrorTransformer, type RJSFSchema, type RJSFValidationError, type UiSchema,
  type ValidationData, type ValidatorType,
} from '@rjsf/utils';
import { describeError, messageKey, type MessageKey } from './error-messages.ts';
import { parsePointer } from './pointer.ts';
import { relevantErrors } from './relevant-errors.ts';

/** The root schema's address in the validator: `$ref: "#/definitions/x"` of sub-schemas point into it. */
const ROOT_ID = 'https://questionnaire.invalid/root';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

interface Rooted { root: Schema; lookup: Record<string, Schema | boolean> }

/** The schema with `undefined` removed (rjsf keeps cleared fields as undefined; JSON has none). */
export function toJsonValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : toJsonValue(v)));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toJsonValue(v);
    return out;
  }
  return value;
}

/** Copies `schema`, pointing its local `$ref`s at the root schema's address. */
function withAbsoluteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withAbsoluteRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? ROOT_ID + v : withAbsoluteRefs(v);
  }
  return out;
}

/** The author's words for a refused pattern or format (docs/integrators.md); an annotation, it checks nothing. */
const PATTERN_MESSAGE = 'patternMessage';

/** The messages an author's `patternMessage` replaces, as the server's 400 does (server/care/forms/answer-errors.ts). */
const AUTHOR_WORDED = new Set<MessageKey>(['pattern', 'formatDate', 'formatDateTime', 'formatEmail', 'format']);

/**
 * The author's `patternMessage` (already in the form's language: localizeDefinition translates it
 * by pointer like titles) beside the refused keyword, else on the question that points at a
 * shared definition (`{ "$ref": "#/definitions/phone", "patternMessage": "…" }`).
 */
function authorMessage(root: Schema, lookup: Record<string, Schema | boolean>, keywordPath: string[], parent: Record<string, unknown> | undefined): string | undefined {
  if (typeof parent?.[PATTERN_MESSAGE] === 'string') return parent[PATTERN_MESSAGE];
  for (let i = keywordPath.length - 1; i >= 0; i--) {
    if (keywordPath[i] !== '$ref') continue;
    const text = schemaAt(root, lookup, keywordPath.slice(0, i))?.[PATTERN_MESSAGE];
    if (typeof text === 'string') return text;
  }
  return undefined;
}

const hasRef = (schema: unknown): boolean =>
  schema !== null && typeof schema === 'object' && Object.entries(schema).some(([k, v]) => k === '$ref' || hasRef(v));

export function createCfworkerValidator(translate: Translate, formatNumber: (n: number) => string = String): ValidatorType {
  // rjsf gives the same schema objects again and again: dereference each once.
  const rootedCache = new WeakMap<object, Rooted>();
  const subCache = new WeakMap<object, Schema>();

  function rooted(rootSchema: RJSFSchema): Rooted {
    let found = rootedCache.get(rootSchema);
    if (!found) {
      const root = { ...structuredClone(rootSchema), $id: ROOT_ID } as Schema;
      found = { root, lookup: dereference(root) };
      rootedCache.set(rootSchema, found);
    }
    return found;
  }

  function subSchema(schema: RJSFSchema): Schema {
    if (!hasRef(schema)) return schema as Schema;
    let found = subCache.get(schema);
    if (!found) {
      found = withAbsoluteRefs(schema) as Schema;
      subCache.set(schema, found);
    }
    return found;
  }

  function rawErrors(schema: RJSFSchema, formData: unknown): OutputUnit[] {
    const { root, lookup } = rooted(schema);
    return validate(toJsonValue(formData ?? {}), root, '7', lookup, false).errors;
  }

  function toRjsfErrors(schema: RJSFSchema, units: OutputUnit[]): RJSFValidationError[] {
    const { root, lookup } = rooted(schema);
    const seen = new Set<string>();
    const errors: RJSFValidationError[] = [];
    for (const unit of relevantErrors(units)) {
      const path = parsePointer(unit.instanceLocation);
      const missing = /(?:required property|does not have) "([^"]+)"/.exec(unit.error)?.[1];
      if (missing !== undefined) path.push(missing);
      const keywordPath = parsePointer(unit.keywordLocation);
      const parent = schemaAt(root, lookup, keywordPath.slice(0, -1));
      const value = unit.keyword === 'required' || unit.keyword === 'dependencies' ? undefined : parent?.[unit.keyword];
      const description = describeError(unit.keyword, value, parent ?? {});
      const authored = AUTHOR_WORDED.has(description.key) ? authorMessage(root, lookup, keywordPath, parent) : undefined;
      const message = authored ?? translate(messageKey(description.key), description.limit === undefined ? {} : { limit: formatNumber(description.limit) });
      const property = path.length ? `.${path.join('.')}` : '.';
      if (seen.has(`${property}\u0000${message}`)) continue;
      seen.add(`${property}\u0000${message}`);
      errors.push({
        name: unit.keyword, property, message, stack: `${property} ${message}`, schemaPath: unit.keywordLocation,
        params: missing === undefined ? { limit: description.limit } : { missingProperty: missing },
      });
    }
    return errors;
  }

  return {
    validateFormData(formData: unknown, schema: RJSFSchema, customValidate?: CustomValidator, transformErrors?: ErrorTransformer, uiSchema?: UiSchema): ValidationData<unknown> {
      let errors = toRjsfErrors(schema, rawErrors(schema, formData));
      if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema);
      const errorSchema = toErrorSchema(errors);
      if (typeof customValidate !== 'function') return { errors, errorSchema };
      const withUndefined = getDefaultFormState(this, schema, formData, schema, true);
      const handler = customValidate(withUndefined, createErrorHandler(withUndefined), uiSchema, errorSchema);
      return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
    },
    isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
      try {
        const { root, lookup } = rooted(rootSchema);
        const target = schema === rootSchema ? root : subSchema(schema);
        return validate(toJsonValue(formData ?? null), target, '7', lookup, true).valid;
      } catch {
        return false;
      }
    },
    rawValidation<Result = unknown>(schema: RJSFSchema, formData?: unknown) {
      try {
        return { errors: rawErrors(schema, formData) as Result[] };
      } catch (error) {
        return { validationError: error as Error };
      }
    },
  };
}

/** The schema object a keyword location names, following `$ref` steps through the lookup. */
function schemaAt(root: Schema, lookup: Record<string, Schema | boolean>, path: readonly string[]): Record<string, unknown> | undefined {
  let node: unknown = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    const current = node as Record<string, unknown> & { __absolute_ref__?: string };
    node = key === '$ref' && typeof current.$ref === 'string' ? lookup[current.__absolute_ref__ ?? current.$ref] : current[key];
  }
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined;
}
