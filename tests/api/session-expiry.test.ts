/**
 * Issue 2 §5: idle and absolute lifetimes, on the default settings and on configured ones.
 * Time is moved with the gateway's test clock; nothing sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

let standard: TestGateway;
let configured: TestGateway;
beforeAll(async () => {
  [standard, configured] = await Promise.all([
    startGateway(),
    startGateway({ SESSION_IDLE_MINUTES: 5, SESSION_ABSOLUTE_HOURS: 0.5 }),
  ]);
});
afterAll(async () => { await Promise.all([standard?.close(), configured?.close()]); });

async function expectAlive(browser: Browser, secondsLeft: number) {
  const me = await browser.agent.get('/api/me');
  expect(me.status).toBe(200);
  expect(me.headers['x-session-expires-in']).toBe(String(secondsLeft));
}

async function expectExpired(browser: Browser) {
  const me = await browser.agent.get('/api/me');
  expect(me.status).toBe(401);
  expect(me.body.code).toBe('insufficient_authentication');
  expect(me.headers['x-session-expires-in']).toBe('0');
}

describe('default lifetimes (30 min idle, 12 h absolute)', () => {
  it('ends after 30 minutes without a call', async () => {
    const browser = await login(standard.app, demoEmail('patient.open'));
    standard.clock.advance(30 * MINUTE + SECOND);
    await expectExpired(browser);
    // Over for good: the session was removed, so time going back would not revive it.
    standard.clock.advance(-31 * MINUTE);
    await expectExpired(browser);
    standard.clock.advance(31 * MINUTE);
  });

  it('lives to the last second of its idle lifetime', async () => {
    const browser = await login(standard.app, demoEmail('patient.open'));
    standard.clock.advance(30 * MINUTE - SECOND);
    await expectAlive(browser, 30 * 60);
  });

  it('GET /me extends it: a call at 29 min keeps it alive at 29 + 29 min, not at 29 + 30 min + 1 s', async () => {
    const browser = await login(standard.app, demoEmail('patient.open'));
    standard.clock.advance(29 * MINUTE);
    await expectAlive(browser, 30 * 60);
    standard.clock.advance(29 * MINUTE);
    await expectAlive(browser, 30 * 60);
    standard.clock.advance(30 * MINUTE + SECOND);
    await expectExpired(browser);
  });

  it('ends 12 h after login even with a call every 20 minutes', async () => {
    const browser = await login(standard.app, demoEmail('operator'));
    for (let elapsed = 20 * MINUTE; elapsed <= 11 * HOUR + 40 * MINUTE; elapsed += 20 * MINUTE) {
      standard.clock.advance(20 * MINUTE);
      await expectAlive(browser, Math.min(30 * 60, (12 * HOUR - elapsed) / SECOND));
    }
    standard.clock.advance(20 * MINUTE - SECOND);
    await expectAlive(browser, 1);
    standard.clock.advance(2 * SECOND);
    await expectExpired(browser);
  });
});

describe('configured lifetimes (SESSION_IDLE_MINUTES=5, SESSION_ABSOLUTE_HOURS=0.5)', () => {
  it('announces and applies the idle lifetime', async () => {
    const browser = await login(configured.app, demoEmail('patient.open'));
    await expectAlive(browser, 5 * 60);
    configured.clock.advance(5 * MINUTE - SECOND);
    await expectAlive(browser, 5 * 60);
    configured.clock.advance(5 * MINUTE + SECOND);
    await expectExpired(browser);
  });

  it('applies the absolute lifetime', async () => {
    const browser = await login(configured.app, demoEmail('patient.open'));
    for (let i = 0; i < 6; i++) {
      configured.clock.advance(4 * MINUTE);
      await expectAlive(browser, 5 * 60);
    }
    configured.clock.advance(4 * MINUTE);
    await expectAlive(browser, 2 * 60);
    configured.clock.advance(2 * MINUTE);
    await expectExpired(browser);
  });
});
