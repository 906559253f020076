/**
 * Issue 2 §5: served over HTTPS (PUBLIC_URL https://…), the session cookie is Secure with the
 * __Host- prefix. The test talks plain HTTP to the app, so it carries the Secure cookies by hand
 * as the browser would over TLS.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, DEMO_PASSWORD, loginToken, startGateway, type TestGateway } from '../helpers/app.ts';
import { cookieAttributes, cookieOf } from '../helpers/auth-flow.ts';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway({ PUBLIC_URL: 'https://telesuivi.example' }); });
afterAll(async () => { await gw.close(); });

async function loginOverHttps() {
  const page = await request(gw.app.server).get('/auth/login').expect(200);
  const nonce = cookieOf(page, '__Host-login');
  expect(nonce && cookieAttributes(nonce.line)).toMatchObject({ path: '/', secure: true, httponly: true });
  const res = await request(gw.app.server).post('/auth/login')
    .set('cookie', `__Host-login=${nonce!.value}`).set('x-csrf-token', loginToken(page.text)!)
    .send({ email: demoEmail('patient.open'), password: DEMO_PASSWORD }).expect(200);
  return res;
}

describe('session cookie over https', () => {
  it('is __Host-sid: Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain', async () => {
    const res = await loginOverHttps();
    expect(cookieOf(res, 'sid')).toBeUndefined();
    const cookie = cookieOf(res, '__Host-sid')!;
    expect(cookieAttributes(cookie.line)).toEqual({ path: '/', httponly: true, secure: true, samesite: 'Lax' });
  });

  it('is the only name the gateway reads: an unprefixed sid (that a sub-domain could plant) is ignored', async () => {
    const id = cookieOf(await loginOverHttps(), '__Host-sid')!.value;
    await request(gw.app.server).get('/api/me').set('cookie', `__Host-sid=${id}`).expect(200);
    const plain = await request(gw.app.server).get('/api/me').set('cookie', `sid=${id}`);
    expect(plain.status).toBe(401);
  });

  it('comes with HSTS and upgrade-insecure-requests', async () => {
    const res = await request(gw.app.server).get('/auth/login').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
