/**
 * Issue 8, Security 6 and "Bad input": answers the framework or its plugins produce — a URL the
 * router refuses, a parameter too long, bad JSON, content types, multipart framing — go through
 * the app: security headers, X-Request-Id, X-Session-Expires-In on /api, and `{ code, message }`
 * in the caller's language. The classes of input that answered 500 (huge integers, NUL bytes,
 * lone surrogates, deep nesting, broken multipart) answer 400.
 */
import { connect, type AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCareApi } from '../../server/care-app.ts';
import { loadConfig } from '../../server/config.ts';
import { demoEmail, login, loginToken, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };

const MESSAGES: Record<string, Record<string, string>> = { fr: fr.errors, en: en.errors, ar: ar.errors };
const UUID = '00000000-0000-4000-8000-000000000000';
const DEEP_BODY = '['.repeat(10_000) + ']'.repeat(10_000);

let gw: TestGateway;
let browser: Browser;
beforeAll(async () => {
  gw = await startGateway();
  browser = await login(gw.app, demoEmail('superadmin'));
});
afterAll(async () => { await gw?.close(); });

/** Through the app (no socket), as the logged-in browser unless `anonymous`. */
function send(options: InjectOptions & { anonymous?: boolean }) {
  const { anonymous, headers, ...rest } = options;
  const session = anonymous ? {} : { cookie: browser.sessionCookie.split(';')[0]!, 'x-csrf-token': browser.csrf };
  return gw.app.inject({ ...rest, headers: { ...session, ...headers } });
}

/** What every answer carries, whoever produced it. */
function expectAppAnswer(res: LightMyRequestResponse, status: number, code: string, language: string) {
  expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const message = MESSAGES[language]![code]!.split('{{')[0]!;
  expect(res.json().message, `${code} in ${language}`).toContain(message);
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
  expect(res.headers['content-language']).toBe(language);
}

describe('a URL the router refuses (FST_ERR_BAD_URL)', () => {
  it.each([
    ['/api/patient_files/%ED%A0%80', 'en'],
    ['/api/patient_files/%E0%A4%A/tasks', 'ar'],
    ['/ui/layouts/%FF', 'fr'],
    ['/auth/assets/%C0%AF', 'en'],
    ['/%ED%A0%80', 'ar'],
  ])('%s answers 400 bad_url through the app, in the language of ?l=', async (path, language) => {
    const res = await send({ method: 'GET', url: `${path}?l=${language}` });
    expectAppAnswer(res, 400, 'bad_url', language);
    if (path.startsWith('/api/')) expect(Number(res.headers['x-session-expires-in'])).toBeGreaterThan(0);
  });

  it('under /api without a session: 401 like any /api call, with the session header at 0', async () => {
    const res = await send({ method: 'GET', url: '/api/patient_files/%ED%A0%80', anonymous: true, headers: { 'accept-language': 'ar' } });
    expectAppAnswer(res, 401, 'insufficient_authentication', 'ar');
    expect(res.headers['x-session-expires-in']).toBe('0');
  });

  it('keeps the caller’s request id', async () => {
    const res = await send({ method: 'GET', url: '/api/patient_files/%ED%A0%80', headers: { 'x-request-id': 'trace-1234567' } });
    expect(res.headers['x-request-id']).toBe('trace-1234567');
  });
});

describe('a parameter longer than the router takes (FST_ERR_MAX_PARAM_LENGTH)', () => {
  it.each(['/api/patient_files/', '/ui/layouts/', '/auth/assets/'])('%s + 5,000 characters answers 414 uri_too_long through the app', async (prefix) => {
    const res = await send({ method: 'GET', url: `${prefix}${'a'.repeat(5000)}?l=en` });
    expectAppAnswer(res, 414, 'uri_too_long', 'en');
    expect(res.body.length).toBeLessThan(1000);
  });
});

