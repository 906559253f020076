/**
 * Issue 4 §2: every save is a version (author, date, message), listed newest first; any
 * version can be restored, and "reset" goes back to the provisioned layout, each as a new
 * version. A second gateway on the same database notices the edits.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { getLayout, layoutDoc, listVersions, makeAzurEstablishmentAdmin, noteOf, resetLayout, restoreVersion, saveLayout } from '../helpers/layouts.ts';

const file = (path: string) => JSON.parse(readFileSync(new URL(`../../layouts/${path}`, import.meta.url), 'utf8'));

interface Version { version: number; createdAt: string; message: string; reset: boolean; author: string }

let gw: TestGateway;
let azur: string;
let tilleuls: string;
let tilleulsAdmin: Browser;
let azurAdmin: Browser;
let prescriber: Browser;
let proTwo: Browser;
beforeAll(async () => {
  gw = await startGateway();
  const db = gw.db.database.db;
  await makeAzurEstablishmentAdmin(db);
  [azur, tilleuls] = await Promise.all([establishmentIdOf(db, 'chu-azur'), establishmentIdOf(db, 'clinique-des-tilleuls')]);
  const as = (local: string) => login(gw.app, demoEmail(local));
  [tilleulsAdmin, azurAdmin, prescriber, proTwo] = await Promise.all([as('admin.establishment'), as('superadmin'), as('prescriber'), as('pro.two')]);
});
afterAll(async () => { await gw.close(); });

const PAGE = 'patient-file-summary';
const versions = async (browser: Browser, structure: string, scope: 'establishment' | 'personal' = 'establishment', page = PAGE) =>
  (await listVersions(browser, page, structure, scope).expect(200)).body.data as Version[];
const seen = async (browser: Browser, structure: string, page = PAGE) => {
  const res = await getLayout(browser, page, structure).expect(200);
  return { source: res.headers['x-layout-source'], note: noteOf(res.body), body: res.body };
};

describe("an establishment's versions", () => {
  it('lists nothing before the first save', async () => {
    expect(await versions(tilleulsAdmin, tilleuls)).toEqual([]);
  });

  it('lists every save with its author, date and message, newest first', async () => {
    const start = Date.now();
    for (const [text, message] of [['one', 'first'], ['two', 'second'], ['three', '']] as const) {
      await saveLayout(tilleulsAdmin, PAGE, tilleuls, 'establishment', layoutDoc(PAGE, text), message).expect(200);
    }
    const list = await versions(tilleulsAdmin, tilleuls);
    expect(list.map(({ version, message, reset, author }) => ({ version, message, reset, author }))).toEqual([
      { version: 3, message: '', reset: false, author: 'Marc Garnier' },
      { version: 2, message: 'second', reset: false, author: 'Marc Garnier' },
      { version: 1, message: 'first', reset: false, author: 'Marc Garnier' },
    ]);
    for (const v of list) {
      expect(v.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(Date.parse(v.createdAt)).toBeGreaterThanOrEqual(start - 60_000);
      expect(Date.parse(v.createdAt)).toBeLessThanOrEqual(Date.now() + 60_000);
    }
    expect(Date.parse(list[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(list[2]!.createdAt));
    expect(await seen(tilleulsAdmin, tilleuls)).toMatchObject({ source: 'establishment', note: 'three' });
  });

  it('restores an older version as a new version', async () => {
    const res = await restoreVersion(tilleulsAdmin, PAGE, tilleuls, 'establishment', 1).expect(200);
    expect(res.body).toEqual({ version: 4 });
    expect(await seen(tilleulsAdmin, tilleuls)).toMatchObject({ source: 'establishment', note: 'one' });
    expect(await seen(proTwo, tilleuls)).toMatchObject({ source: 'establishment', note: 'one' });
    const [latest] = await versions(tilleulsAdmin, tilleuls);
    expect(latest).toMatchObject({ version: 4, message: 'Version 1 restored', reset: false, author: 'Marc Garnier' });
    expect((await versions(tilleulsAdmin, tilleuls)).map((v) => v.version)).toEqual([4, 3, 2, 1]);
  });

  it('answers 404 for a version that does not exist', async () => {
    expect((await restoreVersion(tilleulsAdmin, PAGE, tilleuls, 'establishment', 99).expect(404)).body.code).toBe('not_found');
    expect((await tilleulsAdmin.agent.post(`/ui/layouts/${PAGE}/versions/0/restore?structure=${tilleuls}`).set('x-csrf-token', tilleulsAdmin.csrf).expect(400)).body.code).toBe('validation_error');
    expect(await seen(tilleulsAdmin, tilleuls)).toMatchObject({ note: 'one' });
  });

  it('resets to the provisioned layout, as a version marked reset', async () => {
    const res = await resetLayout(tilleulsAdmin, PAGE, tilleuls, 'establishment').expect(200);
    expect(res.body).toEqual({ version: 5 });
    const now = await seen(tilleulsAdmin, tilleuls);
    expect(now.source).toBe('provisioned:default');
    expect(now.body).toEqual(file(`default/pages/${PAGE}.json`));
    const [latest] = await versions(tilleulsAdmin, tilleuls);
    expect(latest).toMatchObject({ version: 5, message: 'Back to the provisioned layout', reset: true, author: 'Marc Garnier' });
  });

  it('restores an edit after a reset, and a reset version like any other', async () => {
    await restoreVersion(tilleulsAdmin, PAGE, tilleuls, 'establishment', 2).expect(200);
    expect(await seen(tilleulsAdmin, tilleuls)).toMatchObject({ source: 'establishment', note: 'two' });
    const back = await restoreVersion(tilleulsAdmin, PAGE, tilleuls, 'establishment', 5).expect(200);
    expect(back.body).toEqual({ version: 7 });
    expect((await seen(tilleulsAdmin, tilleuls)).source).toBe('provisioned:default');
    expect((await versions(tilleulsAdmin, tilleuls)).slice(0, 2).map(({ version, reset }) => ({ version, reset }))).toEqual([
      { version: 7, reset: true }, { version: 6, reset: false },
    ]);
  });

  it("resets CHU Azur to its own provisioned file, not to the default", async () => {
    await saveLayout(azurAdmin, 'professional-dashboard', azur, 'establishment', layoutDoc('professional-dashboard', 'Azur edit')).expect(200);
    expect(await seen(azurAdmin, azur, 'professional-dashboard')).toMatchObject({ source: 'establishment', note: 'Azur edit' });
    await resetLayout(azurAdmin, 'professional-dashboard', azur, 'establishment').expect(200);
    const now = await seen(azurAdmin, azur, 'professional-dashboard');
    expect(now.source).toBe('provisioned:chu-azur');
    expect(now.body).toEqual(file('chu-azur/pages/professional-dashboard.json'));
    const list = await versions(azurAdmin, azur, 'establishment', 'professional-dashboard');
    expect(list.map((v) => [v.version, v.author, v.reset])).toEqual([[2, 'Sophie Roux', true], [1, 'Sophie Roux', false]]);
  });
});

describe('personal versions', () => {
  it('keeps their own numbering, and restores and resets only the personal layout', async () => {
    await saveLayout(tilleulsAdmin, 'professional-dashboard', tilleuls, 'establishment', layoutDoc('professional-dashboard', 'Tilleuls edit')).expect(200);
    await saveLayout(proTwo, 'professional-dashboard', tilleuls, 'personal', layoutDoc('professional-dashboard', 'mine 1'), 'mine').expect(200);
    await saveLayout(proTwo, 'professional-dashboard', tilleuls, 'personal', layoutDoc('professional-dashboard', 'mine 2'), 'mine again').expect(200);

    const list = await versions(proTwo, tilleuls, 'personal', 'professional-dashboard');
    expect(list.map((v) => [v.version, v.message, v.author])).toEqual([[2, 'mine again', 'Karim Benali'], [1, 'mine', 'Karim Benali']]);

    await restoreVersion(proTwo, 'professional-dashboard', tilleuls, 'personal', 1).expect(200);
    expect(await seen(proTwo, tilleuls, 'professional-dashboard')).toMatchObject({ source: 'personal', note: 'mine 1' });
    expect(await seen(tilleulsAdmin, tilleuls, 'professional-dashboard')).toMatchObject({ source: 'establishment', note: 'Tilleuls edit' });

    await resetLayout(proTwo, 'professional-dashboard', tilleuls, 'personal').expect(200);
    expect(await seen(proTwo, tilleuls, 'professional-dashboard')).toMatchObject({ source: 'establishment', note: 'Tilleuls edit' });
    // The establishment's history is untouched by the personal one.
    expect((await versions(tilleulsAdmin, tilleuls, 'establishment', 'professional-dashboard')).map((v) => v.version)).toEqual([1]);
  });

  it("restores a prescriber's own summary at CHU Azur", async () => {
    await saveLayout(prescriber, PAGE, azur, 'personal', layoutDoc(PAGE, 'Claire A')).expect(200);
    await saveLayout(prescriber, PAGE, azur, 'personal', layoutDoc(PAGE, 'Claire B')).expect(200);
    expect(await seen(prescriber, azur)).toMatchObject({ source: 'personal', note: 'Claire B' });
    await restoreVersion(prescriber, PAGE, azur, 'personal', 1).expect(200);
    expect(await seen(prescriber, azur)).toMatchObject({ source: 'personal', note: 'Claire A' });
    expect(await seen(proTwo, azur)).toMatchObject({ source: 'provisioned:default' });
  });
});

describe('concurrent saves', () => {
  it('number every one of them, and serve the last', async () => {
    const page = 'patient-home';
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((i) =>
      saveLayout(tilleulsAdmin, page, tilleuls, 'establishment', layoutDoc(page, `concurrent ${i}`), `concurrent ${i}`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.map((r) => r.body.version as number).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const list = await versions(tilleulsAdmin, tilleuls, 'establishment', page);
    expect(list.map((v) => v.version)).toEqual([6, 5, 4, 3, 2, 1]);
    // What is served is the version in force, whatever order the answers came back in.
    expect((await seen(tilleulsAdmin, tilleuls, page)).note).toBe(list[0]!.message);
  });
});

describe('another gateway on the same database', () => {
  it('serves the edits saved through the first one once its refresh interval has passed', async () => {
    const other = await startGateway({}, { db: gw.db, demo: false });
    try {
      const admin = await login(other.app, demoEmail('admin.establishment'));
      // Loaded at start: the state so far.
      expect((await seen(admin, tilleuls, 'professional-dashboard'))).toMatchObject({ source: 'establishment', note: 'Tilleuls edit' });

      await saveLayout(tilleulsAdmin, 'professional-dashboard', tilleuls, 'establishment', layoutDoc('professional-dashboard', 'edited elsewhere')).expect(200);
      other.clock.advance(other.config.session.cacheMs + 1);
      // The refresh runs in the background of a call: poll until it has landed (the test timeout bounds the wait).
      while ((await seen(admin, tilleuls, 'professional-dashboard')).note !== 'edited elsewhere') await new Promise((r) => setTimeout(r, 20));
      // And the version numbering continues across gateways.
      const saved = await saveLayout(admin, 'professional-dashboard', tilleuls, 'establishment', layoutDoc('professional-dashboard', 'from the other')).expect(200);
      expect(saved.body).toEqual({ version: 3 });
    } finally {
      await other.close();
    }
  });
});
