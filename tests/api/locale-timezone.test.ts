/** Issue 2 §8: query `l`, Content-Language, HEAD /me?l= saving the language, the time-zone header and selectedTimezone. */
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway(); });
afterAll(async () => { await gw.close(); });

const messages = { fr: fr.errors, en: en.errors, ar: ar.errors };

describe('query l', () => {
  it.each([
    ['', 'fr'],
    ['?l=fr', 'fr'],
    ['?l=en', 'en'],
    ['?l=ar', 'ar'],
  ] as const)('%s sets Content-Language and the language of error messages (%s)', async (query, language) => {
    const res = await request(gw.app.server).get(`/api/me${query}`);
    expect(res.status).toBe(401);
    expect(res.headers['content-language']).toBe(language);
    expect(res.body).toEqual({ code: 'insufficient_authentication', message: messages[language].insufficient_authentication });
  });

  it('wins over Accept-Language, which wins over the default', async () => {
    const accept = await request(gw.app.server).get('/api/me').set('accept-language', 'en-GB,en;q=0.9');
    expect(accept.headers['content-language']).toBe('en');
    const both = await request(gw.app.server).get('/api/me?l=ar').set('accept-language', 'en-GB');
    expect(both.headers['content-language']).toBe('ar');
  });

  it('answers a logged-in user in their saved language unless the call names one', async () => {
    const operator = await login(gw.app, demoEmail('operator')); // saved language: en
    const saved = await operator.agent.get('/api/establishments?pageSize=0');
    expect(saved.headers['content-language']).toBe('en');
    expect(saved.body.message).toContain('The field');
    const named = await operator.agent.get('/api/establishments?pageSize=0&l=fr');
    expect(named.headers['content-language']).toBe('fr');
    expect(named.body.message).toContain('Le champ');
  });
});

describe('HEAD /api/me?l=', () => {
  it('saves the language: later calls without l answer in it', async () => {
    const browser = await login(gw.app, demoEmail('patient.closed'));
    await browser.agent.head('/api/me?l=ar').set('x-csrf-token', browser.csrf).expect(204);
    const me = await browser.agent.get('/api/me').expect(200);
    expect(me.body.language).toBe('ar');
    expect(me.headers['content-language']).toBe('ar');
    const missing = await browser.agent.get('/api/patient_files/00000000-0000-4000-8000-000000000000');
    expect(missing.body).toEqual({ code: 'not_found', message: ar.errors.not_found });

    // Saved in the account, not in this session: a new login finds it.
    const again = await login(gw.app, demoEmail('patient.closed'));
    expect((await again.agent.get('/api/me').expect(200)).body.language).toBe('ar');
  });

  it('requires l (400 language_required)', async () => {
    const browser = await login(gw.app, demoEmail('patient.closed'));
    expect((await browser.agent.head('/api/me').set('x-csrf-token', browser.csrf)).status).toBe(400);
  });
});

describe('time zone', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await login(gw.app, demoEmail('patient.multi')); });
  const me = (zone?: string) => browser.agent.get('/api/me').set(zone ? { 'x-timezone': zone } : {}).expect(200);
  const choose = (selectedTimezone: string) => browser.agent.put('/api/me/timezone').set('x-csrf-token', browser.csrf).send({ selectedTimezone });

  it.each([
    ['America/New_York', 'America/New_York'],
    ['Asia/Kolkata', 'Asia/Kolkata'], // what browsers send; ICU's canonical name is Asia/Calcutta
    ['Europe/Kyiv', 'Europe/Kyiv'],
    ['Mars/Olympus_Mons', 'UTC'],
    [undefined, 'UTC'],
  ])('X-Timezone %s gives timezone %s while selectedTimezone is automatic', async (header, zone) => {
    const res = await me(header);
    expect(res.body).toMatchObject({ selectedTimezone: 'automatic', timezone: zone });
  });

  it('a chosen zone (PUT /api/me/timezone) wins over the header until set back to automatic', async () => {
    await choose('Europe/Paris').expect(204);
    expect((await me('America/New_York')).body).toMatchObject({ selectedTimezone: 'Europe/Paris', timezone: 'Europe/Paris' });
    await choose('Asia/Kolkata').expect(204);
    expect((await me('America/New_York')).body).toMatchObject({ selectedTimezone: 'Asia/Kolkata', timezone: 'Asia/Kolkata' });
    await choose('automatic').expect(204);
    expect((await me('America/New_York')).body).toMatchObject({ selectedTimezone: 'automatic', timezone: 'America/New_York' });
  });

  it('writes the account only when the choice changes, and the next call of another tab sees a change at once', async () => {
    // xmin is the id of the transaction that last wrote the row: it moves only when the row is written.
    const version = async () => (await gw.db.database.db.execute(sql`select xmin::text as v from users where email = ${demoEmail('patient.multi')}`) as unknown as { rows: { v: string }[] }).rows[0]!.v;
    const otherTab = await login(gw.app, demoEmail('patient.multi'));
    await choose('Europe/Lisbon').expect(204);
    const written = await version();
    for (let i = 0; i < 3; i++) await choose('Europe/Lisbon').expect(204);
    expect(await version()).toBe(written);
    await choose('Europe/Madrid').expect(204);
    expect(await version()).not.toBe(written);
    expect((await otherTab.agent.get('/api/me').expect(200)).body).toMatchObject({ selectedTimezone: 'Europe/Madrid', timezone: 'Europe/Madrid' });
    await choose('automatic').expect(204);
  });

  it.each(['Europe/Atlantis', 'not a zone', '../../etc/passwd'])('refuses %s with 400 invalid_timezone', async (zone) => {
    const res = await choose(zone);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_timezone', field: 'body.selectedTimezone' });
    expect(res.body.message).toContain(zone);
    expect((await me()).body.selectedTimezone).toBe('automatic');
  });
});
