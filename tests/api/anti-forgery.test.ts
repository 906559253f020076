/**
 * Issue 2 §7: every state-changing route, enumerated from the running app rather than listed by
 * hand, refuses a call without the session's anti-forgery token or with another session's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_CHANGING } from '../../server/plugins/session.ts';
import { demoEmail, DEMO_PASSWORD, login, loginToken, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';

let gw: TestGateway;
let victim: Browser;
let attacker: Browser;
/** The token of the attacker's own login form, bound to their pre-login cookie. */
let attackerLoginToken: string;
beforeAll(async () => {
  gw = await startGateway();
  [victim, attacker] = await Promise.all([login(gw.app, demoEmail('patient.open')), login(gw.app, demoEmail('caregiver'))]);
  // Both browsers hold a login form, so that POST /auth/login has a pre-login cookie to check against.
  await victim.agent.get('/auth/login').expect(200);
  attackerLoginToken = loginToken((await attacker.agent.get('/auth/login').expect(200)).text)!;
});
afterAll(async () => { await gw.close(); });

/** Routes that check the token in their handler, after body validation: a body that passes it. */
const VALID_BODIES: Record<string, object> = {
  'POST /auth/login': { email: demoEmail('patient.open'), password: DEMO_PASSWORD },
};

function stateChangingRoutes() {
  const seen = new Set<string>();
  return gw.app.registeredRoutes
    .filter((r) => STATE_CHANGING.has(r.method) || `${r.method} ${r.url}` === 'HEAD /api/me')
    .map((r) => `${r.method} ${r.url}`)
    .filter((key) => !seen.has(key) && seen.add(key));
}

function call(browser: Browser, key: string, token?: string) {
  const [method, url] = key.split(' ') as [string, string];
  const path = url.replace(/:[A-Za-z_]+/g, () => randomUUID()) + (method === 'HEAD' ? '?l=en' : '');
  const req = browser.agent[method.toLowerCase() as 'post'](path);
  if (token !== undefined) req.set('x-csrf-token', token);
  return method === 'HEAD' ? req : req.send(VALID_BODIES[key] ?? {});
}

async function expectForbidden(browser: Browser, key: string, token?: string) {
  const res = await call(browser, key, token);
  expect(res.status, key).toBe(403);
  // A HEAD answer has no body to read the code from.
  if (!key.startsWith('HEAD')) expect(res.body.code, key).toBe('csrf_token_invalid');
}

describe('every state-changing route', () => {
  it('is found by enumerating the registered routes', () => {
    const routes = stateChangingRoutes();
    for (const known of ['POST /auth/login', 'POST /auth/logout', 'HEAD /api/me', 'PUT /api/me/password', 'PUT /api/me/timezone', 'POST /api/me/terms-acceptance']) {
      expect(routes).toContain(known);
    }
  });

  it('answers 403 csrf_token_invalid without a token', async () => {
    for (const key of stateChangingRoutes()) await expectForbidden(victim, key);
  });

  it("answers 403 csrf_token_invalid with another logged-in session's token", async () => {
    expect(attacker.csrf).not.toBe(victim.csrf);
    for (const key of stateChangingRoutes()) {
      await expectForbidden(victim, key, key === 'POST /auth/login' ? attackerLoginToken : attacker.csrf);
    }
  });

  it('left the session and the account untouched', async () => {
    const me = await victim.agent.get('/api/me').expect(200);
    expect(me.body).toMatchObject({ language: 'fr', selectedTimezone: 'automatic' });
    await login(gw.app, demoEmail('patient.open'));
  });
});

describe('the token', () => {
  const saveZone = (browser: Browser) => browser.agent.put('/api/me/timezone');

  it("is accepted in the X-CSRF-Token header with the session's own value", async () => {
    await saveZone(victim).set('x-csrf-token', victim.csrf).send({ selectedTimezone: 'automatic' }).expect(204);
  });

  it.each([
    ['body', (b: Browser) => saveZone(b).send({ selectedTimezone: 'automatic', _csrf: b.csrf, csrfToken: b.csrf, 'x-csrf-token': b.csrf })],
    ['query', (b: Browser) => b.agent.put(`/api/me/timezone?_csrf=${b.csrf}&csrf_token=${b.csrf}&x-csrf-token=${b.csrf}`).send({ selectedTimezone: 'automatic' })],
    ['a cookie', (b: Browser) => saveZone(b).set('cookie', `${b.sessionCookie.split(';')[0]}; x-csrf-token=${b.csrf}; csrf=${b.csrf}`).send({ selectedTimezone: 'automatic' })],
  ])('is not read from the %s', async (_where, send) => {
    const res = await send(victim);
    expect([res.status, res.body.code]).toEqual([403, 'csrf_token_invalid']);
  });
});

describe('Origin and Sec-Fetch-Site', () => {
  const terms = (browser: Browser, headers: Record<string, string>) =>
    browser.agent.post('/api/me/terms-acceptance').set('x-csrf-token', browser.csrf).set(headers);

  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
  ])('refuse %j with 403 cross_site_request, even with the right token', async (headers) => {
    const res = await terms(victim, headers);
    expect([res.status, res.body.code]).toEqual([403, 'cross_site_request']);
  });

  it('refuse a cross-site login form post too', async () => {
    const res = await call(victim, 'POST /auth/login').set('origin', 'https://evil.example');
    expect([res.status, res.body.code]).toEqual([403, 'cross_site_request']);
  });

  it.each([
    [{ origin: 'http://localhost:3000' }],
    [{ 'sec-fetch-site': 'same-origin' }],
    [{ 'sec-fetch-site': 'none' }],
  ])('let %j through', async (headers) => {
    await terms(victim, headers).expect(204);
  });
});

describe('GET and HEAD', () => {
  it('GET /api/me?l= answers in that language but never saves it', async () => {
    const browser = await login(gw.app, demoEmail('prescriber'));
    const en = await browser.agent.get('/api/me?l=en').expect(200);
    expect(en.headers['content-language']).toBe('en');
    expect(en.body.language).toBe('fr');
    const after = await browser.agent.get('/api/me').expect(200);
    expect([after.body.language, after.headers['content-language']]).toEqual(['fr', 'fr']);
  });

  it('HEAD /api/me?l= refused for want of a token saves nothing', async () => {
    const browser = await login(gw.app, demoEmail('prescriber'));
    expect((await browser.agent.head('/api/me?l=ar')).status).toBe(403);
    expect((await browser.agent.get('/api/me').expect(200)).body.language).toBe('fr');
  });
});
