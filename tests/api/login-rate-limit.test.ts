/**
 * Issue 8, Security 4: login throttling slows whoever guesses passwords without locking the
 * owner out (ASVS 2.2.1). Only failures count, per (account, address) and per address, over a
 * sliding window kept in the database; a success clears that account's failures from that
 * address. The gateway trusts X-Forwarded-For here so that each test can play callers from
 * different addresses; each test uses its own accounts and addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import { demoEmail, DEMO_PASSWORD, startGateway, type TestGateway } from '../helpers/app.ts';
import { openLoginPage, postLogin } from '../helpers/auth-flow.ts';

const LIMITS = { LOGIN_MAX_PER_ACCOUNT: 3, LOGIN_MAX_PER_ADDRESS: 5, LOGIN_WINDOW_MINUTES: 15, TRUST_PROXY: true } as const;
const WRONG = 'wrong-password';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway(LIMITS); });
afterAll(async () => { await gw.close(); });

async function attempt(email: string, password: string, address: string, g: TestGateway = gw, language = 'fr') {
  const { agent, token } = await openLoginPage(g.app);
  return postLogin(agent, token, { email, password }, { 'x-forwarded-for': address }).query({ l: language });
}

function expectThrottled(res: Awaited<ReturnType<typeof attempt>>, messages = fr) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe('too_many_attempts');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(res.body.message).toBe(messages.errors.too_many_attempts.replace('{{minutes}}', String(Math.ceil(retryAfter / 60))));
  expect([res.headers['set-cookie'] ?? []].flat().some((c: string) => /^(__Host-)?sid=/.test(c))).toBe(false);
  return retryAfter;
}

describe('successful logins never count', () => {
  it('an account logs in many times in a row from one address', async () => {
    for (let i = 0; i < 3 * LIMITS.LOGIN_MAX_PER_ACCOUNT; i++) {
      expect((await attempt(demoEmail('patient.open'), DEMO_PASSWORD, '10.0.0.1')).status).toBe(200);
    }
  });

  it('a hospital behind one NAT address: many people log in, a few mistype, nobody is limited', async () => {
    const people = ['prescriber', 'operator', 'manager', 'superadmin', 'pro.two', 'admin.establishment'].map(demoEmail);
    for (let round = 0; round < 3; round++) {
      for (const email of people) {
        if (round === 1) expect((await attempt(email, WRONG, '10.0.0.2')).status).toBe(401);
        expect((await attempt(email, DEMO_PASSWORD, '10.0.0.2')).status).toBe(200);
      }
    }
  });

  it('a success clears the account\'s failures from that address', async () => {
    const email = demoEmail('caregiver');
    for (let round = 0; round < 3; round++) {
      for (let i = 1; i < LIMITS.LOGIN_MAX_PER_ACCOUNT; i++) expect((await attempt(email, WRONG, '10.0.0.3')).status).toBe(401);
      expect((await attempt(email, DEMO_PASSWORD, '10.0.0.3')).status).toBe(200);
    }
  });
});

describe('failures slow the one who fails, not the owner', () => {
  it('failures beyond the limit from one address are refused there, even with the right password; the owner gets in from another address', async () => {
    const email = demoEmail('operator');
    for (let i = 0; i < LIMITS.LOGIN_MAX_PER_ACCOUNT; i++) expect((await attempt(email, WRONG, '10.1.0.1')).status).toBe(401);
    expectThrottled(await attempt(email, WRONG, '10.1.0.1'));
    expectThrottled(await attempt(email, DEMO_PASSWORD, '10.1.0.1'));
    expectThrottled(await attempt(email.toUpperCase(), DEMO_PASSWORD, '10.1.0.1'));
    expectThrottled(await attempt(email, DEMO_PASSWORD, '10.1.0.1', gw, 'en'), en);
    expectThrottled(await attempt(email, DEMO_PASSWORD, '10.1.0.1', gw, 'ar'), ar);
    // The owner, elsewhere.
    expect((await attempt(email, DEMO_PASSWORD, '10.1.0.2')).status).toBe(200);
    // Other accounts from the attacker's address are still answered (until the address limit).
    expect((await attempt(demoEmail('manager'), DEMO_PASSWORD, '10.1.0.1')).status).toBe(200);
  });

  it('per address: failures on any accounts, unknown ones included, beyond the limit refuse that address', async () => {
    const address = '10.2.0.1';
    for (let i = 1; i <= LIMITS.LOGIN_MAX_PER_ADDRESS; i++) expect((await attempt(demoEmail(`nobody.${i}`), WRONG, address)).status).toBe(401);
    expectThrottled(await attempt(demoEmail('prescriber'), DEMO_PASSWORD, address));
    expect((await attempt(demoEmail('prescriber'), DEMO_PASSWORD, '10.2.0.2')).status).toBe(200);
  });

  it('an IPv6 network counts as one address (its /64): walking through its addresses does not escape the limit', async () => {
    for (let i = 1; i <= LIMITS.LOGIN_MAX_PER_ADDRESS; i++) {
      expect((await attempt(demoEmail(`nobody.v6.${i}`), WRONG, `2001:db8:6:6::${i.toString(16)}`)).status).toBe(401);
    }
    expectThrottled(await attempt(demoEmail('prescriber'), DEMO_PASSWORD, '2001:db8:6:6:ffff:ffff:ffff:ffff'));
    expect((await attempt(demoEmail('prescriber'), DEMO_PASSWORD, '2001:db8:6:7::1')).status).toBe(200);
  });

  it('the window slides: Retry-After is when the oldest failure leaves it, and then one more attempt is let through', async () => {
    const email = demoEmail('patient.closed');
    const address = '10.3.0.1';
    for (let i = 0; i < LIMITS.LOGIN_MAX_PER_ACCOUNT; i++) {
      expect((await attempt(email, WRONG, address)).status).toBe(401);
      gw.clock.advance(60_000);
    }
    // Failures at t, t+1, t+2 min; now t+3 min: the first leaves the window at t+15 min.
    expect(expectThrottled(await attempt(email, DEMO_PASSWORD, address))).toBe(12 * 60);
    gw.clock.advance(12 * 60_000 - 1000);
    expect(expectThrottled(await attempt(email, DEMO_PASSWORD, address))).toBe(1);
    gw.clock.advance(1000);
    // One failure left the window: exactly one more attempt, and refused attempts did not lengthen the wait.
    expect((await attempt(email, WRONG, address)).status).toBe(401);
    expect(expectThrottled(await attempt(email, DEMO_PASSWORD, address))).toBe(60);
    gw.clock.advance(60_000);
    expect((await attempt(email, DEMO_PASSWORD, address)).status).toBe(200);
  });

  it('concurrent wrong attempts cannot slip past the limit', async () => {
    const email = demoEmail('new.terms');
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt(email, WRONG, '10.4.0.1')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LIMITS.LOGIN_MAX_PER_ACCOUNT);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect((await attempt(email, DEMO_PASSWORD, '10.4.0.2')).status).toBe(200);
  });
});

describe('counters are shared by every gateway on the database', () => {
  it('failures seen by one gateway throttle the pair on another; the owner still gets in through either', async () => {
    // A second gateway process on the same database: its own connection pool on PostgreSQL.
    const second = gw.db.url ? await openDatabase({ url: gw.db.url, dataDir: '', poolSize: 2 }) : gw.db.database;
    const other = await startGateway(LIMITS, { db: { ...gw.db, database: second }, demo: false });
    other.clock.advance(gw.clock.now().getTime() - other.clock.now().getTime());
    try {
      const email = demoEmail('new.consent');
      for (let i = 0; i < LIMITS.LOGIN_MAX_PER_ACCOUNT; i++) {
        expect((await attempt(email, WRONG, '10.5.0.1', i % 2 ? other : gw)).status).toBe(401);
      }
      expectThrottled(await attempt(email, DEMO_PASSWORD, '10.5.0.1', other));
      expectThrottled(await attempt(email, DEMO_PASSWORD, '10.5.0.1', gw));
      expect((await attempt(email, DEMO_PASSWORD, '10.5.0.2', other)).status).toBe(200);
    } finally {
      await other.app.close();
      if (second !== gw.db.database) await second.close();
    }
  });
});
