/**
 * Issue 4 §2 and §9: GET /ui/layouts/:page resolved as personal > establishment edit >
 * provisioned file (establishment, then brand) > layouts/default, with ETag and 304; who may
 * read and save; isolation between establishments and between users; anti-forgery.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import {
  getLayout, layoutDoc, layoutPath, listVersions, makeAzurEstablishmentAdmin, noteOf, resetLayout, restoreVersion, saveLayout,
} from '../helpers/layouts.ts';

const file = (path: string) => JSON.parse(readFileSync(new URL(`../../layouts/${path}`, import.meta.url), 'utf8'));

let gw: TestGateway;
let azur: string;
let tilleuls: string;
/** superadmin@, made ADMIN_ESTABLISHMENT of CHU Azur for these tests. */
let azurAdmin: Browser;
let tilleulsAdmin: Browser;
let operator: Browser;
let prescriber: Browser;
let proTwo: Browser;
let manager: Browser;
let patient: Browser;

beforeAll(async () => {
  gw = await startGateway();
  const db = gw.db.database.db;
  await makeAzurEstablishmentAdmin(db);
  [azur, tilleuls] = await Promise.all([establishmentIdOf(db, 'chu-azur'), establishmentIdOf(db, 'clinique-des-tilleuls')]);
  const as = (local: string) => login(gw.app, demoEmail(local));
  [azurAdmin, tilleulsAdmin, operator, prescriber, proTwo, manager, patient] = await Promise.all(
    [as('superadmin'), as('admin.establishment'), as('operator'), as('prescriber'), as('pro.two'), as('manager'), as('patient.open')],
  );
});
afterAll(async () => { await gw.close(); });

describe('resolution order', () => {
  it('serves layouts/default to an establishment without files of its own', async () => {
    const res = await getLayout(tilleulsAdmin, 'professional-dashboard', tilleuls).expect(200);
    expect(res.headers['x-layout-source']).toBe('provisioned:default');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(file('default/pages/professional-dashboard.json'));
  });

  it("serves CHU Azur's own provisioned file for its identifier, and the default for pages it does not provide", async () => {
    const dashboard = await getLayout(operator, 'professional-dashboard', azur).expect(200);
    expect(dashboard.headers['x-layout-source']).toBe('provisioned:chu-azur');
    expect(dashboard.body).toEqual(file('chu-azur/pages/professional-dashboard.json'));

    // layouts/azur (the brand) holds a logo but no pages: the default applies.
    const summary = await getLayout(operator, 'patient-file-summary', azur).expect(200);
    expect(summary.headers['x-layout-source']).toBe('provisioned:default');
    expect(summary.body.id).toBe('default-patient-file-summary');
  });

  it("makes the establishment's edit win over the provisioned file", async () => {
    const saved = await saveLayout(azurAdmin, 'professional-dashboard', azur, 'establishment', layoutDoc('professional-dashboard', 'Azur edit'), 'first edit').expect(200);
    expect(saved.body).toEqual({ version: 1 });

    for (const browser of [operator, prescriber, manager, azurAdmin]) {
      const res = await getLayout(browser, 'professional-dashboard', azur).expect(200);
      expect(res.headers['x-layout-source']).toBe('establishment');
      expect(noteOf(res.body)).toBe('Azur edit');
    }
  });

  it('makes a personal layout win over the establishment one, for its owner only', async () => {
    await saveLayout(prescriber, 'professional-dashboard', azur, 'personal', layoutDoc('professional-dashboard', "Claire's own"), 'mine').expect(200);

    const own = await getLayout(prescriber, 'professional-dashboard', azur).expect(200);
    expect(own.headers['x-layout-source']).toBe('personal');
    expect(noteOf(own.body)).toBe("Claire's own");

    for (const browser of [operator, proTwo, manager, azurAdmin]) {
      const res = await getLayout(browser, 'professional-dashboard', azur).expect(200);
      expect(res.headers['x-layout-source']).toBe('establishment');
      expect(noteOf(res.body)).toBe('Azur edit');
    }
  });

  it('skips the personal layout with source=establishment (what the editor edits)', async () => {
    const res = await getLayout(prescriber, 'professional-dashboard', azur, { source: 'establishment' }).expect(200);
    expect(res.headers['x-layout-source']).toBe('establishment');
    expect(noteOf(res.body)).toBe('Azur edit');
    // And the personal one is still served without it.
    expect((await getLayout(prescriber, 'professional-dashboard', azur).expect(200)).headers['x-layout-source']).toBe('personal');
  });

  it('falls back to the establishment layout once the personal one is reset', async () => {
    await resetLayout(prescriber, 'professional-dashboard', azur, 'personal').expect(200);
    const res = await getLayout(prescriber, 'professional-dashboard', azur).expect(200);
    expect(res.headers['x-layout-source']).toBe('establishment');
    expect(noteOf(res.body)).toBe('Azur edit');
  });

  it('answers 404 layout_not_found for a page nobody provides, and 400 for a malformed page or structure', async () => {
    const missing = await getLayout(operator, 'no-such-page', azur).expect(404);
    expect(missing.body.code).toBe('layout_not_found');
    expect((await getLayout(operator, 'Bad_Page', azur).expect(400)).body.code).toBe('validation_error');
    expect((await getLayout(operator, 'patient-home', 'not-a-uuid').expect(400)).body.code).toBe('validation_error');
    expect((await operator.agent.get('/ui/layouts/patient-home').expect(400)).body.field).toBe('query.structure');
  });

  it('needs a session', async () => {
    const res = await gw.app.inject({ method: 'GET', url: layoutPath('patient-home', azur) });
    expect(res.statusCode).toBe(401);
  });
});

