/**
 * Issue 19, "Types changed behind the user's back": a request body is never coerced. For every
 * route with a JSON body — found in the running app, so routes added later are walked too — every
 * field of the body schema (properties, nested objects, list items, at any depth) receives in turn
 * `null`, `true`, `[value]`, `{}` and, for a number, the number as a string (for a string, a
 * number), each time in an otherwise valid body and only where the schema does not allow that
 * type. Each must be refused by validation: 400 `validation_error` naming that field
 * (`body.data.0.value`). A validation error answers before any handler runs, so nothing is
 * stored; with coercion, `null` became 0, `true` 1, `[72]` 72 and `"71"` 71 and reached the
 * handler (a measure of 0 stored and a red alert raised).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, loginToken, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';

interface Schema {
  type?: string | string[]; properties?: Record<string, Schema>; required?: readonly string[]; items?: Schema;
  enum?: readonly unknown[]; const?: unknown; format?: string; minimum?: number; minLength?: number; pattern?: string;
  anyOf?: Schema[]; oneOf?: Schema[]; default?: unknown; minItems?: number;
}
interface Route { method: string; url: string; schema?: { params?: Schema; querystring?: Schema; body?: Schema; consumes?: string[] } }
type Path = (string | number)[];

let gw: TestGateway;
let browser: Browser;
beforeAll(async () => {
  gw = await startGateway();
  browser = await login(gw.app, demoEmail('superadmin'));
});
afterAll(async () => { await gw?.close(); });

const firstBranch = (schema: Schema): Schema => schema.anyOf?.find((b) => b.type !== 'null') ?? schema.oneOf?.find((b) => b.type !== 'null') ?? schema;

/** The JSON types a schema allows (its own, its branches', its enum's or const's); empty: any value. */
function typesOf(schema: Schema): Set<string> {
  const types = new Set<string>([schema.type ?? []].flat());
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) for (const t of typesOf(branch)) types.add(t);
  for (const value of [...(schema.enum ?? []), ...(schema.const === undefined ? [] : [schema.const])]) {
    types.add(value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  }
  if (types.has('integer')) types.add('number');
  return types;
}

/** A value the schema accepts: the base that one wrong type at a time breaks. */
function validValue(raw: Schema | undefined, depth = 0): unknown {
  const schema = firstBranch(raw ?? {});
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = [schema.type].flat().find((t) => t !== 'null');
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  if (type === 'array') return Array.from({ length: schema.minItems ?? 0 }, () => validValue(schema.items, depth + 1));
  if (type === 'object' || schema.properties) {
    if (depth > 6) return {};
    return Object.fromEntries((schema.required ?? []).map((key) => [key, validValue(schema.properties?.[key], depth + 1)]));
  }
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'date-time') return '2026-01-15T08:00:00.000Z';
  if (schema.format === 'email') return 'someone@example.org';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** Every field of a body schema with its path: object properties and list items (as item 0), at any depth. */
function fieldsOf(schema: Schema, path: Path = [], depth = 0): { path: Path; schema: Schema }[] {
  if (depth > 6) return [];
  const own = path.length ? [{ path, schema }] : [];
  const branch = firstBranch(schema);
  const children = [
    ...Object.entries(branch.properties ?? {}).map(([key, child]) => fieldsOf(child, [...path, key], depth + 1)),
    ...(branch.items ? [fieldsOf(branch.items, [...path, 0], depth + 1)] : []),
  ];
  return [...own, ...children.flat()];
}

/** `base` with `value` at `path`, the containers on the way created valid (a list gets one item). */
function bodyWith(schema: Schema, base: unknown, path: Path, value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const branch = firstBranch(schema);
  const child = typeof key === 'number' ? branch.items ?? {} : branch.properties?.[key] ?? {};
  if (typeof key === 'number') {
    const list = Array.isArray(base) && base.length ? [...base] : [validValue(child)];
    list[0] = bodyWith(child, list[0], rest, value);
    return list;
  }
  const object = { ...(typeof base === 'object' && base !== null ? base : validValue(branch)) as Record<string, unknown> };
  object[key] = bodyWith(child, key in object ? object[key] : validValue(child), rest, value);
  return object;
}

/** The values of a type the field does not allow: each must be refused on it. */
function wrongValues(schema: Schema): [string, unknown][] {
  const types = typesOf(schema);
  if (!types.size) return [];
  const valid = validValue(schema);
  const wrong: [string, unknown][] = [];
  if (!types.has('null')) wrong.push(['null', null]);
  if (!types.has('boolean')) wrong.push(['true', true]);
  if (!types.has('array')) wrong.push(['[value]', [valid]]);
  if (!types.has('object')) wrong.push(['{}', {}]);
  if (types.has('number') && !types.has('string')) wrong.push(['number as a string', String(valid)]);
  if (types.has('string') && !types.has('number')) wrong.push(['a number', 12]);
  return wrong;
}

function routesWithJsonBodies(): Route[] {
  const seen = new Set<string>();
  return (gw.app.registeredRoutes as Route[]).filter((r) => r.schema?.body && !r.schema.consumes?.some((c) => c.startsWith('multipart'))
    && !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
}

const sessionHeaders = () => ({ cookie: browser.sessionCookie.split(';')[0]!, 'x-csrf-token': browser.csrf });

/** The login page's forms check the page's own anti-forgery token (its nonce cookie) before reading the body. */
async function loginPageHeaders(): Promise<Record<string, string>> {
  const page = await gw.app.inject({ url: '/auth/login' });
  const nonce = ([] as string[]).concat(page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => /^(__Host-)?login=/.test(c));
  return { cookie: nonce!, 'x-csrf-token': loginToken(page.body)! };
}

function urlOf(route: Route): string {
  const params = validValue(route.schema?.params) as Record<string, unknown>;
  const path = route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? randomUUID())));
  const query = new URLSearchParams(Object.entries(validValue(route.schema?.querystring) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  return query.size ? `${path}?${query}` : path;
}

describe('request bodies, fed values of the wrong type', () => {
  it('refuses every one on its field, for every field of every route with a JSON body', async () => {
    const routes = routesWithJsonBodies();
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    let probes = 0;
    for (const route of routes) {
      const body = route.schema!.body!;
      const base = validValue(body);
      const url = urlOf(route);
      for (const field of fieldsOf(body)) {
        const expected = ['body', ...field.path].join('.');
        for (const [what, value] of wrongValues(field.schema)) {
          probes++;
          const res = await gw.app.inject({
            method: route.method as 'POST', url,
            headers: { ...(route.url.startsWith('/auth/') ? await loginPageHeaders() : sessionHeaders()), 'content-type': 'application/json' },
            payload: JSON.stringify(bodyWith(body, base, field.path, value)),
          });
          const answer = res.statusCode === 400 ? res.json() as { code: string; field?: string } : undefined;
          // The login page's forms name a field by its label, in their own codes (server/auth/form-errors.ts).
          const refused = (answer?.code === 'validation_error' || route.url.startsWith('/auth/'))
            && (answer?.field === expected || answer?.field?.startsWith(`${expected}.`));
          if (!refused) problems.push(`${route.method} ${route.url} ${expected} = ${what} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    console.log(`body-types: ${probes} probes over ${routes.length} routes, ${problems.length} not refused on their field`);
    expect(probes).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  }, 120_000);
});
