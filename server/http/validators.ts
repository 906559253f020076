/**
 * How each part of a request is checked against its route's schema (issue 19, "Types changed
 * behind the user's back"). Two Ajv instances:
 * - bodies: no type coercion. A body is typed JSON: `null`, `true`, `[72]` or `"71"` where a
 *   number is expected are refused on their field (`body.data.0.value`), never stored as 0, 1, 72
 *   or 71 — a converted clinical value raises or hides alerts;
 * - querystring, params and headers: everything arrives as text, so `page=2` becomes 2 and a
 *   repeated key a list (`coerceTypes: 'array'`).
 * Both fill the schemas' defaults (settings such as a list's page size or a display's period;
 * no body schema defaults a clinical value), refuse unknown fields instead of dropping them
 * (`removeAdditional: false`: `additionalProperties: false` answers 400) and stop at the first
 * error (allErrors invites a denial of service). Both know the named schemas registered by `$id`.
 */
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { RECORD_KEYWORD } from '../../schemas/api/record-id.ts';

const COMMON: Options = {
  removeAdditional: false, useDefaults: true, allErrors: false, allowUnionTypes: true, addUsedSchema: false,
  // `x-record` says what an id identifies (schemas/api/record-id.ts): an annotation, known so strict mode accepts it.
  keywords: [RECORD_KEYWORD],
};

function instance(coerceTypes: Options['coerceTypes'], externalSchemas: Record<string, object>): Ajv {
  const ajv = new Ajv({ ...COMMON, coerceTypes });
  addFormats.default(ajv);
  for (const schema of Object.values(externalSchemas)) ajv.addSchema(schema);
  return ajv;
}

/** One route part's validator, reusing a schema already compiled under its `$id`. */
function compile(ajv: Ajv, schema: { $id?: string }): ValidateFunction {
  return (schema.$id ? ajv.getSchema(schema.$id) : undefined) ?? ajv.compile(schema);
}

type BuildValidator = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];

/**
 * Fastify's validator factory: called with an instance's named schemas, it returns the compiler
 * Fastify calls with each part of each route (`httpPart`). @fastify/ajv-compiler's declaration
 * types that compiler as Ajv's `compile(schema)`, which is not how Fastify calls it: hence the cast.
 */
export const buildValidator = ((externalSchemas: Record<string, object>) => {
  const body = instance(false, externalSchemas);
  const text = instance('array', externalSchemas);
  const compiler: FastifySchemaCompiler<{ $id?: string }> = ({ schema, httpPart }) => compile(httpPart === 'body' ? body : text, schema);
  return compiler;
}) as unknown as BuildValidator;