describe('ETag and 304', () => {
  it('answers 304 to a matching If-None-Match, 200 otherwise, and a new ETag after a save', async () => {
    const first = await getLayout(tilleulsAdmin, 'patient-file-summary', tilleuls).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const revalidated = await getLayout(tilleulsAdmin, 'patient-file-summary', tilleuls).set('if-none-match', etag).expect(304);
    expect(revalidated.text ?? '').toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['x-layout-source']).toBe('provisioned:default');

    await getLayout(tilleulsAdmin, 'patient-file-summary', tilleuls).set('if-none-match', '"something-else"').expect(200);
    // Another user of the same establishment gets the same representation, hence the same ETag.
    expect((await getLayout(proTwo, 'patient-file-summary', tilleuls).expect(200)).headers.etag).toBe(etag);

    await saveLayout(tilleulsAdmin, 'patient-file-summary', tilleuls, 'establishment', layoutDoc('patient-file-summary', 'Tilleuls summary')).expect(200);
    const after = await getLayout(tilleulsAdmin, 'patient-file-summary', tilleuls).set('if-none-match', etag).expect(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(noteOf(after.body)).toBe('Tilleuls summary');
    await getLayout(tilleulsAdmin, 'patient-file-summary', tilleuls).set('if-none-match', after.headers.etag as string).expect(304);
  });

  it('gives a personal layout its own ETag', async () => {
    const shared = await getLayout(proTwo, 'patient-file-summary', tilleuls).expect(200);
    await saveLayout(proTwo, 'patient-file-summary', tilleuls, 'personal', layoutDoc('patient-file-summary', "Karim's summary")).expect(200);
    const own = await getLayout(proTwo, 'patient-file-summary', tilleuls).set('if-none-match', shared.headers.etag as string).expect(200);
    expect(own.headers['x-layout-source']).toBe('personal');
    expect(own.headers.etag).not.toBe(shared.headers.etag);
    // The establishment's admin keeps revalidating the shared one.
    await getLayout(tilleulsAdmin, 'patient-file-summary', tilleuls).set('if-none-match', shared.headers.etag as string).expect(304);
  });
});

