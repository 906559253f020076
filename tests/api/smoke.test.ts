import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';

describe('gateway smoke', () => {
  let gw: TestGateway;
  beforeAll(async () => { gw = await startGateway(); });
  afterAll(async () => { await gw.close(); });

  it('logs a patient in and answers GET /me with the session header', async () => {
    const browser = await login(gw.app, demoEmail('patient.open'));
    const me = await browser.agent.get('/api/me').expect(200);
    expect(me.body.email).toBe(demoEmail('patient.open'));
    expect(me.body.roles).toEqual(['ROLE_PATIENT']);
    expect(Number(me.headers['x-session-expires-in'])).toBe(30 * 60);
  });
});
