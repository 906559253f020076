/** Issue 2 §5: the session cookie, server-side sessions, X-Session-Expires-In, logout and password change. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/shared/tokens.ts';
import { sessions, users } from '../../server/db/schema.ts';
import { demoEmail, DEMO_PASSWORD, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { cookieAttributes, cookieOf, loginResponse } from '../helpers/auth-flow.ts';
import { userIdOf } from '../helpers/demo-data.ts';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway(); });
afterAll(async () => { await gw.close(); });

const anonymous = () => request(gw.app.server);
const sessionRowsOf = async (local: string) =>
  gw.db.database.db.select().from(sessions).where(eq(sessions.userId, await userIdOf(gw.db.database.db, local)));

describe('session cookie', () => {
  it('is `sid`, HttpOnly, SameSite=Lax, for the whole site, not Secure over http', async () => {
    const { res } = await loginResponse(gw.app, demoEmail('patient.open'));
    const cookie = cookieOf(res, 'sid')!;
    expect(cookieAttributes(cookie.line)).toEqual({ path: '/', httponly: true, samesite: 'Lax' });
  });

  it('is never stored as is: the sessions table holds its SHA-256 only', async () => {
    const { res } = await loginResponse(gw.app, demoEmail('patient.closed'));
    const id = cookieOf(res, 'sid')!.value;
    const rows = await sessionRowsOf('patient.closed');
    expect(rows.map((r) => r.idHash)).toContain(sha256(id));
    expect(JSON.stringify(await gw.db.database.db.select().from(sessions))).not.toContain(id);
  });
});

describe('X-Session-Expires-In', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await login(gw.app, demoEmail('patient.open')); });

  it.each([
    ['GET /api/me', 200, () => browser.agent.get('/api/me')],
    ['GET /api/me/privileges', 200, () => browser.agent.get('/api/me/privileges')],
    ['PUT /api/me/timezone', 204, () => browser.agent.put('/api/me/timezone').set('x-csrf-token', browser.csrf).send({ selectedTimezone: 'automatic' })],
    ['a schema violation', 400, () => browser.agent.get('/api/establishments?pageSize=0')],
    ['a call without the anti-forgery token', 403, () => browser.agent.post('/api/me/terms-acceptance')],
    ['a record out of reach', 404, () => browser.agent.get(`/api/patient_files/${randomUUID()}`)],
    ['an unknown /api route', 404, () => browser.agent.get('/api/no-such-route')],
  ])('is the full idle lifetime on %s (%i)', async (_name, status, call) => {
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.headers['x-session-expires-in']).toBe(String(30 * 60));
  });

  it.each([
    ['no cookie', undefined],
    ['an unknown session id', `sid=${'x'.repeat(43)}`],
  ])('is 0 on the 401 answered to %s', async (_name, cookie) => {
    const res = await anonymous().get('/api/me').set(cookie ? { cookie } : {});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('insufficient_authentication');
    expect(res.headers['x-session-expires-in']).toBe('0');
    if (cookie) expect(cookieAttributes(cookieOf(res, 'sid')!.line).expires).toMatch(/1970/);
  });

  it('is on /api only', async () => {
    const res = await browser.agent.get('/ui/config').expect(200);
    expect(res.headers['x-session-expires-in']).toBeUndefined();
  });
});

describe('logout', () => {
  it('GET /auth/logout shows a page carrying the session token, and ends nothing by itself', async () => {
    const browser = await login(gw.app, demoEmail('caregiver'));
    const page = await browser.agent.get('/auth/logout?targetUrl=/p/0&branding=azur').expect(200);
    expect(page.text).toContain(`<meta name="csrf-token" content="${browser.csrf}">`);
    expect(page.text).toContain('<meta name="target-url" content="/p/0">');
    expect(page.text).toContain('src="/ui/logos/azur.svg"');
    await browser.agent.get('/api/me').expect(200);
  });

  it('GET /auth/logout without a session redirects to the login page of the brand', async () => {
    const res = await anonymous().get('/auth/logout?branding=azur').expect(302);
    expect(res.headers.location).toBe('/auth/login?branding=azur');
  });

  it('POST /auth/logout with the token ends the session', async () => {
    const browser = await login(gw.app, demoEmail('caregiver'));
    const before = (await sessionRowsOf('caregiver')).length;
    const res = await browser.agent.post('/auth/logout').set('x-csrf-token', browser.csrf).expect(204);
    expect(cookieAttributes(cookieOf(res, 'sid')!.line).expires).toMatch(/1970/);
    expect((await sessionRowsOf('caregiver')).length).toBe(before - 1);

    const after = await anonymous().get('/api/me').set('cookie', browser.sessionCookie.split(';')[0]!);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('insufficient_authentication');
    expect((await browser.agent.post('/auth/logout').set('x-csrf-token', browser.csrf)).status).toBe(401);
  });
});

describe('password change (PUT /api/me/password)', () => {
  const email = demoEmail('superadmin');
  const newPassword = 'A-new-password-2025';
  const change = (b: Browser, body: Record<string, string>) => b.agent.put('/api/me/password').set('x-csrf-token', b.csrf).send(body);

  it('needs a matching confirmation and the right current password, and changes nothing otherwise', async () => {
    const browser = await login(gw.app, email);
    const mismatch = await change(browser, { currentPassword: DEMO_PASSWORD, newPassword, confirmation: `${newPassword}!` });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ code: 'password_confirmation_mismatch', field: 'body.confirmation' });

    const wrong = await change(browser, { currentPassword: 'not-the-password', newPassword, confirmation: newPassword });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'wrong_current_password', field: 'body.currentPassword' });

    // Every problem at once, each on its field, in the caller's language.
    const both = await browser.agent.put('/api/me/password?l=en').set('x-csrf-token', browser.csrf)
      .send({ currentPassword: 'not-the-password', newPassword, confirmation: 'something else entirely' });
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual([
      { field: 'body.currentPassword', code: 'wrong_current_password', message: 'The current password is incorrect.' },
      { field: 'body.confirmation', code: 'password_confirmation_mismatch', message: expect.any(String) },
    ]);

    const same = await change(browser, { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, confirmation: DEMO_PASSWORD });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ code: 'password_same_as_current', field: 'body.newPassword' });

    const short = await change(browser, { currentPassword: DEMO_PASSWORD, newPassword: 'Short-1', confirmation: 'Short-1' });
    expect(short.status).toBe(400);
    expect(short.body.field).toBe('body.newPassword');

    await browser.agent.get('/api/me').expect(200);
    await login(gw.app, email); // the old password still works
  });

  it("ends the user's other sessions, keeps the one that changed it, and only the new password opens one", async () => {
    const [first, second, other] = await Promise.all([login(gw.app, email), login(gw.app, email), login(gw.app, demoEmail('manager'))]);
    const res = await change(first, { currentPassword: DEMO_PASSWORD, newPassword, confirmation: newPassword });
    expect(res.status).toBe(204);
    expect(Number(res.headers['x-session-expires-in'])).toBeGreaterThan(0);

    await first.agent.get('/api/me').expect(200);
    const ended = await second.agent.get('/api/me');
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('insufficient_authentication');
    expect(await sessionRowsOf('superadmin')).toHaveLength(1);
    await other.agent.get('/api/me').expect(200);

    expect((await loginResponse(gw.app, email, DEMO_PASSWORD)).res.status).toBe(401);
    expect((await loginResponse(gw.app, email, newPassword)).res.status).toBe(200);
    const [row] = await gw.db.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
  });
});
