/**
 * Issue 19: `HEAD /api/%6de?l=ar` without the anti-forgery token saved the language, because the
 * anti-forgery rule compared the raw path with /api/me while the router decodes it. Every
 * spelling of the address that a router or the split-mode proxy could take to HEAD /api/me is
 * sent here, as a browser session without its token, over a real socket (so that no client
 * library rewrites it): each answers 403 and the language stays as it was. The consent
 * exemptions follow the route the call reaches: a spelling the router takes to the exempt route
 * is exempt, one it does not is not.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCareApi } from '../../server/care-app.ts';
import { loadConfig } from '../../server/config.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const KEY = 'path-spellings-signing-key-0123456789abcdef';

/**
 * HEAD /api/me, spelled every way that reaches it or might under another router option: each
 * is refused by the anti-forgery rule (403), or, where the router does not even take it into
 * /api (case-sensitive, %2F kept escaped, no slash or `;` folding), not found (404).
 */
const SPELLINGS: [string, number][] = [
  ['/api/me', 403], ['/api/%6de', 403], ['/api/%6D%65', 403], ['/%61pi/me', 403], ['/api//me', 403], ['/api/me/', 403], ['/api/me//', 403],
  ['/api/ME', 403], ['/api/me;x', 403], ['/api/./me', 403], ['/api/%2e/me', 403], ['/api/x/../me', 403], ['/api/.\\me', 403], ['/api/me/.', 403],
  ['/api%2Fme', 404], ['/api%2fme', 404], ['//api//me', 404], ['/API/me', 404], ['/api;x/me', 404],
];

/** One request on a socket of its own, the path sent exactly as written. */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => { body += d; }).on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

function spellingsRefused(setup: () => { gw: TestGateway }) {
  let browser: Browser;
  beforeAll(async () => {
    browser = await login(setup().gw.app, demoEmail('patient.open'));
  });

  it.each(SPELLINGS)('HEAD %s?l=ar without the token: %i, the language unchanged', async (spelling, status) => {
    const cookie = browser.sessionCookie.split(';')[0]!;
    const port = portOf(setup().gw.app);
    // Each row on its own: French first, with the token.
    expect((await send(port, 'HEAD', '/api/me?l=fr', { cookie, 'x-csrf-token': browser.csrf })).status).toBe(204);
    const res = await send(port, 'HEAD', `${spelling}?l=ar`, { cookie });
    expect(res.status, spelling).toBe(status);
    const me = await send(port, 'GET', '/api/me', { cookie });
    expect(JSON.parse(me.body).language, spelling).toBe('fr');
  });

  it('HEAD /api/me?l=ar with the token still saves the language', async () => {
    const cookie = browser.sessionCookie.split(';')[0]!;
    expect((await send(portOf(setup().gw.app), 'HEAD', '/api/%6de?l=ar', { cookie, 'x-csrf-token': browser.csrf })).status).toBe(204);
    const me = await send(portOf(setup().gw.app), 'GET', '/api/me', { cookie });
    expect(JSON.parse(me.body).language).toBe('ar');
  });

  it('the consent exemptions follow the route reached: a spelling of it is exempt, another address is not', async () => {
    const b = await login(setup().gw.app, demoEmail('new.terms'));
    const headers = { cookie: b.sessionCookie.split(';')[0]!, 'x-csrf-token': b.csrf, 'content-type': 'application/json' };
    const post = (path: string) => send(portOf(setup().gw.app), 'POST', path, headers, '{}');
    // Not the route the router reaches (it is case-sensitive): the consent gate answers first.
    const other = await post('/api/ME/terms-acceptance');
    expect([other.status, JSON.parse(other.body).code]).toEqual([401, 'cgu_not_accepted']);
    const accepted = await post('/api/me/terms-%61cceptance');
    expect(accepted.status, accepted.body).toBeLessThan(300);
  });
}

describe('the gateway, care API in the same process', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway();
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => { await gw?.close(); });
  spellingsRefused(() => ({ gw }));
});

describe('the gateway in front of the care API (split mode)', () => {
  let db: TestDatabase;
  let care: FastifyInstance;
  let gw: TestGateway;
  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    care = await buildCareApi({ config: loadConfig({}, { LOG_LEVEL: 'silent', IDENTITY_SIGNING_KEY: KEY }), database: db.database, now: () => gw.clock.now() });
    await care.listen({ port: 0, host: '127.0.0.1' });
    gw = await startGateway({ CARE_API_URL: `http://127.0.0.1:${portOf(care)}`, IDENTITY_SIGNING_KEY: KEY }, { db });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gw?.close();
    await care?.close();
    await db?.drop();
  });
  spellingsRefused(() => ({ gw }));
});
