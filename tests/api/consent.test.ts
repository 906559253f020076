/** Issue 2 §6: the 401 consent codes, and the calls that record the consents (who and when). */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents } from '../../server/db/schema.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { userIdOf } from '../helpers/demo-data.ts';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway(); });
afterAll(async () => { await gw.close(); });

async function expectRefused(browser: Browser, code: string) {
  for (const path of ['/api/me', '/api/me/privileges', '/api/me/patient_files', '/api/establishments']) {
    const res = await browser.agent.get(path);
    expect([path, res.status, res.body.code]).toEqual([path, 401, code]);
  }
}

describe('consent codes', () => {
  it('walks new.terms from cgu_not_accepted to personal_data_use_not_approved to a working session', async () => {
    const browser = await login(gw.app, demoEmail('new.terms'));
    await expectRefused(browser, 'cgu_not_accepted');

    const acceptedAt = gw.clock.now();
    await browser.agent.post('/api/me/terms-acceptance').set('x-csrf-token', browser.csrf).set('user-agent', 'ConsentTest/1.0').expect(204);
    await expectRefused(browser, 'personal_data_use_not_approved');

    gw.clock.advance(60_000);
    const consentedAt = gw.clock.now();
    await browser.agent.post('/api/me/personal-data-consent').set('x-csrf-token', browser.csrf).set('user-agent', 'ConsentTest/1.0').expect(204);
    const me = await browser.agent.get('/api/me').expect(200);
    expect(me.body.cguAcceptedAt).toBe(acceptedAt.toISOString());
    expect(me.body.personalDataConsentAt).toBe(consentedAt.toISOString());

    const userId = await userIdOf(gw.db.database.db, 'new.terms');
    const rows = await gw.db.database.db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.grantedAt));
    expect(rows.map(({ kind, grantedAt, recordedBy, userAgent }) => ({ kind, grantedAt, recordedBy, userAgent }))).toEqual([
      { kind: 'CGU', grantedAt: acceptedAt, recordedBy: userId, userAgent: 'ConsentTest/1.0' },
      { kind: 'PERSONAL_DATA_USE', grantedAt: consentedAt, recordedBy: userId, userAgent: 'ConsentTest/1.0' },
    ]);
  });

  it('gives new.consent, who accepted the terms only, personal_data_use_not_approved', async () => {
    const browser = await login(gw.app, demoEmail('new.consent'));
    await expectRefused(browser, 'personal_data_use_not_approved');
  });

  it('lets a user without consents save their language (HEAD /me?l=)', async () => {
    const browser = await login(gw.app, demoEmail('new.consent'));
    await browser.agent.head('/api/me?l=en').set('x-csrf-token', browser.csrf).expect(204);
    const res = await browser.agent.get('/api/me');
    expect(res.status).toBe(401);
    expect(res.headers['content-language']).toBe('en');
  });

  it('answers insufficient_authentication, not a consent code, when nobody is logged in', async () => {
    const browser = await login(gw.app, demoEmail('new.terms'));
    await browser.agent.post('/auth/logout').set('x-csrf-token', browser.csrf).expect(204);
    const res = await browser.agent.post('/api/me/terms-acceptance').set('x-csrf-token', browser.csrf);
    expect([res.status, res.body.code]).toEqual([401, 'insufficient_authentication']);
  });
});
