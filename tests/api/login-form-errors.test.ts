/**
 * Issue 8: the empty login form showed « body.email » est invalide : ne doit pas faire moins de 1
 * caractère. Every field of the /auth forms gets its own message, naming it by its label, in the
 * page's language; and the anti-forgery token is checked before the body is read (a forged request
 * with a malformed body is a 403, not a 400).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import { demoEmail, DEMO_PASSWORD, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { openLoginPage, postLogin } from '../helpers/auth-flow.ts';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway(); });
afterAll(async () => { await gw.close(); });

const LOCALES = { fr, en, ar } as const;
type Messages = typeof fr;
const message = (m: Messages, code: keyof Messages['errors'], label: keyof Messages['login'], extra: Record<string, string> = {}) =>
  Object.entries({ label: m.login[label], ...extra }).reduce((text, [k, v]) => text.replace(`{{${k}}}`, v), m.errors[code] as string);

async function send(body: unknown, l: keyof typeof LOCALES = 'fr') {
  const { agent, token } = await openLoginPage(gw.app);
  return postLogin(agent, token, body as Record<string, unknown>).query({ l });
}

/** No schema wording, field path or English fallback may reach the page. */
function expectReadable(res: request.Response) {
  for (const text of [res.body.message, ...(res.body.errors ?? []).map((e: { message: string }) => e.message)]) {
    expect(text).not.toMatch(/body\.|ne doit pas|doit être|must|NOT have|instancePath/);
  }
}

describe('login form fields: one message each, in the page language', () => {
  it.each(Object.keys(LOCALES) as (keyof typeof LOCALES)[])('an empty form (%s): each field is required, by its label', async (l) => {
    const m = LOCALES[l];
    for (const body of [{ email: '', password: '' }, {}]) {
      const res = await send(body, l);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('input_required');
      expect(res.body.field).toBe('body.email');
      expect(res.body.message).toBe(message(m, 'input_required', 'email'));
      expect(res.body.message).toContain(m.login.email);
      expect(res.body.errors).toEqual([
        { field: 'body.email', message: message(m, 'input_required', 'email') },
        { field: 'body.password', message: message(m, 'input_required', 'password') },
      ]);
      expectReadable(res);
    }
  });

  it.each([
    ['an e-mail without @', { email: 'camille.martin', password: 'x' }, 'body.email', 'input_invalid_email', 'email', {}],
    ['an e-mail with spaces', { email: 'camille martin@demo.test', password: 'x' }, 'body.email', 'input_invalid_email', 'email', {}],
    ['an e-mail too long', { email: `${'a'.repeat(175)}@x.test`, password: 'x' }, 'body.email', 'input_too_long', 'email', { max: '180' }],
    ['an empty password', { email: demoEmail('patient.open'), password: '' }, 'body.password', 'input_required', 'password', {}],
    ['a password too long', { email: demoEmail('patient.open'), password: 'p'.repeat(1025) }, 'body.password', 'input_too_long', 'password', { max: '1024' }],
    ['a password that is not text', { email: demoEmail('patient.open'), password: { $ne: '' } }, 'body.password', 'input_invalid', 'password', {}],
  ] as const)('%s', async (_, body, field, code, label, extra) => {
    for (const l of Object.keys(LOCALES) as (keyof typeof LOCALES)[]) {
      const res = await send(body, l);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code, field, message: message(LOCALES[l], code, label, extra) });
      expect(res.body.errors).toEqual([{ field, message: res.body.message }]);
      expectReadable(res);
    }
  });

  it('the login page carries each field\'s messages for the browser-side check, in its language', async () => {
    for (const [l, m] of Object.entries(LOCALES)) {
      const page = await request(gw.app.server).get(`/auth/login?l=${l}`).expect(200);
      const decode = (s: string) => s.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
      const attr = (id: string, name: string) => decode(new RegExp(`id="${id}"[^>]*${name}="([^"]*)"`).exec(page.text)?.[1] ?? '');
      expect(attr('email', 'data-value-missing')).toBe(message(m, 'input_required', 'email'));
      expect(attr('email', 'data-type-mismatch')).toBe(message(m, 'input_invalid_email', 'email'));
      expect(attr('password', 'data-value-missing')).toBe(message(m, 'input_required', 'password'));
      expect(page.text).toContain('id="email-error"');
      expect(page.text).toContain('id="password-error"');
    }
  });
});

describe('the pages\' own parameters', () => {
  it.each(['/auth/login', '/auth/logout'])('%s: a targetUrl too long is refused like any other bad return address, in the page language', async (route) => {
    for (const [l, m] of Object.entries(LOCALES)) {
      const res = await request(gw.app.server).get(`${route}?l=${l}&targetUrl=/${'a'.repeat(2000)}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_target_url', message: m.errors.invalid_target_url, field: 'query.targetUrl', errors: [{ field: 'query.targetUrl', message: m.errors.invalid_target_url }] });
    }
  });
});

describe('the anti-forgery token is checked before the body', () => {
  const malformed: [string, string, string][] = [
    ['an empty form', 'application/json', JSON.stringify({ email: '', password: '' })],
    ['a body that is not an object', 'application/json', '[1,2]'],
    ['broken JSON', 'application/json', '{"email":'],
    ['an unknown content type', 'text/plain', 'email=x'],
  ];

  it.each(malformed)('POST /auth/login without the token, %s: 403', async (_, type, body) => {
    const { agent } = await openLoginPage(gw.app);
    const res = await agent.post('/auth/login').set('content-type', type).send(body);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('csrf_token_invalid');
  });

  it.each(malformed)('POST /auth/login with a wrong token, %s: 403', async (_, type, body) => {
    const { agent } = await openLoginPage(gw.app);
    const res = await agent.post('/auth/login').set('x-csrf-token', 'forged').set('content-type', type).send(body);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('csrf_token_invalid');
  });

  it.each(malformed)('POST /auth/logout without the token, %s: 403, and the session lives on', async (_, type, body) => {
    const browser = await login(gw.app, demoEmail('patient.open'), DEMO_PASSWORD);
    const res = await browser.agent.post('/auth/logout').set('content-type', type).send(body);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('csrf_token_invalid');
    await browser.agent.get('/api/me').expect(200);
  });
});
