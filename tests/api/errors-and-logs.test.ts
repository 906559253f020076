/**
 * Issue 2 §10: one error handler answering { code, message }; 400s name the field in the caller's
 * language; 5xx never show internals; logs carry request ids but no secrets, session ids or
 * patient data. The gateway here is built by hand, with the production log settings writing
 * into memory and a few routes that fail on purpose.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { serverOptions } from '../../server/logger.ts';
import { demoEmail, DEMO_PASSWORD, login, TestClock } from '../helpers/app.ts';
import { loginResponse } from '../helpers/auth-flow.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const PATIENT_EMAIL = 'camille.private@example.org';
const logLines: string[] = [];
let app: FastifyInstance;
let db: TestDatabase;
const clock = new TestClock();

beforeAll(async () => {
  db = await createTestDatabase();
  await provisionDemo(db.database.db);
  const config = loadConfig({}, { LOG_LEVEL: 'info', LOGIN_MAX_PER_ACCOUNT: 1000, LOGIN_MAX_PER_ADDRESS: 1000 });
  const logger = serverOptions('info', false).logger as object;
  const sink = new Writable({ write(chunk, _encoding, done) { logLines.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
  app = await buildGateway({ config, database: db.database, now: clock.now, fastify: { logger: { ...logger, stream: sink } } });
  app.get('/test/throws', async () => { throw new Error('internal detail: /srv/telesuivi/secret.key'); });
  app.get('/test/query-fails', async () => app.db.execute(sql`select * from no_such_table where email = ${PATIENT_EMAIL}`));
  // A unique index no route maps (the demo's own e-mail inserted again), and what pg throws for a
  // deadlock PostgreSQL broke (PGlite has one connection: it cannot deadlock), under drizzle's wrapper.
  app.get('/test/unique-unmapped', async () => app.db.execute(sql`insert into users (email, password_hash, roles, first_name, last_name)
    select email, password_hash, roles, first_name, last_name from users where email = ${demoEmail('patient.open')}`));
  app.get('/test/deadlock', async () => {
    throw new Error('Failed query: update indicators set …', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });
  });
  await app.ready();
  // Closed at the end of the file by a test; closing twice must not stop the throwaway database being dropped.
  const close = db.database.close.bind(db.database);
  let closing: Promise<void> | undefined;
  db.database.close = () => (closing ??= close());
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe('validation errors', () => {
  it.each([
    ['query', (b: Awaited<ReturnType<typeof login>>, l: string) => b.agent.get(`/api/establishments?pageSize=0&l=${l}`), 'query.pageSize'],
    ['query, unknown parameter', (b: Awaited<ReturnType<typeof login>>, l: string) => b.agent.get(`/api/establishments?colour=red&l=${l}`), 'query.colour'],
    ['params', (b: Awaited<ReturnType<typeof login>>, l: string) => b.agent.get(`/api/patient_files/not-a-uuid?l=${l}`), 'params.id'],
    ['body, missing field', (b: Awaited<ReturnType<typeof login>>, l: string) => b.agent.put(`/api/me/timezone?l=${l}`).set('x-csrf-token', b.csrf).send({}), 'body.selectedTimezone'],
    ['body, unknown field', (b: Awaited<ReturnType<typeof login>>, l: string) => b.agent.put(`/api/me/timezone?l=${l}`).set('x-csrf-token', b.csrf).send({ selectedTimezone: 'UTC', admin: true }), 'body.admin'],
  ])('name the field (%s) in the language of the call', async (_what, send, field) => {
    const browser = await login(app, demoEmail('patient.open'));
    const [fr, en] = [await send(browser, 'fr'), await send(browser, 'en')];
    for (const res of [fr, en]) expect(res.status).toBe(400);
    expect(fr.body).toEqual({ code: 'validation_error', field, message: expect.stringContaining(`Le champ « ${field} » est invalide`) });
    expect(en.body).toEqual({ code: 'validation_error', field, message: expect.stringContaining(`The field “${field}” is invalid`) });
  });

  // Bodies are never coerced, so an emptied field arrives as null: the reason names the type in
  // words, not as ajv-i18n's "doit être de type string".
  it.each([
    ['fr', 12, 'Le champ « body.selectedTimezone » est invalide : doit être un texte.'],
    ['en', null, 'The field “body.selectedTimezone” is invalid: must be text.'],
    ['ar', true, 'يجب أن يكون نصًا'],
  ])('says a wrong type in words (%s, %j)', async (l, value, message) => {
    const browser = await login(app, demoEmail('patient.open'));
    const res = await browser.agent.put(`/api/me/timezone?l=${l}`).set('x-csrf-token', browser.csrf).send({ selectedTimezone: value });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', field: 'body.selectedTimezone' });
    expect(res.body.message).toContain(message);
    expect(res.body.message).not.toMatch(/type string|de type|من النوع/);
  });

  it.each([
    ['fr', 'Le corps de la requête n’est pas du JSON valide.'],
    ['en', 'The request body is not valid JSON.'],
  ])('answers malformed JSON with 400 invalid_json, in the language of the call (%s), not the framework’s text', async (l, message) => {
    const browser = await login(app, demoEmail('patient.open'));
    const res = await browser.agent.put(`/api/me/timezone?l=${l}`).set('x-csrf-token', browser.csrf).set('content-type', 'application/json').send('{"selectedTimezone":');
    expect([res.status, res.body]).toEqual([400, { code: 'invalid_json', message }]);
  });

  it('logs no error for malformed input (a client fault, not a server one)', async () => {
    const browser = await login(app, demoEmail('patient.open'));
    const before = logLines.length;
    await browser.agent.get('/api/establishments?page=1e300').expect(400);
    await browser.agent.put('/api/me/timezone').set('x-csrf-token', browser.csrf).set('content-type', 'application/json').send('['.repeat(10_000)).expect(400);
    await browser.agent.get('/api/patient_files/%ED%A0%80').expect(400);
    const errors = logLines.slice(before).map((line) => JSON.parse(line) as { level: number }).filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
  });
});

describe('unknown routes', () => {
  it.each(['GET', 'POST', 'DELETE'])('%s on an unknown address answers 404 route_not_found in JSON', async (method) => {
    const res = await request(app.server)[method.toLowerCase() as 'get']('/no/such/page').set('accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.code).toBe('route_not_found');
  });

  it('under /api: 401 when logged out, 404 route_not_found when logged in', async () => {
    expect((await request(app.server).get('/api/no-such-route')).status).toBe(401);
    const browser = await login(app, demoEmail('patient.open'));
    const res = await browser.agent.get('/api/no-such-route').expect(404);
    expect(res.body.code).toBe('route_not_found');
  });
});

describe('server errors', () => {
  it.each(['/test/throws', '/test/query-fails'])('%s answers 500 "An error occurred" and nothing more', async (path) => {
    for (const [l, message] of [['fr', 'Une erreur est survenue'], ['en', 'An error occurred']]) {
      const res = await request(app.server).get(`${path}?l=${l}`);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 'internal_error', message });
      expect(res.text).not.toMatch(/secret|no_such_table|select|stack|example\.org/i);
    }
  });
});

describe('writes refused for another at once, which no route maps (issue 19)', () => {
  it.each([
    ['/test/unique-unmapped', 'already_exists', { fr: 'Cet élément existe déjà', en: 'This item already exists', ar: 'هذا العنصر موجود بالفعل' }],
    ['/test/deadlock', 'concurrent_change', { fr: 'Une autre modification', en: 'Another change', ar: 'كان تعديل آخر' }],
  ] as const)('%s answers 409 %s, in the language of the call, never 500', async (path, code, messages) => {
    for (const [l, message] of Object.entries(messages)) {
      const res = await request(app.server).get(`${path}?l=${l}`);
      expect([res.status, res.body.code], res.text).toEqual([409, code]);
      expect(res.body.message).toContain(message);
      expect(res.text).not.toMatch(/users_email|deadlock|insert|update/i);
    }
  });
});

describe('logs', () => {
  it('carry request ids, and no passwords, session ids, tokens or patient data', async () => {
    logLines.length = 0;
    const { agent, res: loggedIn } = await loginResponse(app, demoEmail('patient.open'));
    const sid = /sid=([^;]+)/.exec(String(loggedIn.headers['set-cookie']))![1]!;
    const me = await agent.get('/api/me?l=en').set('x-request-id', 'trace-0123456789').expect(200);
    const csrf = String(me.headers['x-csrf-token']);
    await agent.put('/api/me/password').set('x-csrf-token', csrf).send({ currentPassword: 'Wrong-Password-1', newPassword: 'Another-password-1', confirmation: 'Another-password-1' }).expect(400);
    await loginResponse(app, demoEmail('patient.open'), 'Guessed-Password-2');
    await request(app.server).get('/test/query-fails');
    await request(app.server).get('/test/throws');

    const text = logLines.join('\n');
    const entries = logLines.map((line) => JSON.parse(line) as { reqId?: string; req?: { path: string } });
    expect(entries.some((e) => e.reqId === 'trace-0123456789')).toBe(true);
    expect(entries.filter((e) => e.req).every((e) => typeof e.reqId === 'string')).toBe(true);
    for (const secret of [DEMO_PASSWORD, 'Wrong-Password-1', 'Another-password-1', 'Guessed-Password-2', sid, csrf, 'patient.open@', 'Camille', 'Martin', PATIENT_EMAIL, 'l=en']) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe('when the database is gone', () => {
  it('/healthz still answers, /readyz answers 503, and API calls 500 without details', async () => {
    const browser = await login(app, demoEmail('patient.open'));
    await request(app.server).get('/readyz').expect(200, { status: 'ready' });
    await db.database.close();

    await request(app.server).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(app.server).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.code).toBe('not_ready');
    // Past the gateway's short session cache, so that the call reaches the database.
    clock.advance(3000);
    const me = await browser.agent.get('/api/me');
    expect(me.status).toBe(500);
    expect(me.body).toEqual({ code: 'internal_error', message: 'Une erreur est survenue' });
  });
});