describe('privileges', () => {
  // A layout the caller may not edit is not found, like another establishment's (docs/architecture.md §4: never 403).
  it('lets a manager read but not save (404 not_found, never 403), in either scope', async () => {
    await getLayout(manager, 'professional-dashboard', azur).expect(200);
    const doc = layoutDoc('professional-dashboard', 'manager edit');
    for (const scope of ['establishment', 'personal'] as const) {
      const res = await saveLayout(manager, 'professional-dashboard', azur, scope, doc).expect(404);
      expect(res.body.code).toBe('not_found');
      expect(res.body.message).toBe('Not found.');
      expect((await listVersions(manager, 'professional-dashboard', azur, scope).expect(404)).body.code).toBe('not_found');
    }
    expect((await resetLayout(manager, 'professional-dashboard', azur, 'establishment').expect(404)).body.code).toBe('not_found');
    expect((await restoreVersion(manager, 'professional-dashboard', azur, 'establishment', 1).expect(404)).body.code).toBe('not_found');
  });

  it("refuses the establishment scope to operators and prescribers", async () => {
    for (const browser of [operator, prescriber]) {
      const doc = layoutDoc('professional-dashboard', 'not allowed');
      expect((await saveLayout(browser, 'professional-dashboard', azur, 'establishment', doc).expect(404)).body.code).toBe('not_found');
      expect((await listVersions(browser, 'professional-dashboard', azur, 'establishment').expect(404)).body.code).toBe('not_found');
      expect((await resetLayout(browser, 'professional-dashboard', azur, 'establishment').expect(404)).body.code).toBe('not_found');
      expect((await restoreVersion(browser, 'professional-dashboard', azur, 'establishment', 1).expect(404)).body.code).toBe('not_found');
    }
    expect(noteOf((await getLayout(operator, 'professional-dashboard', azur, { source: 'establishment' })).body)).toBe('Azur edit');
  });

  it('lets operators and prescribers save their own dashboard and summary, and no other page', async () => {
    await saveLayout(operator, 'patient-file-summary', azur, 'personal', layoutDoc('patient-file-summary', "Hugo's summary")).expect(200);
    // pro.two holds PRESCRIBER through a CHU Azur service, not the establishment itself.
    await saveLayout(proTwo, 'professional-dashboard', azur, 'personal', layoutDoc('professional-dashboard', "Karim's Azur dashboard")).expect(200);
    const res = await saveLayout(prescriber, 'patient-home', azur, 'personal', layoutDoc('patient-home', 'mine')).expect(403);
    expect(res.body.code).toBe('page_not_personalisable');
  });

  it('lets a patient read the layouts of their file\'s establishment only, and save none', async () => {
    const home = await getLayout(patient, 'patient-home', azur).expect(200);
    expect(home.body.id).toBe('default-patient-home');
    expect((await getLayout(patient, 'patient-home', tilleuls).expect(404)).body.code).toBe('not_found');
    const res = await saveLayout(patient, 'patient-home', azur, 'establishment', layoutDoc('patient-home', 'patient edit')).expect(404);
    expect(res.body.code).toBe('not_found');
    expect((await saveLayout(patient, 'patient-file-summary', azur, 'personal', layoutDoc('patient-file-summary', 'x')).expect(404)).body.code).toBe('not_found');
  });

  it("answers 404, never 403, for another establishment's layouts", async () => {
    const doc = layoutDoc('professional-dashboard', 'intruder');
    expect((await getLayout(tilleulsAdmin, 'professional-dashboard', azur).expect(404)).body.code).toBe('not_found');
    expect((await saveLayout(tilleulsAdmin, 'professional-dashboard', azur, 'establishment', doc).expect(404)).body.code).toBe('not_found');
    expect((await listVersions(tilleulsAdmin, 'professional-dashboard', azur, 'establishment').expect(404)).body.code).toBe('not_found');
    expect((await restoreVersion(tilleulsAdmin, 'professional-dashboard', azur, 'establishment', 1).expect(404)).body.code).toBe('not_found');
    expect((await resetLayout(tilleulsAdmin, 'professional-dashboard', azur, 'establishment').expect(404)).body.code).toBe('not_found');
    expect((await getLayout(operator, 'professional-dashboard', tilleuls).expect(404)).body.code).toBe('not_found');
    expect((await saveLayout(azurAdmin, 'professional-dashboard', tilleuls, 'establishment', doc).expect(404)).body.code).toBe('not_found');
    expect(noteOf((await getLayout(operator, 'professional-dashboard', azur)).body)).toBe('Azur edit');
  });
});

