/**
 * Issue 8, "Bad input": every registered route — found in the running app, so routes added
 * later are walked too — receives at least MIN_PER_ROUTE malformed requests derived from its
 * schemas (params, query, body: huge integers, NUL bytes, lone surrogates, bad encodings, wrong
 * types, deep nesting, broken JSON and multipart, plus fast-check's random values), sent by a
 * logged-in user with the anti-forgery token so the routes behind the session are reached.
 * None may answer 5xx; every answer carries the security headers and a request id (and the
 * session header on /api); every error is `{ code, message }` with a stable code whose message
 * is the translation of the answer's language.
 *
 * Coverage by class, not by repetition: the values are grouped into classes (NUL bytes, bad
 * encodings, huge numbers, deep nesting, broken multipart...). Each place of each route (every
 * path parameter, query key and body property, one level deep) receives one value of every class,
 * the next value of that class at the next place of the same kind, so that every value of every
 * class reaches every kind of place (path, query, body) somewhere in the walk — the test checks
 * it — while a route receives about a third of the requests it did when it got every value at
 * every place. Whole bodies go the same way (every value to a route that takes files); the six
 * bad headers and MIN_RANDOM fast-check values go to every route.
 *
 * Also here: every integer of every contract in schemas/ is bounded (the class behind
 * `page=1e17` and `versions/2^63/restore` answering 500).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };

const MIN_PER_ROUTE = 60;
/** fast-check values sent to every route, beyond the classes. */
const MIN_RANDOM = 30;
const MESSAGES: Record<string, Record<string, string>> = { fr: fr.errors, en: en.errors, ar: ar.errors };
const LANGUAGES = ['fr', 'en', 'ar'] as const;

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: readonly string[]; items?: Schema; enum?: readonly unknown[]; const?: unknown; format?: string; minimum?: number; anyOf?: Schema[]; oneOf?: Schema[]; default?: unknown };
interface Route { method: string; url: string; schema?: { params?: Schema; querystring?: Schema; body?: Schema; consumes?: string[] } }
interface Malformed { what: string; path: string; query: string; headers?: Record<string, string>; payload?: string }

let gw: TestGateway;
let browser: Browser;
let knownId: string;
beforeAll(async () => {
  gw = await startGateway();
  browser = await login(gw.app, demoEmail('superadmin'));
  knownId = (await browser.agent.get('/api/establishments').expect(200)).body.data[0].id;
});
afterAll(async () => { await gw?.close(); });

// ---- values, by class ---------------------------------------------------------------------------

type Classes = Record<string, readonly string[]>;

