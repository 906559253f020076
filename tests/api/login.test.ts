/** Issue 2 §4: the login page, same-origin return addresses only, credentials, fresh session ids, password hashes. */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { UNUSABLE_PASSWORD_HASH } from '../../server/demo/population.ts';
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };
import { demoEmail, DEMO_PASSWORD, login, loginToken, startGateway, type TestGateway } from '../helpers/app.ts';
import { cookieOf, loginResponse, openLoginPage, postLogin } from '../helpers/auth-flow.ts';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway(); });
afterAll(async () => { await gw.close(); });

const anonymous = () => request(gw.app.server);

describe('login page', () => {
  it.each([
    ['fr', 'ltr', fr.login.heading],
    ['en', 'ltr', en.login.heading],
    ['ar', 'rtl', ar.login.heading],
  ])('renders in %s (dir=%s)', async (l, dir, heading) => {
    const res = await anonymous().get(`/auth/login?l=${l}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-language']).toBe(l);
    expect(res.text).toContain(`<html lang="${l}" dir="${dir}">`);
    expect(res.text).toContain(heading);
  });

  it('is branded by `branding`: the brand logo and the establishment colours', async () => {
    const branded = await anonymous().get('/auth/login?branding=azur').expect(200);
    expect(branded.text).toContain('src="/ui/logos/azur.svg"');
    expect(branded.text).toContain('--primary:#0b5fa5');
    expect(branded.text).toContain('alt="CHU Azur"');

    const plain = await anonymous().get('/auth/login').expect(200);
    expect(plain.text).toContain('src="/ui/logos/default.svg"');
    expect(plain.text).not.toContain('#0b5fa5');
  });

  it('serves the brand logo it points to, and the default logo for a brand without one', async () => {
    const azur = await anonymous().get('/ui/logos/azur.svg').buffer(true).expect(200);
    expect(azur.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(azur.body.toString()).toBe(readFileSync('layouts/azur/logo.svg', 'utf8'));
    const unknown = await anonymous().get('/auth/login?branding=tilleuls').expect(200);
    expect(unknown.text).toContain('src="/ui/logos/default.svg"');
  });

  it('links a favicon the gateway serves, on every login page and on the client page', async () => {
    for (const page of ['/auth/login', '/auth/login?l=ar', '/auth/login?branding=azur']) {
      const res = await anonymous().get(page).expect(200);
      expect(res.text, page).toContain('<link rel="icon" href="/favicon.ico"');
    }
    expect(readFileSync('client/index.html', 'utf8')).toContain('<link rel="icon" href="/favicon.ico"');
    const icon = await anonymous().get('/favicon.ico').buffer(true).expect(200);
    expect(icon.headers['content-type']).toBe('image/x-icon');
    expect(icon.headers['cache-control']).toMatch(/max-age=\d+/);
    // An ICO directory (reserved 0, type 1) holding at least one image.
    const bytes = icon.body as Buffer;
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it('carries the same-origin targetUrl into the form, escaped', async () => {
    const res = await anonymous().get(`/auth/login?targetUrl=${encodeURIComponent('/p/0/my-tasks?a=1&b="x"')}`).expect(200);
    expect(res.text).toContain('name="targetUrl" value="/p/0/my-tasks?a=1&#38;b=%22x%22"');
  });
});

describe('successful login', () => {
  it.each([
    ['/p/0/my-tasks?tab=1#top', '/p/0/my-tasks?tab=1#top'],
    ['http://localhost:3000/s/0', '/s/0'],
    [undefined, '/'],
  ])('answers {redirectTo} for targetUrl %s', async (targetUrl, redirectTo) => {
    const { agent, token } = await openLoginPage(gw.app);
    const res = await postLogin(agent, token, { email: demoEmail('patient.open'), password: DEMO_PASSWORD, targetUrl }).expect(200);
    expect(res.body).toEqual({ redirectTo });
    expect(cookieOf(res, 'sid')).toBeDefined();
  });

  it('accepts the e-mail address in any case', async () => {
    const { res } = await loginResponse(gw.app, demoEmail('patient.open').toUpperCase());
    expect(res.status).toBe(200);
  });
});

describe('open redirects are refused', () => {
  const foreign = [
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    ' //evil.example/path',
    'http://localhost:3001/',
    'https://localhost:3000/',
  ];
  const refused = (res: request.Response) => {
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_target_url');
    expect(res.headers.location).toBeUndefined();
  };

  it.each(foreign)('GET /auth/login?targetUrl=%s', async (url) => {
    refused(await anonymous().get(`/auth/login?targetUrl=${encodeURIComponent(url)}`));
  });

  it.each(foreign)('POST /auth/login with targetUrl %s, even with the right password', async (url) => {
    const { agent, token } = await openLoginPage(gw.app);
    const res = await postLogin(agent, token, { email: demoEmail('patient.open'), password: DEMO_PASSWORD, targetUrl: url });
    refused(res);
    expect(cookieOf(res, 'sid')).toBeUndefined();
  });

  it.each(foreign)('GET /auth/logout?targetUrl=%s, logged in or not', async (url) => {
    refused(await anonymous().get(`/auth/logout?targetUrl=${encodeURIComponent(url)}`));
    const browser = await login(gw.app, demoEmail('patient.open'));
    refused(await browser.agent.get(`/auth/logout?targetUrl=${encodeURIComponent(url)}`));
  });

  it('GET /auth/logout without a session redirects to a same-origin targetUrl', async () => {
    const res = await anonymous().get(`/auth/logout?targetUrl=${encodeURIComponent('/p/0?x=1')}`).expect(302);
    expect(res.headers.location).toBe('/p/0?x=1');
  });
});

describe('wrong credentials', () => {
  it('answers an unknown account exactly like a wrong password', async () => {
    const attempts = await Promise.all([
      loginResponse(gw.app, demoEmail('nobody'), DEMO_PASSWORD),
      loginResponse(gw.app, demoEmail('patient.open'), 'not-the-password'),
    ]);
    const [unknown, wrong] = attempts.map(({ res }) => res);
    expect(unknown!.status).toBe(401);
    expect(unknown!.body).toEqual({ code: 'invalid_credentials', message: fr.errors.invalid_credentials });
    expect(wrong!.status).toBe(unknown!.status);
    expect(wrong!.body).toEqual(unknown!.body);
    expect(wrong!.headers['content-type']).toBe(unknown!.headers['content-type']);
    for (const res of [unknown!, wrong!]) expect(cookieOf(res, 'sid')).toBeUndefined();
  });

  it('answers an account that cannot log in (the demo population) like a wrong password, whatever is typed', async () => {
    const [account] = await gw.db.database.db.select({ email: users.email }).from(users).where(eq(users.passwordHash, UNUSABLE_PASSWORD_HASH)).limit(1);
    expect(account).toBeDefined();
    for (const password of [DEMO_PASSWORD, UNUSABLE_PASSWORD_HASH, '']) {
      const { res } = await loginResponse(gw.app, account!.email, password || 'x');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'invalid_credentials', message: fr.errors.invalid_credentials });
      expect(cookieOf(res, 'sid')).toBeUndefined();
    }
  });
});

describe('session id at login', () => {
  it('is a fresh one at every login, and the earlier one stops working', async () => {
    const { agent, res: first } = await loginResponse(gw.app, demoEmail('patient.open'));
    const { res: second } = await loginResponse(gw.app, demoEmail('patient.open'), DEMO_PASSWORD, agent);
    const [a, b] = [cookieOf(first, 'sid')!.value, cookieOf(second, 'sid')!.value];
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    expect(b).not.toBe(a);

    await agent.get('/api/me').expect(200);
    const old = await anonymous().get('/api/me').set('cookie', `sid=${a}`);
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('insufficient_authentication');
  });

  it('never adopts an id the browser brought before logging in (fixation)', async () => {
    const planted = 'A'.repeat(43);
    const page = await anonymous().get('/auth/login').expect(200);
    const nonce = cookieOf(page, 'login')!.value;
    const res = await anonymous().post('/auth/login').set('cookie', `login=${nonce}; sid=${planted}`)
      .set('x-csrf-token', loginToken(page.text)!).send({ email: demoEmail('patient.open'), password: DEMO_PASSWORD }).expect(200);
    expect(cookieOf(res, 'sid')!.value).not.toBe(planted);
    expect((await anonymous().get('/api/me').set('cookie', `sid=${planted}`)).status).toBe(401);
  });
});

describe('password hashes', () => {
  it('are argon2id at or above m=19456 KiB, t=2, p=1, with a salt of their own', async () => {
    const all = await gw.db.database.db.select({ hash: users.passwordHash }).from(users);
    // Accounts that cannot log in (the demo population) hold a marker that is not a hash at all.
    const rows = all.filter(({ hash }) => hash !== UNUSABLE_PASSWORD_HASH);
    expect(rows.length).toBeGreaterThan(5);
    for (const { hash } of rows) {
      const [, type, version, params] = hash.split('$');
      expect([type, version], hash).toEqual(['argon2id', 'v=19']);
      const { m, t, p } = Object.fromEntries(params!.split(',').map((kv) => kv.split('=')).map(([k, v]) => [k, Number(v)]));
      expect(m).toBeGreaterThanOrEqual(19_456);
      expect(t).toBeGreaterThanOrEqual(2);
      expect(p).toBe(1);
    }
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
  });
});