describe('isolation', () => {
  it("never shows an establishment's edit in another establishment", async () => {
    await saveLayout(tilleulsAdmin, 'professional-dashboard', tilleuls, 'establishment', layoutDoc('professional-dashboard', 'Tilleuls edit')).expect(200);

    const atTilleuls = await getLayout(proTwo, 'professional-dashboard', tilleuls).expect(200);
    expect([atTilleuls.headers['x-layout-source'], noteOf(atTilleuls.body)]).toEqual(['establishment', 'Tilleuls edit']);
    const atAzur = await getLayout(operator, 'professional-dashboard', azur).expect(200);
    expect([atAzur.headers['x-layout-source'], noteOf(atAzur.body)]).toEqual(['establishment', 'Azur edit']);
    // The same person in both establishments sees each one's own layout.
    const proTwoAtAzur = await getLayout(proTwo, 'professional-dashboard', azur, { source: 'establishment' }).expect(200);
    expect(noteOf(proTwoAtAzur.body)).toBe('Azur edit');

    // CHU Azur's summary was never edited: the Tilleuls summary edit does not leak into it.
    const summary = await getLayout(prescriber, 'patient-file-summary', azur).expect(200);
    expect([summary.headers['x-layout-source'], summary.body.id]).toEqual(['provisioned:default', 'default-patient-file-summary']);

    // Version lists are per establishment too.
    const azurVersions = await listVersions(azurAdmin, 'professional-dashboard', azur, 'establishment').expect(200);
    expect(azurVersions.body.data.map((v: { message: string }) => v.message)).toEqual(['first edit']);
    const tilleulsVersions = await listVersions(tilleulsAdmin, 'professional-dashboard', tilleuls, 'establishment').expect(200);
    expect(tilleulsVersions.body.data).toHaveLength(1);
  });

  it("never shows one user's personal layout to another user of the same establishment", async () => {
    await saveLayout(prescriber, 'professional-dashboard', azur, 'personal', layoutDoc('professional-dashboard', "Claire's again")).expect(200);
    await saveLayout(operator, 'professional-dashboard', azur, 'personal', layoutDoc('professional-dashboard', "Hugo's dashboard")).expect(200);

    const seen = async (browser: Browser) => noteOf((await getLayout(browser, 'professional-dashboard', azur).expect(200)).body);
    expect(await seen(prescriber)).toBe("Claire's again");
    expect(await seen(operator)).toBe("Hugo's dashboard");
    expect(await seen(proTwo)).toBe("Karim's Azur dashboard");
    expect(await seen(manager)).toBe('Azur edit');
    expect(await seen(azurAdmin)).toBe('Azur edit');

    // pro.two's CHU Azur dashboard does not follow them to the Clinique des Tilleuls.
    expect(noteOf((await getLayout(proTwo, 'professional-dashboard', tilleuls)).body)).toBe('Tilleuls edit');
    // Hugo's summary stays his.
    expect(noteOf((await getLayout(operator, 'patient-file-summary', azur)).body)).toBe("Hugo's summary");
    expect((await getLayout(prescriber, 'patient-file-summary', azur)).headers['x-layout-source']).toBe('provisioned:default');

    // Each one lists, restores and resets only their own versions.
    const operatorVersions = await listVersions(operator, 'professional-dashboard', azur, 'personal').expect(200);
    expect(operatorVersions.body.data.map((v: { version: number; author: string }) => [v.version, v.author])).toEqual([[1, 'Hugo Lefèvre']]);
    const prescriberVersions = await listVersions(prescriber, 'professional-dashboard', azur, 'personal').expect(200);
    expect(prescriberVersions.body.data.map((v: { author: string }) => v.author)).toEqual(['Claire Dubois', 'Claire Dubois', 'Claire Dubois']);
    // Version 3 exists for Claire but not for Hugo.
    expect((await restoreVersion(operator, 'professional-dashboard', azur, 'personal', 3).expect(404)).body.code).toBe('not_found');
    await resetLayout(operator, 'professional-dashboard', azur, 'personal').expect(200);
    expect(await seen(operator)).toBe('Azur edit');
    expect(await seen(prescriber)).toBe("Claire's again");
  });
});

describe('anti-forgery', () => {
  const calls = [
    ['PUT', (b: Browser) => b.agent.put(layoutPath('professional-dashboard', azur, { scope: 'establishment' })).send({ document: layoutDoc('professional-dashboard', 'forged'), message: 'forged' })],
    ['POST restore', (b: Browser) => b.agent.post(`/ui/layouts/professional-dashboard/versions/1/restore?structure=${azur}&scope=establishment`)],
    ['POST reset', (b: Browser) => b.agent.post(`/ui/layouts/professional-dashboard/reset?structure=${azur}&scope=establishment`)],
  ] as const;

  it('refuses PUT and POST without the token, or with another session\'s, and changes nothing', async () => {
    const before = await listVersions(azurAdmin, 'professional-dashboard', azur, 'establishment').expect(200);
    for (const [name, call] of calls) {
      const without = await call(azurAdmin);
      expect([name, without.status, without.body.code]).toEqual([name, 403, 'csrf_token_invalid']);
      const foreign = await call(azurAdmin).set('x-csrf-token', operator.csrf);
      expect([name, foreign.status, foreign.body.code]).toEqual([name, 403, 'csrf_token_invalid']);
    }
    const after = await listVersions(azurAdmin, 'professional-dashboard', azur, 'establishment').expect(200);
    expect(after.body).toEqual(before.body);
    expect(noteOf((await getLayout(operator, 'professional-dashboard', azur, { source: 'establishment' })).body)).toBe('Azur edit');
  });
});