/** Path or query fragments, already percent-encoded as a client could send them. */
const BAD_URL_VALUES: Classes = {
  'NUL bytes': ['%00', 'a%00b'],
  'lone surrogates and bad UTF-8': ['%ED%A0%80', '%ED%B0%80x', '%C0%AF', '%FF', '%E0%A4%A'],
  'escapes and traversal': ['%25', '%2F..%2F..', '..', '%20'],
  'huge integers': ['1e17', '1e300', '9223372036854775807', '9223372036854775808', '-9223372036854775809', '2147483648'],
  'edge and odd numbers': ['-1', '0', 'NaN', 'Infinity', '0x10', '1.5'],
  'words and brackets': ['true', 'null', '%7B%7D', '%5B%5D'],
  'long text': ['a'.repeat(300), encodeURIComponent('é'.repeat(60))],
  'controls and injections': [encodeURIComponent('\u202e\u200b'), encodeURIComponent('<script>'), encodeURIComponent("' or 1=1 --")],
  'edge UUIDs': ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '00000000-0000-4000-8000-00000000000g'],
};
const DEEP = (n: number) => '['.repeat(n) + ']'.repeat(n);
/** JSON texts put in place of one value of a body. */
const BAD_JSON_VALUES: Classes = {
  'null and booleans': ['null', 'true', 'false'],
  'edge numbers': ['0', '-1', '1.5'],
  'huge numbers': ['1e300', '-1e300', '9223372036854775808', '9007199254740993', '2147483648'],
  'NUL bytes and lone surrogates': ['"\\u0000"', '"a\\u0000b"', '"\\ud800"', '"x\\udc00"'],
  'strings for other types': ['""', '"2147483648"', '"NaN"', '"00000000-0000-0000-0000-000000000000"'],
  'a 100,000-character string': [JSON.stringify('x'.repeat(100_000))],
  'arrays and objects': ['[]', '[null]', '{}', '{"__proto__":{"x":1}}', '{"\\u0000":1}'],
  'deep nesting': [DEEP(70), DEEP(63)],
};
/** Whole bodies and their content types, by class. */
const BAD_BODIES: Record<string, [string, string, string][]> = {
  'broken JSON': [
    ['JSON cut short', 'application/json', '{"a":'],
    ['empty JSON', 'application/json', ''],
    ['JSON with trailing comma', 'application/json', '{"a":1,}'],
  ],
  'JSON that is not an object': [
    ['JSON array', 'application/json', '[]'],
    ['JSON string', 'application/json', '"x"'],
    ['JSON number', 'application/json', '1e999'],
    ['JSON null', 'application/json', 'null'],
  ],
  'deep JSON': [
    ['JSON 10,000 levels deep', 'application/json', DEEP(10_000)],
    ['JSON 65 levels deep in an object', 'application/json', `{"a":${DEEP(64)}}`],
  ],
  'poisoned keys': [
    ['prototype poisoning', 'application/json', '{"__proto__":{"admin":true}}'],
    ['constructor poisoning', 'application/json', '{"constructor":{"prototype":{"admin":true}}}'],
    ['a NUL key', 'application/json', '{"\\u0000":"x"}'],
  ],
  charsets: [
    ['invalid UTF-8', 'application/json; charset=utf-8', '{"a":"\xff\xfe"}'],
    ['latin1 charset', 'application/json; charset=latin1', '{"a":"é"}'],
  ],
  'other content types': [
    ['text/plain', 'text/plain', 'hello\u0000'],
    ['unknown type', 'application/x-unknown', 'abc'],
    ['form urlencoded', 'application/x-www-form-urlencoded', 'a=%00&b=1e300'],
    ['xml', 'application/xml', '<a/>'],
  ],
  'broken multipart': [
    ['multipart without boundary', 'multipart/form-data', 'abc'],
    ['multipart with an empty boundary', 'multipart/form-data; boundary=', 'abc'],
    ['multipart with a 300-character boundary', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'abc'],
    ['multipart cut short', 'multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'],
    ['multipart cut in a header', 'multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-da'],
    ['multipart with a NUL file name', 'multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n\r\nabc\r\n--xx--\r\n'],
    ['multipart field instead of a file', 'multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="f"\r\n\r\n\u0000\r\n--xx--\r\n'],
    ['multipart with no parts', 'multipart/form-data; boundary=xx', '--xx--\r\n'],
  ],
};
/** Whole query strings a parser may choke on. */
const BAD_QUERIES: Classes = { 'broken query strings': ['%', '%%00', '&&&', '=', 'a[b]=1', 'a[__proto__][x]=1', '__proto__=1', 'constructor[prototype]=1', 'x'.repeat(8000)] };

/**
 * The next value of a class for a kind of place (`params`, `query`, `body`, `bodies`...): each
 * value in turn, so that the walk sends every one of them to every kind of place. `sent` keeps
 * which were, for the check at the end.
 */
const turns = new Map<string, number>();
const sent = new Set<string>();
function next<T>(kind: string, classes: Record<string, readonly T[]>, name: string): T {
  const values = classes[name]!;
  const turn = turns.get(`${kind}/${name}`) ?? 0;
  turns.set(`${kind}/${name}`, turn + 1);
  sent.add(`${kind}/${name}/${turn % values.length}`);
  return values[turn % values.length]!;
}
/** One value of every class, for one place of a kind. */
const oneOfEach = <T>(kind: string, classes: Record<string, readonly T[]>) => Object.keys(classes).map((name) => next(kind, classes, name));
/** Every (kind, class, value) that `next` would give to a kind, for the check at the end. */
const allOf = (kind: string, classes: Record<string, readonly unknown[]>) => Object.entries(classes).flatMap(([name, values]) => values.map((_v, i) => `${kind}/${name}/${i}`));

/** fast-check's values, from a fixed seed so that a failure replays. */
const randomStrings = fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { numRuns: 400, seed: 8 });
const randomCodeUnits = fc.sample(fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((units) => String.fromCharCode(...units)), { numRuns: 400, seed: 86 });
const randomJson = fc.sample(fc.jsonValue({ maxDepth: 4 }), { numRuns: 400, seed: 6 }).map((v) => JSON.stringify(v) ?? 'null');
const randomIntegers = fc.sample(fc.oneof(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.double().map(String)), { numRuns: 400, seed: 3 }).map(String);

