/**
 * Issue 2 §4: login attempts are limited per account and per client address. The gateway trusts
 * X-Forwarded-For here so that each test can play callers from different addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, DEMO_PASSWORD, startGateway, type TestGateway } from '../helpers/app.ts';
import { openLoginPage, postLogin } from '../helpers/auth-flow.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway({ LOGIN_MAX_PER_ACCOUNT: 3, LOGIN_MAX_PER_ADDRESS: 5, LOGIN_WINDOW_MINUTES: 15, TRUST_PROXY: true });
});
afterAll(async () => { await gw.close(); });

async function attempt(email: string, password: string, address: string) {
  const { agent, token } = await openLoginPage(gw.app);
  return postLogin(agent, token, { email, password }, { 'x-forwarded-for': address });
}

function expectThrottled(res: Awaited<ReturnType<typeof attempt>>) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe('too_many_attempts');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(res.body.message).toContain(String(Math.ceil(retryAfter / 60)));
  expect([res.headers['set-cookie'] ?? []].flat().some((c: string) => c.startsWith('sid='))).toBe(false);
}

describe('login rate limits', () => {
  it('per account: the attempt after the limit is refused from any address, even with the right password', async () => {
    const email = demoEmail('operator');
    for (let i = 1; i <= 3; i++) expect((await attempt(email, 'wrong-password', `10.1.0.${i}`)).status).toBe(401);
    expectThrottled(await attempt(email, DEMO_PASSWORD, '10.1.0.9'));
    expectThrottled(await attempt(email.toUpperCase(), DEMO_PASSWORD, '10.1.0.10'));
    // Another account is not affected.
    expect((await attempt(demoEmail('manager'), DEMO_PASSWORD, '10.1.0.11')).status).toBe(200);
  });

  it('per address: the attempt after the limit is refused whatever the account, unknown ones included', async () => {
    const address = '10.2.0.1';
    const accounts = ['nobody.1', 'nobody.2', 'nobody.3', 'nobody.4', 'nobody.5'].map(demoEmail);
    for (const email of accounts) expect((await attempt(email, 'wrong-password', address)).status).toBe(401);
    expectThrottled(await attempt(demoEmail('prescriber'), DEMO_PASSWORD, address));
    // Another address still gets in.
    expect((await attempt(demoEmail('prescriber'), DEMO_PASSWORD, '10.2.0.2')).status).toBe(200);
  });
});
