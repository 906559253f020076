/**
 * A form's body checked on the client against the very JSON Schema its route declares
 * (schemas/api/: the contract's `body`), before it is sent, so an empty or incomplete form is said
 * on its fields at once rather than by a 400. The server checks it again (it is the authority).
 * Messages by field, keyed as the server names them (`body.name.fr`), in the interface's language:
 * a required field left empty (missing, or only spaces) is spec 001 §5's "This field is required";
 * a length outside the schema's bounds says the bound; anything else the schema refuses, invalid.
 * Interpreted by @cfworker/json-schema (no code generation: the Content-Security-Policy forbids eval).
 */
import { Validator, type Schema } from '@cfworker/json-schema';
import type { TFunction } from 'i18next';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** `#/name/fr` → `body.name.fr`. */
const fieldOf = (instanceLocation: string, property?: string) =>
  ['body', ...instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean), ...(property ? [property] : [])].join('.');

/** Required properties holding a blank string, at any depth the schema describes: empty for a person. */
function blankRequired(schema: unknown, value: unknown, at: string, out: Record<string, string>, required: string) {
  if (!isObject(schema) || !isObject(value)) return;
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const name of Array.isArray(schema.required) ? schema.required as string[] : []) {
    if (typeof value[name] === 'string' && (value[name] as string).trim() === '') out[`${at}.${name}`] ??= required;
  }
  for (const [name, sub] of Object.entries(properties)) blankRequired(sub, value[name], `${at}.${name}`, out, required);
}

export function bodyErrors(schema: object, body: unknown, t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  const required = t('validation.field_required');
  blankRequired(schema, body, 'body', out, required);
  const { errors } = new Validator(schema as Schema, '7', false).validate(body);
  for (const e of errors) {
    // Parents repeat their children's failure ("does not match schema"): the child's says it on its field.
    if (e.keyword === 'properties' || e.keyword === 'items' || e.keyword === 'allOf' || e.keyword === '$ref') continue;
    const bound = Number(/\((?:\d+) [<>] (\d+)\)/.exec(e.error)?.[1]);
    if (e.keyword === 'required') {
      const property = /"([^"]+)"/.exec(e.error)?.[1];
      out[fieldOf(e.instanceLocation, property)] ??= required;
    } else if (e.keyword === 'minLength') out[fieldOf(e.instanceLocation)] ??= t('validation.value_too_short', { min: bound });
    else if (e.keyword === 'maxLength') out[fieldOf(e.instanceLocation)] ??= t('validation.value_too_long', { max: bound });
    else out[fieldOf(e.instanceLocation)] ??= t('validation.invalid');
  }
  return out;
}
