/**
 * A route contract: one object per route, shared by the server (server/http/route.ts registers
 * it: validation, serialization, OpenAPI) and the client (client/lib/api/call.ts calls it). The
 * types of params, query, body and answer are derived from its JSON Schemas with FromSchema, so
 * neither side writes them by hand.
 *
 * Route contracts rather than openapi-typescript + openapi-fetch: our schemas are already
 * TypeScript `as const` JSON Schemas, so the types come from them directly, with no generation
 * step, no generated file to keep in step, and the same object drives Fastify's validation.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContract {
  method: HttpMethod;
  /** The whole address the browser calls, `:name` for a path parameter: `/api/patient_files/:id`. */
  url: string;
  summary: string;
  tags: readonly string[];
  params?: JSONSchema;
  querystring?: JSONSchema;
  /** A JSON body; with `consumes: ['multipart/form-data']` the body is FormData and has no schema. */
  body?: JSONSchema;
  consumes?: readonly string[];
  /** Answers by status. The success one (200, 201 or 204) types the handler's return and the client's result. */
  response: Readonly<Record<number, JSONSchema>>;
  /** Only in the contract: hides the route from /openapi.json (published files, logos). */
  hide?: boolean;
  /**
   * A POST that stores nothing (a search whose criteria travel in a body). Every other POST of the
   * care API honours `Idempotency-Key` (server/care/idempotency/); this one has no use for it.
   */
  readOnly?: true;
}

/** Keeps the literal types of a contract (its schemas' `as const` shapes) while checking its form. */
export const defineRoute = <const C extends RouteContract>(contract: C): C => contract;

/** What the server receives, defaults applied (Fastify's Ajv fills them). */
type Received<S> = S extends JSONSchema ? FromSchema<S> : undefined;
/** What a caller sends: a property with a default may be left out. */
type Sent<S> = S extends JSONSchema ? FromSchema<S, { keepDefaultedPropertiesOptional: true }> : undefined;

export type ParamsOf<C extends RouteContract> = Received<C['params']>;
export type QueryOf<C extends RouteContract> = Received<C['querystring']>;
export type BodyOf<C extends RouteContract> = Received<C['body']>;

export type SuccessStatus<C extends RouteContract> =
  200 extends keyof C['response'] ? 200 : 201 extends keyof C['response'] ? 201 : 204 extends keyof C['response'] ? 204 : never;
/** The body of the success answer; `undefined` for 204. */
export type ReplyOf<C extends RouteContract> =
  SuccessStatus<C> extends 204 ? undefined : C['response'][SuccessStatus<C>] extends infer S ? Received<S> : never;

type IsMultipart<C extends RouteContract> = C['consumes'] extends readonly ['multipart/form-data'] ? true : false;

/** The options of a call: params and body required when the contract has them. */
export type CallInput<C extends RouteContract> =
  (C['params'] extends JSONSchema ? { params: Sent<C['params']> } : { params?: undefined })
  & (IsMultipart<C> extends true ? { body: FormData } : C['body'] extends JSONSchema ? { body: Sent<C['body']> } : { body?: undefined })
  & { query?: Sent<C['querystring']> };

/** `/api/patient_files/:id` + `{ id }` → `/api/patient_files/<id>`, each value URL-encoded. */
export function pathOf(url: string, params: Record<string, unknown> | undefined): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${url}: parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
}