// ---- requests derived from a route's schemas --------------------------------------------------

function firstBranch(schema: Schema): Schema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
}

/** A value the schema accepts, as far as it can be guessed: the base that one mutation at a time breaks. */
function validValue(raw: Schema | undefined, depth = 0): unknown {
  const schema = raw ? firstBranch(raw) : {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = [schema.type].flat()[0];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object' || schema.properties) {
    if (depth > 4) return {};
    return Object.fromEntries((schema.required ?? []).map((key) => [key, validValue(schema.properties?.[key], depth + 1)]));
  }
  if (schema.format === 'uuid') return knownId;
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'email') return demoEmail('superadmin');
  return 'x';
}

/** Every property path of a body schema, one level of nesting deep. */
function bodyPaths(schema: Schema | undefined): string[][] {
  const paths: string[][] = [];
  for (const [key, child] of Object.entries(firstBranch(schema ?? {}).properties ?? {})) {
    paths.push([key]);
    for (const nested of Object.keys(firstBranch(child).properties ?? {})) paths.push([key, nested]);
  }
  return paths;
}

/** `base` with the value at `at` replaced by a JSON text (spliced in as text: some are not valid JS values). */
function bodyWith(base: unknown, at: string[], json: string): string {
  const marker = '"\u0001MARK\u0001"';
  const copy = structuredClone(base ?? {}) as Record<string, unknown>;
  let target = copy;
  for (const key of at.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  target[at.at(-1)!] = '\u0001MARK\u0001';
  return JSON.stringify(copy).replace(marker, json);
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent the way a careless
 * client would: its three WTF-8 bytes (`%ED%A0%80`).
 */
function encode(value: string): string {
  return value.replace(/\p{Cs}|[^\p{Cs}]+/gu, (part) => {
    if (!/^\p{Cs}$/u.test(part)) return encodeURIComponent(part);
    const unit = part.charCodeAt(0);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  });
}

function encodeQuery(query: Record<string, unknown>): string {
  return Object.entries(query).map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : JSON.stringify(v))}`).join('&');
}

function malformedRequests(route: Route): Malformed[] {
  const { schema = {} } = route;
  const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? '*');
  const validParams = Object.fromEntries(paramNames.map((name) => {
    const value = validValue(schema.params?.properties?.[name]);
    return [name, encodeURIComponent(String(value === 'x' && name === 'page' ? 'dashboard' : value))];
  }));
  const pathWith = (params: Record<string, string>) => route.url.replace(/:([A-Za-z_]+)|\*/g, (_m, name: string | undefined) => params[name ?? '*']!);
  const validPath = pathWith(validParams);
  const validQuery = validValue(schema.querystring) as Record<string, unknown>;
  const queryText = encodeQuery(validQuery);
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  const validBody = validValue(schema.body);
  const json = { 'content-type': 'application/json' };
  const withBody = (payload: string) => (hasBody ? { headers: json, payload } : {});
  const validPayload = JSON.stringify(validBody ?? {});
  const out: Malformed[] = [];

  for (const name of paramNames) {
    for (const bad of oneOfEach('params', BAD_URL_VALUES)) out.push({ what: `params.${name}=${bad.slice(0, 20)}`, path: pathWith({ ...validParams, [name]: bad }), query: queryText, ...withBody(validPayload) });
    out.push({ what: `params.${name} 5,000 long`, path: pathWith({ ...validParams, [name]: 'a'.repeat(5000) }), query: queryText });
  }
  const queryKeys = [...Object.keys(firstBranch(schema.querystring ?? {}).properties ?? {}), 'page', 'l', 'unknown\u0000'];
  for (const key of new Set(queryKeys)) {
    for (const bad of oneOfEach('query', BAD_URL_VALUES)) {
      out.push({ what: `query.${key}=${bad.slice(0, 20)}`, path: validPath, query: `${encodeQuery({ ...validQuery, [key]: '' }).replace(`${encode(key)}=`, `${encode(key)}=${bad}`)}`, ...withBody(validPayload) });
    }
    out.push({ what: `query.${key} twice`, path: validPath, query: `${queryText}&${encode(key)}=1&${encode(key)}=2` });
  }
  for (const bad of oneOfEach('queries', BAD_QUERIES)) out.push({ what: `query ${bad.slice(0, 20)}`, path: validPath, query: bad });
  if (hasBody) {
    for (const at of bodyPaths(schema.body)) {
      for (const bad of oneOfEach('body', BAD_JSON_VALUES)) out.push({ what: `body.${at.join('.')}=${bad.slice(0, 20)}`, path: validPath, query: queryText, headers: json, payload: bodyWith(validBody, at, bad) });
    }
    // A route that takes files gets every broken multipart: its parser is the one they are for.
    const takesFiles = schema.consumes?.some((type) => type.startsWith('multipart/')) ?? false;
    const bodies = takesFiles ? [...oneOfEach('bodies', BAD_BODIES), ...BAD_BODIES['broken multipart']!] : oneOfEach('bodies', BAD_BODIES);
    for (const [what, type, payload] of bodies) out.push({ what: `body: ${what}`, path: validPath, query: queryText, headers: { 'content-type': type }, payload });
  }
  for (const [what, headers] of [
    ['content-length too short', { 'content-type': 'application/json', 'content-length': '1' }],
    ['Accept-Language garbage', { 'accept-language': '\u00ff;q=x,,,*;q=1e300' }],
    ['X-Timezone garbage', { 'x-timezone': '../../etc/passwd' }],
    ['If-None-Match garbage', { 'if-none-match': '"\u00ff' }],
    ['Accept-Encoding garbage', { 'accept-encoding': 'br;q=x, gzip;q=-1, *;q=1e300' }],
    ['Range garbage', { range: 'bytes=9223372036854775808-' }],
  ] as [string, Record<string, string>][]) out.push({ what, path: validPath, query: queryText, headers: { ...headers }, payload: hasBody ? validPayload : undefined });

  // Top up with fast-check's values, in turn in each place a value can go.
  const places = [
    ...paramNames.map((name) => (v: string) => ({ path: pathWith({ ...validParams, [name]: encode(v) }), query: queryText })),
    ...[...new Set(queryKeys)].map((key) => (v: string) => ({ path: validPath, query: encodeQuery({ ...validQuery, [key]: v }) })),
  ];
  const paths = hasBody ? bodyPaths(schema.body) : [];
  // Each route starts further into fast-check's samples: the walk sends all of them, not the first few to every route.
  const offset = (turns.get('random') ?? 0);
  for (let i = 0; out.length < MIN_PER_ROUTE || i < MIN_RANDOM; i++) {
    const n = (offset + i) % 400;
    turns.set('random', offset + i + 1);
    const random = [randomStrings, randomCodeUnits, randomIntegers][i % 3]![n]!;
    if (hasBody && (paths.length === 0 || i % 2 === 0)) {
      const at = paths[i % Math.max(paths.length, 1)];
      const payload = at ? bodyWith(validBody, at, i % 4 === 0 ? randomJson[n]! : JSON.stringify(random)) : randomJson[n]!;
      out.push({ what: `fast-check body ${i}`, path: validPath, query: queryText, headers: json, payload });
    } else {
      const place = places[i % places.length]!;
      out.push({ what: `fast-check ${i}`, ...place(random) });
    }
  }
  return out;
}

// ---- the walk ---------------------------------------------------------------------------------

/** Routes @fastify/static registered for the built client's files: not the app's answers to check here. */
function clientFiles(root: string): Set<string> {
  if (!existsSync(root)) return new Set();
  return new Set(readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .map((e) => `/${path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`));
}

function routesToWalk(): Route[] {
  const files = clientFiles(path.resolve(gw.config.clientDist));
  const seen = new Set<string>();
  return (gw.app.registeredRoutes as Route[]).filter((r) => !files.has(r.url) && !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
}

function problemsOf(route: Route, request: Malformed, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const where = `${route.method} ${route.url} [${request.what}] → ${res.statusCode}`;
  if (res.statusCode >= 500) problems.push(`${where}: 5xx ${res.body.slice(0, 200)}`);
  if (!String(res.headers['content-security-policy'] ?? '').includes("default-src 'self'")) problems.push(`${where}: no Content-Security-Policy`);
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push(`${where}: no X-Content-Type-Options`);
  if (!/^[A-Za-z0-9._-]{8,64}$/.test(String(res.headers['x-request-id']))) problems.push(`${where}: no X-Request-Id`);
  if (route.url.startsWith('/api') && res.headers['x-session-expires-in'] === undefined) problems.push(`${where}: no X-Session-Expires-In`);
  if (res.statusCode >= 400 && route.method !== 'HEAD') {
    let body: { code?: unknown; message?: unknown } = {};
    try { body = res.json(); } catch { problems.push(`${where}: not JSON: ${res.body.slice(0, 100)}`); }
    const language = String(res.headers['content-language']);
    const template = typeof body.code === 'string' && /^[A-Za-z_]+$/.test(body.code) ? MESSAGES[language]?.[body.code] : undefined;
    if (!template) problems.push(`${where}: code ${String(body.code)} has no ${language} message`);
    else if (typeof body.message !== 'string' || !body.message.startsWith(template.split('{{')[0]!)) problems.push(`${where}: message "${String(body.message)}" is not the ${language} text of ${String(body.code)}`);
  }
  return problems;
}

describe('every registered route, fed malformed requests', () => {
  it(`answers none with a 5xx, and every one through the app (at least ${MIN_PER_ROUTE} per route)`, async () => {
    const routes = routesToWalk();
    for (const prefix of ['/api/', '/ui/', '/auth/']) expect(routes.some((r) => r.url.startsWith(prefix)), prefix).toBe(true);
    const problems: string[] = [];
    const counts: Record<string, { n: number; ms: number }> = {};
    let requestCount = 0;
    for (const route of routes) {
      const started = performance.now();
      const requests = malformedRequests(route);
      expect(requests.length, `${route.method} ${route.url}`).toBeGreaterThanOrEqual(MIN_PER_ROUTE);
      for (const request of requests) {
        const language = LANGUAGES[requestCount++ % 3]!;
        const res = await gw.app.inject({
          method: route.method as 'GET',
          url: `${request.path}?${request.query}${request.query ? '&' : ''}l=${language}`,
          headers: { cookie: browser.sessionCookie.split(';')[0]!, 'x-csrf-token': browser.csrf, ...request.headers },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        problems.push(...problemsOf(route, request, res));
      }
      counts[`${route.method} ${route.url}`] = { n: requests.length, ms: Math.round(performance.now() - started) };
      // A malformed call may still have ended the session (a logout): the next route needs one.
      if ((await gw.app.inject({ url: '/api/me', headers: { cookie: browser.sessionCookie.split(';')[0]! } })).statusCode !== 200) {
        browser = await login(gw.app, demoEmail('superadmin'));
      }
    }
    console.log(`malformed requests per route (${requestCount} in all, ${routes.length} routes):\n${Object.entries(counts).map(([r, { n, ms }]) => `  ${String(n).padStart(5)} ${String(ms).padStart(6)} ms  ${r}`).join('\n')}`);
    expect(problems.slice(0, 40)).toEqual([]);
    // Fewer values per route, none left out: every value of every class reached every kind of place.
    const expected = [
      ...allOf('params', BAD_URL_VALUES), ...allOf('query', BAD_URL_VALUES), ...allOf('queries', BAD_QUERIES),
      ...allOf('body', BAD_JSON_VALUES), ...allOf('bodies', BAD_BODIES),
    ];
    expect(expected.filter((value) => !sent.has(value))).toEqual([]);
  }, 600_000);
});

// ---- integers in the contracts -------------------------------------------------------------------

describe('every integer in schemas/', () => {
  it('has a minimum and a maximum', async () => {
    const dir = path.resolve('schemas');
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.ts'))
      .map((e) => path.join(e.parentPath, e.name));
    const unbounded: string[] = [];
    const visit = (value: unknown, where: string, seen: Set<unknown>) => {
      if (value === null || typeof value !== 'object' || seen.has(value)) return;
      seen.add(value);
      const node = value as Record<string, unknown>;
      if ([node.type].flat().includes('integer') && (typeof node.minimum !== 'number' || typeof node.maximum !== 'number') && node.const === undefined && !node.enum) unbounded.push(where);
      for (const [key, child] of Object.entries(node)) visit(child, `${where}.${key}`, seen);
    };
    for (const file of files) {
      const module = await import(file) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) visit(value, `${path.relative(dir, file)}:${name}`, new Set());
    }
    expect(files.length).toBeGreaterThan(5);
    expect(unbounded).toEqual([]);
  });
});
