/**
 * Issue 9 §9, the request path: what the session layer reads from the database. A session read
 * less than cacheMs ago costs no query; once stale, it is read once however many calls arrive
 * meanwhile; and building the app raises no Fastify deprecation (FSTDEP023).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';

let gw: TestGateway;
let browser: Browser;
const warnings: string[] = [];
const onWarning = (warning: Error & { code?: string }) => { warnings.push(warning.code ?? warning.name); };

beforeAll(async () => {
  process.on('warning', onWarning);
  gw = await startGateway();
  browser = await login(gw.app, demoEmail('patient.open'));
});
afterAll(async () => {
  process.off('warning', onWarning);
  await gw.close();
});

const me = () => gw.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: browser.sessionCookie } });

/** Queries the database saw while `run` ran (every select of the gateway goes through db.select). */
async function selectsDuring(run: () => Promise<unknown>): Promise<number> {
  const select = vi.spyOn(gw.db.database.db, 'select');
  try {
    await run();
    return select.mock.calls.length;
  } finally {
    select.mockRestore();
  }
}

describe('session reads', () => {
  it('a session read less than cacheMs ago costs no query', async () => {
    await me();
    expect(await selectsDuring(async () => {
      for (let i = 0; i < 5; i++) expect((await me()).statusCode).toBe(200);
    })).toBe(0);
  });

  it('a stale session is read once for ten calls arriving together', async () => {
    gw.clock.advance(gw.config.session.cacheMs);
    const one = await selectsDuring(async () => expect((await me()).statusCode).toBe(200));
    expect(one).toBeGreaterThan(0);

    gw.clock.advance(gw.config.session.cacheMs);
    const ten = await selectsDuring(async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, me));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    });
    expect(ten).toBe(one);
  });

  it('a logout is seen by the next call, even with a read of the session in progress', async () => {
    const other = await login(gw.app, demoEmail('patient.open'));
    const call = () => gw.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: other.sessionCookie } });
    gw.clock.advance(gw.config.session.cacheMs);
    const during = call();
    const out = await gw.app.inject({
      method: 'POST', url: '/auth/logout', headers: { cookie: other.sessionCookie, 'x-csrf-token': other.csrf, origin: gw.config.publicUrl.origin },
    });
    expect(out.statusCode).toBeLessThan(400);
    await during;
    expect((await call()).statusCode).toBe(401);
  });
});

describe('deprecations', () => {
  it('building the gateway raises no Fastify deprecation warning (FSTDEP023: disableRequestLogging)', () => {
    expect(warnings.filter((code) => code.startsWith('FSTDEP'))).toEqual([]);
  });
});
