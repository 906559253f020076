/**
 * Issue 4 §3: files under layouts/ are watched; an added or changed file is served without
 * restart; an invalid file is reported at /ui/status (path + ajv reason, to a back-office admin)
 * while the last valid version keeps being served. Also the schemas published at /ui/schemas/{id}.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { getLayout, layoutDoc, markdown, noteOf } from '../helpers/layouts.ts';

let dir: string;
let gw: TestGateway;
let azur: string;
let tilleuls: string;
let tilleulsAdmin: Browser;
let patient: Browser;
let backOffice: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'telesuivi-layouts-'));
  cpSync(new URL('../../layouts', import.meta.url), dir, { recursive: true });
  gw = await startGateway({ LAYOUTS_DIR: dir });
  [azur, tilleuls] = await Promise.all([establishmentIdOf(gw.db.database.db, 'chu-azur'), establishmentIdOf(gw.db.database.db, 'clinique-des-tilleuls')]);
  [tilleulsAdmin, patient, backOffice] = await Promise.all([login(gw.app, demoEmail('admin.establishment')), login(gw.app, demoEmail('patient.open')), login(gw.app, demoEmail('admin'))]);
});
afterAll(async () => {
  await gw?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const write = (relative: string, content: unknown) => {
  const target = path.join(dir, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
};

/** Polls until `check` holds: the watcher applies a change within moments; only the test timeout bounds the wait. */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 25));
}

interface FileStatus { file: string; state: 'ok' | 'invalid'; error?: string; checkedAt: string }
const status = async () => (await backOffice.agent.get('/ui/status?l=en').expect(200)).body.layouts as FileStatus[];
const statusOf = async (file: string) => (await status()).find((s) => s.file === file);

describe('provisioned files, while the server runs', () => {
  it('reports every file loaded at start as ok', async () => {
    const res = await backOffice.agent.get('/ui/status').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.status).toBe('ok');
    const files = await status();
    expect(files.filter((s) => s.file.includes('/pages/')).map((s) => [s.file, s.state])).toEqual([
      ['chu-azur/pages/professional-dashboard.json', 'ok'],
      ['default/pages/patient-file-summary.json', 'ok'],
      ['default/pages/patient-home.json', 'ok'],
      ['default/pages/professional-dashboard.json', 'ok'],
    ]);
    // Other provisioned files (themes) are listed too, and all are fine.
    expect(files.filter((s) => s.state !== 'ok')).toEqual([]);
  });

  it('serves a new page file once written, without restart', async () => {
    const missing = await getLayout(tilleulsAdmin, 'integrator-page', tilleuls).expect(404);
    expect(missing.body.code).toBe('layout_not_found');

    write('default/pages/integrator-page.json', layoutDoc('integrator-page', 'Integrator page'));
    await until(async () => (await getLayout(tilleulsAdmin, 'integrator-page', tilleuls)).status === 200);
    const res = await getLayout(tilleulsAdmin, 'integrator-page', tilleuls).expect(200);
    expect(res.headers['x-layout-source']).toBe('provisioned:default');
    expect(noteOf(res.body)).toBe('Integrator page');
    expect(await statusOf('default/pages/integrator-page.json')).toMatchObject({ state: 'ok' });
  });

  it('serves a changed file, with a new ETag', async () => {
    const before = await getLayout(patient, 'patient-home', azur).expect(200);
    const changed = JSON.parse(readFileSync(path.join(dir, 'default/pages/patient-home.json'), 'utf8'));
    changed.blocks = [markdown('welcome', 'Changed welcome', { w: 12, h: 3 }), ...changed.blocks.slice(1)];
    write('default/pages/patient-home.json', changed);

    await until(async () => noteOf((await getLayout(patient, 'patient-home', azur)).body) === 'Changed welcome');
    const after = await getLayout(patient, 'patient-home', azur).set('if-none-match', before.headers.etag as string).expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.blocks).toHaveLength(changed.blocks.length);
  });

  it('serves a file replaced by a rename, as editors and git write them', async () => {
    const file = path.join(dir, 'default/pages/patient-file-summary.json');
    const changed = JSON.parse(readFileSync(file, 'utf8'));
    changed.blocks = [...changed.blocks, markdown('renamed', 'Written aside, then renamed', { y: 20, w: 12 })];
    writeFileSync(`${file}.tmp`, JSON.stringify(changed));
    renameSync(`${file}.tmp`, file);
    await until(async () => noteOf((await getLayout(tilleulsAdmin, 'patient-file-summary', tilleuls)).body) === 'Written aside, then renamed');
    expect((await status()).map((s) => s.file)).not.toContain('default/pages/patient-file-summary.json.tmp');
  });

  it('reports an invalid file with its path and the ajv reason, and keeps serving the last valid version', async () => {
    const file = 'default/pages/patient-home.json';
    const valid = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const invalid = { ...valid, blocks: [{ ...valid.blocks[0], w: 30 }, ...valid.blocks.slice(1)] };
    write(file, invalid);

    await until(async () => (await statusOf(file))?.state === 'invalid');
    const reported = await statusOf(file);
    expect(reported).toMatchObject({ file, state: 'invalid', error: '/blocks/0/w: must be <= 24' });
    expect(Date.parse(reported!.checkedAt)).not.toBeNaN();
    // The other files are still fine.
    expect((await status()).filter((s) => s.state === 'invalid').map((s) => s.file)).toEqual([file]);

    const served = await getLayout(patient, 'patient-home', azur).expect(200);
    expect(noteOf(served.body)).toBe('Changed welcome');
    expect(served.body.blocks[0].w).toBe(12);
  });

  it('reports a file that is not JSON, or whose page does not match its name', async () => {
    const file = 'default/pages/patient-home.json';
    write(file, '{ "id": "broken", ');
    await until(async () => (await statusOf(file))?.error?.startsWith('not valid JSON') ?? false);

    write(file, layoutDoc('professional-dashboard', 'wrong page'));
    await until(async () => (await statusOf(file))?.error?.startsWith('/page') ?? false);
    expect((await statusOf(file))?.error).toBe("/page: 'professional-dashboard' does not match the file name 'patient-home.json'");

    expect(noteOf((await getLayout(patient, 'patient-home', azur).expect(200)).body)).toBe('Changed welcome');
  });

  it('clears the error once the file is fixed, and serves the fixed version', async () => {
    const file = 'default/pages/patient-home.json';
    write(file, layoutDoc('patient-home', 'Fixed welcome'));
    await until(async () => (await statusOf(file))?.state === 'ok');
    const fixed = await statusOf(file);
    expect(fixed).not.toHaveProperty('error');
    await until(async () => noteOf((await getLayout(patient, 'patient-home', azur)).body) === 'Fixed welcome');
  });

  it("serves a new file for CHU Azur's brand, then one for its identifier, before the default", async () => {
    write('azur/pages/patient-home.json', layoutDoc('patient-home', 'Azur brand home'));
    await until(async () => (await getLayout(patient, 'patient-home', azur)).headers['x-layout-source'] === 'provisioned:azur');
    expect(noteOf((await getLayout(patient, 'patient-home', azur)).body)).toBe('Azur brand home');

    write('chu-azur/pages/patient-home.json', layoutDoc('patient-home', 'CHU Azur home'));
    await until(async () => (await getLayout(patient, 'patient-home', azur)).headers['x-layout-source'] === 'provisioned:chu-azur');
    expect(noteOf((await getLayout(patient, 'patient-home', azur)).body)).toBe('CHU Azur home');

    // The Clinique des Tilleuls has neither: still the default.
    const tilleulsHome = await getLayout(tilleulsAdmin, 'patient-home', tilleuls).expect(200);
    expect([tilleulsHome.headers['x-layout-source'], noteOf(tilleulsHome.body)]).toEqual(['provisioned:default', 'Fixed welcome']);
  });

  it('serves a file added in a new establishment folder', async () => {
    write('clinique-des-tilleuls/pages/patient-home.json', layoutDoc('patient-home', 'Tilleuls home'));
    await until(async () => (await getLayout(tilleulsAdmin, 'patient-home', tilleuls)).headers['x-layout-source'] === 'provisioned:clinique-des-tilleuls');
    expect(noteOf((await getLayout(tilleulsAdmin, 'patient-home', tilleuls)).body)).toBe('Tilleuls home');
  });

  it('stops serving a removed file', async () => {
    rmSync(path.join(dir, 'default/pages/integrator-page.json'));
    await until(async () => (await getLayout(tilleulsAdmin, 'integrator-page', tilleuls)).status === 404);
    expect(await statusOf('default/pages/integrator-page.json')).toBeUndefined();
    rmSync(path.join(dir, 'chu-azur/pages/patient-home.json'));
    await until(async () => (await getLayout(patient, 'patient-home', azur)).headers['x-layout-source'] === 'provisioned:azur');
  });
});

