/**
 * Checks a questionnaire definition: the contract (/ui/schemas/form), then that its questions
 * are a JSON Schema ajv can compile, and that computed values and file questions name real
 * answer properties.
 */
import { createHash } from 'node:crypto';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { expressionSchema, formDefinitionSchema, type FormDefinition } from '../../schemas/form.ts';

const contract = new Ajv({ allErrors: false, strict: false });
contract.addSchema(expressionSchema);
const validateDefinition = contract.compile(formDefinitionSchema);

/** Compiles the answers' schema; shared with the care API, which caches one validator per version. */
export function answersAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
  addFormats.default(ajv);
  return ajv;
}
const probe = answersAjv();

export class FormInvalidError extends Error {
  constructor(readonly path: string, readonly reason: string) {
    super(`${path || '/'}: ${reason}`);
    this.name = 'FormInvalidError';
  }
}

export function parseFormDefinition(input: unknown): FormDefinition {
  if (!validateDefinition(input)) {
    const e = [...validateDefinition.errors!].sort((a, b) => b.instancePath.length - a.instancePath.length)[0]!;
    const extra = (e.params as { additionalProperty?: string; missingProperty?: string });
    throw new FormInvalidError(e.instancePath, `${e.message}${extra.additionalProperty ? ` '${extra.additionalProperty}'` : extra.missingProperty ? ` '${extra.missingProperty}'` : ''}`);
  }
  const form = input as FormDefinition;
  try {
    probe.compile(form.schema);
  } catch (error) {
    throw new FormInvalidError('/schema', `not a valid JSON Schema: ${(error as Error).message}`);
  }
  const answers = Object.keys(form.schema.properties as object);
  for (const [i, file] of (form.files ?? []).entries()) {
    if (!answers.includes(file.field)) throw new FormInvalidError(`/files/${i}/field`, `'${file.field}' is not a question of /schema/properties`);
  }
  for (const [i, c] of (form.computed ?? []).entries()) {
    for (const field of fieldsOf(c.expression)) {
      if (!answers.includes(field)) throw new FormInvalidError(`/computed/${i}/expression`, `'${field}' is not a question of /schema/properties`);
    }
  }
  for (const [language, texts] of Object.entries(form.translations ?? {})) {
    for (const pointer of Object.keys(texts ?? {})) {
      const [target, path] = pointer.startsWith('ui:/') ? [form.uiSchema, pointer.slice(3)] : [form.schema, pointer];
      if (typeof resolvePointer(target, path) !== 'string') {
        throw new FormInvalidError(`/translations/${language}/${pointer.replaceAll('~', '~0').replaceAll('/', '~1')}`, `'${pointer}' names no text of the ${pointer.startsWith('ui:/') ? 'UI schema' : 'schema'}`);
      }
    }
  }
  return form;
}

/** RFC 6901: `/properties/weight/title` → the value there, or undefined. */
function resolvePointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function fieldsOf(expression: unknown): string[] {
  const e = expression as { field?: string; args?: unknown[] };
  if (e.field) return [e.field];
  return (e.args ?? []).flatMap(fieldsOf);
}

/** Stable hash of a definition: the same content always gives the same hash. */
export function definitionHash(definition: unknown): string {
  const canonical = (v: unknown): unknown => Array.isArray(v) ? v.map(canonical)
    : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;
  return createHash('sha256').update(JSON.stringify(canonical(definition))).digest('base64url');
}
