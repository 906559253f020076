/**
 * Issue 8, Security 1: no open redirect after login or logout. Every known payload that a browser
 * could read as another origin is refused on the three routes that take a targetUrl (the login
 * page, the login POST, the logout page, logged in or not); odd but same-origin values come back
 * as the normalised path that the browser will request, never as the input.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, DEMO_PASSWORD, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { cookieOf, openLoginPage, postLogin } from '../helpers/auth-flow.ts';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway(); });
afterAll(async () => { await gw.close(); });

/** Payloads from open-redirect cheat sheets, each of which some browser resolves to evil.example or runs as script. */
const FOREIGN = [
  'https://evil.example/',
  'http://evil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/./\\evil.example',
  '/../\\evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/%2e%2e/%2e%2e//evil.example',
  '/x/..//evil.example',
  '/p/0/../..//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example/path',
  '/\t\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'http://localhost:3000@evil.example/',
  'http://evil.example#@localhost:3000',
  'http://evil.example?@localhost:3000',
  'http://user:pass@localhost:3000/p/0',
  'https:evil.example',
  'http:/\\evil.example',
  'http:\\\\evil.example',
  'http://localhost:3001/',
  'https://localhost:3000/',
  'http://localhost.:3000/',
  'http://[::1]:3000/',
  'http://127.0.0.1:3000/',
  'http://localhost:3000.evil.example/',
  'ftp://evil.example/',
  'http://evil.example\\.localhost:3000/',
];

/** Same-origin values in odd spellings → the normalised path emitted. */
const SAME_ORIGIN: [string, string][] = [
  ['/p/0/my-tasks?tab=1#top', '/p/0/my-tasks?tab=1#top'],
  ['http://localhost:3000/s/0', '/s/0'],
  ['/a/../p/0', '/p/0'],
  ['/%2e%2e/p/0', '/p/0'],
  ['/./%2F/evil.example', '/%2F/evil.example'],
  ['%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['/%5Cevil.example', '/%5Cevil.example'],
  ['http:evil.example', '/evil.example'],
  ['evil.example', '/evil.example'],
  ['http://localhost:3000\\@evil.example', '/@evil.example'],
  ['/p/\t0', '/p/0'],
];

const refused = (res: request.Response) => {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('invalid_target_url');
  expect(res.headers.location).toBeUndefined();
};

describe('open redirects are refused', () => {
  it('tests at least 30 payloads', () => expect(FOREIGN.length).toBeGreaterThanOrEqual(30));

  it.each(FOREIGN)('GET /auth/login?targetUrl=%j', async (url) => {
    refused(await request(gw.app.server).get(`/auth/login?targetUrl=${encodeURIComponent(url)}`));
  });

  it.each(FOREIGN)('POST /auth/login with targetUrl %j, even with the right password', async (url) => {
    const { agent, token } = await openLoginPage(gw.app);
    const res = await postLogin(agent, token, { email: demoEmail('patient.open'), password: DEMO_PASSWORD, targetUrl: url });
    refused(res);
    expect(res.body.field).toBe('body.targetUrl');
    expect(cookieOf(res, 'sid')).toBeUndefined();
  });

  it.each(FOREIGN)('GET /auth/logout?targetUrl=%j, logged out', async (url) => {
    refused(await request(gw.app.server).get(`/auth/logout?targetUrl=${encodeURIComponent(url)}`));
  });

  it('GET /auth/logout refuses every payload for a logged-in user too', async () => {
    const browser = await login(gw.app, demoEmail('patient.open'));
    for (const url of FOREIGN) refused(await browser.agent.get(`/auth/logout?targetUrl=${encodeURIComponent(url)}`));
  });

  it('the exact request of the report: GET /auth/logout?targetUrl=%2F.%2F%2Fevil.example', async () => {
    refused(await request(gw.app.server).get('/auth/logout?targetUrl=%2F.%2F%2Fevil.example'));
  });
});

describe('same-origin values are emitted normalised', () => {
  it.each(SAME_ORIGIN)('%j → %j in the form, redirectTo and Location', async (input, path) => {
    const page = await request(gw.app.server).get(`/auth/login?targetUrl=${encodeURIComponent(input)}`).expect(200);
    const hidden = /name="targetUrl" value="([^"]*)"/.exec(page.text)?.[1]?.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
    expect(hidden).toBe(path);

    const { agent, token } = await openLoginPage(gw.app);
    const res = await postLogin(agent, token, { email: demoEmail('patient.open'), password: DEMO_PASSWORD, targetUrl: input }).expect(200);
    expect(res.body).toEqual({ redirectTo: path });

    const out = await request(gw.app.server).get(`/auth/logout?targetUrl=${encodeURIComponent(input)}`).expect(302);
    expect(out.headers.location).toBe(path);
    // What the browser will request is on this origin, whatever origin it is read against.
    expect(new URL(path, 'https://other.example').origin).toBe('https://other.example');
  });
});
