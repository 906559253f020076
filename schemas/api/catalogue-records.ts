/**
 * The contracts of one kind of an establishment's reference catalogue (indicator types, units,
 * alert statuses, intervention levels, form types…): the whole list and a creation under the
 * establishment, an update and a deletion by the record's own id. A kind is one call:
 *
 *   export const formTypeRoutes = recordRoutes({ tags: ['questionnaires'], collection: 'form_types',
 *     param: 'formTypeId', record: 'formType', item: formTypeSchema, body: formTypeBodySchema, summaries });
 *
 * and its four routes are one call on the server (catalogueRecordRoutes, server/care/catalogue/)
 * and one hook on the client (useRecords, client/lib/api/records.ts). 409 answers a name already
 * used (NOT_UNIQUE_ERROR with its `field`) or a record in use.
 */
import type { JSONSchema } from 'json-schema-to-ts';
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { defineRoute } from './contract.ts';
import { recordParams, type RecordKind } from './record-id.ts';

/** 409: a name, symbol or reference already used; a record in use. */
export const catalogueErrors = { ...errorResponses, 409: errorSchema } as const;
export const catalogueNoContent = { 204: { type: 'null' }, ...catalogueErrors } as const;

export function recordRoutes<
  const T extends readonly string[], const C extends string, const K extends string, const R extends RecordKind,
  const Item extends JSONSchema, const Body extends JSONSchema,
>(o: {
  tags: T; collection: C; param: K; record: R; item: Item; body: Body; summaries: { list: string; create: string; update: string; delete: string };
}) {
  const { tags } = o;
  const q = localeOnlyQuerySchema;
  const establishment = recordParams({ id: 'establishment' });
  const params = recordParams({ [o.param]: o.record } as { [P in K]: R });
  return {
    list: defineRoute({
      method: 'GET', url: `/api/establishments/:id/${o.collection}`, tags, summary: o.summaries.list,
      params: establishment, querystring: q, response: { 200: { type: 'array', items: o.item }, ...catalogueErrors },
    }),
    create: defineRoute({
      method: 'POST', url: `/api/establishments/:id/${o.collection}`, tags, summary: o.summaries.create,
      params: establishment, querystring: q, body: o.body, response: { 201: o.item, ...catalogueErrors },
    }),
    update: defineRoute({
      method: 'PUT', url: `/api/${o.collection}/:${o.param}`, tags, summary: o.summaries.update,
      params, querystring: q, body: o.body, response: { 200: o.item, ...catalogueErrors },
    }),
    delete: defineRoute({
      method: 'DELETE', url: `/api/${o.collection}/:${o.param}`, tags, summary: o.summaries.delete, params, querystring: q, response: catalogueNoContent,
    }),
  };
}