describe('bodies the framework refuses', () => {
  const timezone = (payload: string, type = 'application/json', language = 'en') =>
    send({ method: 'PUT', url: `/api/me/timezone?l=${language}`, headers: { 'content-type': type }, payload });

  it.each(['fr', 'en', 'ar'])('malformed JSON: 400 invalid_json in %s', async (language) => {
    expectAppAnswer(await timezone('{"selectedTimezone":', 'application/json', language), 400, 'invalid_json', language);
  });

  it('prototype poisoning: 400 invalid_json', async () => {
    expectAppAnswer(await timezone('{"__proto__":{"admin":true}}'), 400, 'invalid_json', 'en');
  });

  it('an empty JSON body: 400 empty_json_body', async () => {
    expectAppAnswer(await timezone(''), 400, 'empty_json_body', 'en');
  });

  it('an unknown content type: 415 unsupported_media_type', async () => {
    expectAppAnswer(await timezone('x', 'application/x-foo'), 415, 'unsupported_media_type', 'en');
  });

  it('over the body limit: 413 payload_too_large', async () => {
    expectAppAnswer(await timezone(JSON.stringify({ selectedTimezone: 'x'.repeat(1_100_000) })), 413, 'payload_too_large', 'en');
  });

  it.each([65, 10_000])('JSON nested %i levels deep: 400 json_too_deep', async (depth) => {
    const res = await timezone('['.repeat(depth) + ']'.repeat(depth));
    expectAppAnswer(res, 400, 'json_too_deep', 'en');
  });

  it('64 levels are accepted by the parser (and refused by the schema)', async () => {
    const res = await timezone(`{"selectedTimezone":${'['.repeat(63)}${']'.repeat(63)}}`);
    expectAppAnswer(res, 400, 'validation_error', 'en');
  });

  it('brackets inside strings do not count as nesting', async () => {
    const res = await send({ method: 'PUT', url: '/ui/layouts/dashboard?l=en', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ document: {}, message: '['.repeat(100) + '\\"{'.repeat(100) }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).not.toBe('json_too_deep');
  });
});

describe('strings PostgreSQL refuses or alters (NUL, lone surrogates)', () => {
  it.each([
    ['login e-mail', { method: 'POST', url: '/auth/login?l=en', payload: { email: 'a\u0000@demo.telesuivi.test', password: 'x' } }, 'body.email'],
    ['a key of the body', { method: 'PUT', url: '/api/me/timezone?l=en', payload: '{"selected\\u0000Timezone":"UTC"}' }, 'body'],
    ['a lone surrogate', { method: 'PUT', url: '/api/me/timezone?l=en', payload: '{"selectedTimezone":"\\ud800"}' }, 'body.selectedTimezone'],
    ['a file name', { method: 'POST', url: '/api/files/prepare?l=en', payload: { name: 'scan\u0000.pdf', visibility: 'ALL' } }, 'body.name'],
    ['a nested answer', { method: 'POST', url: `/api/patient_files/${UUID}/form_responses?l=en`, payload: { formId: UUID, answers: { q: ['ok', { text: 'x\u0000' }] } } }, 'body.answers.q.1.text'],
    ['the query', { method: 'GET', url: '/api/establishments?l=en&name=%00' }, 'query.name'],
    ['a parameter', { method: 'GET', url: '/ui/logos/%00.svg?l=en' }, 'params.slug'],
  ] as const)('%s: 400 invalid_character naming the field', async (_what, options, field) => {
    const { payload, ...rest } = options as { method: 'GET'; url: string; payload?: unknown };
    // The login form's own anti-forgery token and pre-login cookie, so that the body is what is refused.
    const form = rest.url.startsWith('/auth/login') ? await gw.app.inject({ url: '/auth/login' }) : undefined;
    const formHeaders = form ? { cookie: String(form.headers['set-cookie']).split(';')[0]!, 'x-csrf-token': loginToken(form.body)! } : {};
    const res = await send({ ...rest, anonymous: !!form, headers: { 'content-type': 'application/json', ...formHeaders }, ...(payload === undefined ? {} : { payload: payload as string }) });
    expectAppAnswer(res, 400, 'invalid_character', 'en');
    expect(res.json().field).toBe(field);
  });
});

describe('integers past what the database holds', () => {
  it.each(['1e17', '1e300', '9223372036854775807', '2147483648'])('page=%s: 400 validation_error', async (page) => {
    const res = await send({ method: 'GET', url: `/api/establishments?page=${page}&l=en` });
    expectAppAnswer(res, 400, 'validation_error', 'en');
    expect(res.json().field).toBe('query.page');
  });

  // ajv coerces these to ±Infinity, which then pass type, minimum and maximum (ajv#2212).
  // (pageSize is one of the offered sizes, an enum: -Infinity is refused there like any other value.)
  it.each(['page=Infinity', 'page=-Infinity', 'page=1e999'])('%s: 400 invalid_number', async (query) => {
    const res = await send({ method: 'GET', url: `/api/establishments?${query}&l=en` });
    expectAppAnswer(res, 400, 'invalid_number', 'en');
    expect(res.json().field).toBe(`query.${query.split('=')[0]}`);
  });

  it('the largest page allowed answers an empty page', async () => {
    const res = await send({ method: 'GET', url: '/api/establishments?page=2147483647&pageSize=999' });
    expect([res.statusCode, res.json().data]).toEqual([200, []]);
  });

  it.each(['9223372036854775808', '1e300', '2147483648'])('a layout version of %s: 400 validation_error', async (version) => {
    const res = await send({ method: 'POST', url: `/ui/layouts/dashboard/versions/${version}/restore?structure=${UUID}&l=en` });
    expectAppAnswer(res, 400, 'validation_error', 'en');
  });
});

