/**
 * Checks a questionnaire definition: the contract (/ui/schemas/form), then that its questions
 * are a JSON Schema ajv compiles in strict mode with nothing ignored (an unknown keyword or
 * format would be shown by rjsf and checked by nobody), that no question uses rjsf's own file
 * widget (its `data-url` answer is not kept: the platform's file questions are), and that
 * computed values and file questions name real answer properties.
 */
import { createHash } from 'node:crypto';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import traverse from 'json-schema-traverse';
import { expressionSchema, formDefinitionSchema, type FormDefinition } from '../../schemas/form.ts';
import { InvalidDocumentError, type Reason } from './layouts/problems.ts';
import { withAnnotations } from './answers-ajv.ts';
import { ucumUnit } from './ucum.ts';

const contract = new Ajv({ allErrors: false, strict: false });
contract.addSchema(expressionSchema);
const validateDefinition = contract.compile(formDefinitionSchema);

/**
 * Strict where strict means "ignored": unknown keywords and formats, keywords that do nothing
 * where they stand (`then` without `if`), non-finite numbers. Not strictTypes, strictTuples nor
 * strictRequired: a `then` branch requiring a question defined beside it, or narrowing a
 * question's bounds without repeating its type, is how rjsf questionnaires are written.
 */
const probe = new Ajv({ allErrors: true, strictSchema: true, strictNumbers: true, strictTypes: false, strictTuples: false, strictRequired: false });
addFormats.default(probe);
withAnnotations(probe);
const KNOWN_KEYWORDS = new Set(Object.keys(probe.RULES.keywords));

/**
 * A questionnaire refused at `path`, its reason kept as data (layouts/problems.ts) so that
 * /ui/status states it in the language of whoever asks (layouts.errors.form* in the locales).
 */
export class FormInvalidError extends InvalidDocumentError {
  constructor(path: string, why: Reason) {
    super(path, why);
    this.name = 'FormInvalidError';
  }
}

export function parseFormDefinition(input: unknown): FormDefinition {
  if (!validateDefinition(input)) {
    const e = [...validateDefinition.errors!].sort((a, b) => b.instancePath.length - a.instancePath.length)[0]!;
    throw new FormInvalidError(e.instancePath, { ajv: e });
  }
  const form = input as FormDefinition;
  checkKeywordsAndFormats(form.schema);
  checkNoFileWidget(form.uiSchema ?? {}, '/uiSchema');
  try {
    probe.compile(form.schema);
  } catch (error) {
    throw new FormInvalidError('/schema', { key: 'formNotJsonSchema', detail: (error as Error).message });
  }
  const answers = Object.keys(form.schema.properties as object);
  for (const [i, file] of (form.files ?? []).entries()) {
    if (!answers.includes(file.field)) throw new FormInvalidError(`/files/${i}/field`, { key: 'formNotAQuestion', params: { field: file.field } });
  }
  for (const [i, c] of (form.computed ?? []).entries()) {
    for (const field of fieldsOf(c.expression)) {
      if (!answers.includes(field)) throw new FormInvalidError(`/computed/${i}/expression`, { key: 'formNotAQuestion', params: { field } });
    }
  }
  checkIndicatorMappings(form);
  for (const [language, texts] of Object.entries(form.translations ?? {})) {
    for (const pointer of Object.keys(texts ?? {})) {
      const [target, path] = pointer.startsWith('ui:/') ? [form.uiSchema, pointer.slice(3)] : [form.schema, pointer];
      if (typeof resolvePointer(target, path) !== 'string') {
        throw new FormInvalidError(`/translations/${language}/${escape(pointer)}`, { key: 'formTranslationNoText', params: { pointer, target: pointer.startsWith('ui:/') ? 'uiSchema' : 'schema' } });
      }
    }
  }
  return form;
}

/**
 * Answers feeding indicators: the question must exist and be numeric (integer or number), the
 * computed value must exist, the unit must be a UCUM code. Whether the indicator's reference exists
 * is the establishment's catalogue's business, read when a response is sent (docs/integrators.md).
 */
function checkIndicatorMappings(form: FormDefinition): void {
  const properties = form.schema.properties as Record<string, { type?: unknown }>;
  const computed = (form.computed ?? []).map((c) => c.name);
  for (const [i, mapping] of (form.indicators ?? []).entries()) {
    if ('answer' in mapping.from) {
      const field = mapping.from.answer;
      if (!(field in properties)) throw new FormInvalidError(`/indicators/${i}/from/answer`, { key: 'formNotAQuestion', params: { field } });
      const type = properties[field]?.type;
      if (type !== 'number' && type !== 'integer') throw new FormInvalidError(`/indicators/${i}/from/answer`, { key: 'formIndicatorNotNumeric', params: { field } });
    } else if (!computed.includes(mapping.from.computed)) {
      throw new FormInvalidError(`/indicators/${i}/from/computed`, { key: 'formNotAComputedValue', params: { name: mapping.from.computed } });
    }
    if (mapping.unit !== undefined && !ucumUnit(mapping.unit)) throw new FormInvalidError(`/indicators/${i}/unit`, { key: 'formNotAUcumUnit', params: { unit: mapping.unit } });
  }
}

/** Every keyword of every subschema is one ajv checks or an annotation; every format one it knows; no `data-url`. */
function checkKeywordsAndFormats(schema: object): void {
  traverse(schema, { cb: (node, pointer) => {
    for (const key of Object.keys(node)) {
      if (!KNOWN_KEYWORDS.has(key)) throw new FormInvalidError(`/schema${pointer}/${escape(key)}`, { key: 'formUnknownKeyword', params: { keyword: key } });
    }
    const format: unknown = node.format;
    if (format === 'data-url') {
      throw new FormInvalidError(`/schema${pointer}/format`, { key: 'formFileWidget', params: { what: "format 'data-url'" } });
    }
    if (format !== undefined && (typeof format !== 'string' || !(format in probe.formats))) {
      throw new FormInvalidError(`/schema${pointer}/format`, { key: 'formUnknownFormat', params: { format: String(format), known: Object.keys(probe.formats).join(', ') } });
    }
  } });
}

/** rjsf's `file` and `files` widgets answer `data-url` strings, which are not kept: refused wherever they appear. */
function checkNoFileWidget(ui: unknown, path: string): void {
  if (ui === null || typeof ui !== 'object') return;
  for (const [key, value] of Object.entries(ui)) {
    const here = `${path}/${escape(key)}`;
    if (key === 'ui:widget' && (value === 'file' || value === 'files')) {
      throw new FormInvalidError(here, { key: 'formFileWidget', params: { what: `'ui:widget': '${value}'` } });
    }
    checkNoFileWidget(value, here);
  }
}

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

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
