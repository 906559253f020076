/**
 * The routes of the running app as the route walks see them (the access matrix, the concurrent
 * writes): found in app.registeredRoutes, so a route added later is walked without anyone listing
 * it, each with the id fields its schemas declare (`recordId('indicator')`,
 * schemas/api/record-id.ts) and a value its schemas accept for every other field.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { recordKindOf, type RecordKind } from '../../../schemas/api/record-id.ts';

export type Location = 'params' | 'querystring' | 'body';

/** Values of fields that are not ids, when the schema's own default or first choice would not reach the handler. */
const SAMPLES: Record<string, unknown> = { page: 'patient-home', version: 1 };

export interface JsonSchema {
  type?: string | string[]; format?: string; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema;
  default?: unknown; const?: unknown; enum?: unknown[]; minimum?: number; minLength?: number; oneOf?: JsonSchema[]; anyOf?: JsonSchema[];
}
/** Names ending in Id that name no record of ours: the patient's identifier in another system (free text, patient form). */
const NOT_IDS = new Set(['externalId']);
const looksLikeId = (name: string, schema: JsonSchema) =>
  name === 'id' || (/Ids?$/.test(name) && !NOT_IDS.has(name)) || schema.format === 'uuid' || recordKindOf(schema) !== undefined;
/** A list of ids (`serviceIds`, or items that are ids): driven with a one-id list. */
const isIdList = (name: string, schema: JsonSchema) => schema.items !== undefined && (looksLikeId('', schema.items) || /Ids$/.test(name));

/** A value the schema accepts, for the fields that are not ids. */
export function sample(schema: JsonSchema, name = ''): unknown {
  if (name in SAMPLES) return SAMPLES[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branch = (schema.oneOf ?? schema.anyOf)?.find((b) => b.type !== 'null');
  if (branch) return sample(branch, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries((schema.required ?? []).map((p) => [p, sample(schema.properties?.[p] ?? {}, p)]));
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  // A string of a format the validator checks: a valid one (a past day, an instant), so the call reaches the ids.
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'date-time') return '2026-01-15T08:00:00.000Z';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** `item`: for an id inside list items (`boundaries[].levelId`), the items' schema: the call sends one such item. */
export interface IdField { location: Location; name: string; kind: RecordKind | undefined; required: boolean; list: boolean; item?: JsonSchema }
export interface Route { method: string; url: string; schema: FastifySchema; fields: IdField[]; multipart: boolean }

/**
 * The id fields of a schema, its kind as declared. Nested objects are walked (`filters.serviceIds`),
 * and objects in lists (`boundaries[].levelId`: driven with a one-item list).
 */
function idFields(location: Location, schema: JsonSchema | undefined, prefix = '', item?: JsonSchema): IdField[] {
  const out: IdField[] = [];
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const path = `${prefix}${name}`;
    const required = (schema?.required ?? []).includes(name);
    if (isIdList(name, property)) {
      out.push({ location, name: path, kind: recordKindOf(property.items), required, list: true, item });
    } else if (looksLikeId(name, property)) {
      out.push({ location, name: path, kind: recordKindOf(property), required, list: false, item });
    } else if (property.properties) {
      out.push(...idFields(location, property, `${path}.`, item));
    } else if (property.items?.properties && !item) {
      out.push(...idFields(location, property.items, `${path}[].`, property.items));
    }
  }
  return out;
}

/** Every registered route but HEAD, once each, with its id fields. */
export function registeredRoutes(app: FastifyInstance): Route[] {
  const seen = new Set<string>();
  return app.registeredRoutes
    .filter((r) => r.method !== 'HEAD' && !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`))
    .map((r) => {
      const schema = (r.schema ?? {}) as FastifySchema & { consumes?: string[] };
      const fields = (['params', 'querystring', 'body'] as const)
        .flatMap((location) => idFields(location, schema[location] as JsonSchema | undefined));
      return { method: r.method, url: r.url, schema, fields, multipart: (schema.consumes ?? []).includes('multipart/form-data') };
    });
}