describe('multipart bodies', () => {
  const upload = (type: string, payload: string) =>
    send({ method: 'POST', url: `/api/files/${UUID}/upload?l=en`, headers: { 'content-type': type }, payload });
  const part = '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';

  it.each([
    ['no boundary', 'multipart/form-data', 'abc'],
    ['an empty boundary', 'multipart/form-data; boundary=', 'abc'],
    ['a boundary over 70 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'abc'],
    ['cut short', 'multipart/form-data; boundary=xx', `${part}abc`],
    ['cut in the headers', 'multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-da'],
  ])('%s: 400 multipart_invalid', async (_what, type, payload) => {
    expectAppAnswer(await upload(type, payload), 400, 'multipart_invalid', 'en');
  });
});

describe("requests Node's HTTP parser refuses (no request exists yet)", () => {
  /** Raw bytes on a real socket, and the raw answer until the server closes. */
  async function raw(bytes: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    if (!gw.app.server.listening) await gw.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = gw.app.server.address() as AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
      let received = '';
      socket.on('data', (chunk) => { received += chunk.toString('utf8'); });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = text.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  function expectRawAppAnswer(res: Awaited<ReturnType<typeof raw>>, status: number, code: string) {
    expect([res.status, JSON.parse(res.body)], res.body).toEqual([status, { code, message: MESSAGES.fr![code] }]);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-language']).toBe('fr');
  }

  it('headers over the size limit: 431 header_fields_too_large', async () => {
    const res = await raw(`GET /api/me HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectRawAppAnswer(res, 431, 'header_fields_too_large');
  });

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n'],
    ['a NUL in a header value', 'GET / HTTP/1.1\r\nHost: localhost\r\nX-A: a\u0000b\r\n\r\n'],
    ['two Content-Length headers', 'POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab'],
  ])('%s: 400 bad_request', async (_what, bytes) => {
    expectRawAppAnswer(await raw(bytes), 400, 'bad_request');
  });
});

describe('split mode: the same rules at the gateway and at the care API', () => {
  it('a bad URL, a deep body, a NUL, a huge page and a broken upload answer 400 through both', async () => {
    const KEY = 'framework-errors-split-mode-key-0123456789abcdef';
    const db = await createTestDatabase();
    let split: TestGateway | undefined;
    const care = await buildCareApi({ config: loadConfig({}, { LOG_LEVEL: 'silent', IDENTITY_SIGNING_KEY: KEY }), database: db.database, now: () => split!.clock.now() });
    try {
      await care.listen({ port: 0, host: '127.0.0.1' });
      split = await startGateway({ CARE_API_URL: `http://127.0.0.1:${(care.server.address() as AddressInfo).port}`, IDENTITY_SIGNING_KEY: KEY }, { db });
      const user = await login(split.app, demoEmail('superadmin'));
      const headers = { cookie: user.sessionCookie.split(';')[0]!, 'x-csrf-token': user.csrf, 'content-type': 'application/json' };
      const cases: [InjectOptions, number, string][] = [
        [{ method: 'GET', url: '/api/patient_files/%ED%A0%80?l=en' }, 400, 'bad_url'],
        [{ method: 'PUT', url: '/api/me/timezone?l=en', payload: DEEP_BODY }, 400, 'json_too_deep'],
        [{ method: 'PUT', url: '/api/me/timezone?l=en', payload: '{"selectedTimezone":"a\\u0000"}' }, 400, 'invalid_character'],
        [{ method: 'GET', url: '/api/establishments?page=1e300&l=en' }, 400, 'validation_error'],
        [{ method: 'GET', url: '/api/establishments?page=Infinity&l=en' }, 400, 'invalid_number'],
        [{ method: 'POST', url: `/api/files/${UUID}/upload?l=en`, headers: { 'content-type': 'multipart/form-data; boundary=xx' }, payload: '--xx\r\nContent-Disposition: form-da' }, 400, 'multipart_invalid'],
      ];
      for (const [options, status, code] of cases) {
        const res = await split.app.inject({ ...options, headers: { ...headers, ...options.headers } });
        expectAppAnswer(res, status, code, 'en');
        expect(Number(res.headers['x-session-expires-in']), String(options.url)).toBeGreaterThan(0);
      }
    } finally {
      await split?.close();
      await care.close();
      await db.drop();
    }
  }, 120_000);
});