describe('published schemas', () => {
  it.each(['layout', 'theme', 'blocks/markdown', 'blocks/link-list', 'blocks/alerts', 'runtime-config'])('serves /ui/schemas/%s as JSON with its $id', async (id) => {
    const res = await gw.app.inject({ method: 'GET', url: `/ui/schemas/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
    const schema = res.json();
    expect(schema.$id).toBe(`/ui/schemas/${id}`);
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.type).toBe('object');
    // The `.json` spelling serves the same document, and the ETag revalidates.
    const dotJson = await gw.app.inject({ method: 'GET', url: `/ui/schemas/${id}.json` });
    expect(dotJson.body).toBe(res.body);
    const revalidated = await gw.app.inject({ method: 'GET', url: `/ui/schemas/${id}`, headers: { 'if-none-match': res.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
  });

  it.each(['nope', 'blocks/nope', 'blocks', 'layout/extra'])('answers 404 for /ui/schemas/%s', async (id) => {
    const res = await gw.app.inject({ method: 'GET', url: `/ui/schemas/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('schema_not_found');
  });

  it('lets an integrator validate the provisioned files with the published layout schema alone', async () => {
    const schema = (await gw.app.inject({ method: 'GET', url: '/ui/schemas/layout' })).json();
    const ajv = new Ajv({ strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    for (const file of ['default/pages/professional-dashboard.json', 'chu-azur/pages/professional-dashboard.json']) {
      expect(validate(JSON.parse(readFileSync(new URL(`../../layouts/${file}`, import.meta.url), 'utf8'))), file).toBe(true);
    }
    expect(validate(layoutDoc('x', 'y', [markdown('a', 'b', { w: 30 })]))).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/blocks/0/w');
  });
});
