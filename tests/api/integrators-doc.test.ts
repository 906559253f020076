/**
 * Issue 4 §8: the worked example of docs/integrators.md, run as written. Its JSON blocks
 * marked `file=<path>` are written into the layouts folder of a running gateway, which must
 * serve them without restart, to that establishment only.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { layoutLimitsMarkdown } from '../../server/ui/layouts/limits.ts';

const doc = readFileSync(new URL('../../docs/integrators.md', import.meta.url), 'utf8');
const examples = [...doc.matchAll(/```json file=(\S+)\n([\s\S]*?)```/g)].map(([, file, body]) => ({ file: file!, json: JSON.parse(body!) }));

let gw: TestGateway;
let dir: string;
let clinicPatient: Browser;
let azurPatient: Browser;
let tilleuls: string;
let azur: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'telesuivi-layouts-'));
  cpSync(new URL('../../layouts', import.meta.url), dir, { recursive: true });
  gw = await startGateway({ LAYOUTS_DIR: dir });
  [tilleuls, azur] = await Promise.all([establishmentIdOf(gw.db.database.db, 'clinique-des-tilleuls'), establishmentIdOf(gw.db.database.db, 'chu-azur')]);
  // patient.closed follows a file at Clinique des Tilleuls; patient.open one at CHU Azur.
  [clinicPatient, azurPatient] = await Promise.all([login(gw.app, demoEmail('patient.closed')), login(gw.app, demoEmail('patient.open'))]);
});
afterAll(async () => {
  await gw.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Polls until `probe` answers: the watcher applies a change within moments; only the test timeout bounds the wait. */
async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('lists the limits of a layout exactly as the schemas set them', () => {
  const section = /<!-- layout-limits:start -->\n([\s\S]*?)\n<!-- layout-limits:end -->/.exec(doc)?.[1];
  expect(section, 'the generated section of docs/integrators.md').toBeDefined();
  // Regenerate with `npx tsx scripts/layout-limits.ts` when a schema changes.
  expect(section).toBe(layoutLimitsMarkdown());
  for (const limit of ['`blocks` | at most 200 items', '`blocks[].h` | 1 to 100', '`blocks[].w` | 1 to 24', 'at most 10,000 characters per language']) {
    expect(section).toContain(limit);
  }
});

it('has a worked example of a layout and a theme', () => {
  expect(examples.map((e) => e.file)).toEqual(['clinique-des-tilleuls/pages/patient-home.json', 'clinique-des-tilleuls/theme.json']);
});

it('serves the example layout and theme once written, without restart, to that establishment only', async () => {
  const before = await clinicPatient.agent.get(`/ui/layouts/patient-home?structure=${tilleuls}`).expect(200);
  expect(before.headers['x-layout-source']).toBe('provisioned:default');

  for (const { file, json } of examples) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), JSON.stringify(json, null, 2));
  }

  const layout = await until(async () => {
    const res = await clinicPatient.agent.get(`/ui/layouts/patient-home?structure=${tilleuls}`);
    return res.headers['x-layout-source'] === 'provisioned:clinique-des-tilleuls' ? res.body : undefined;
  });
  const theme = await until(async () => {
    const res = await clinicPatient.agent.get(`/api/establishments/${tilleuls}/theme`).expect(200);
    return res.body.light.primary === '#1b5e20' ? res.body : undefined;
  });
  expect(layout.id).toBe('tilleuls-patient-home');
  expect(theme).toEqual({ light: examples[1]!.json.light, dark: examples[1]!.json.dark });

  // The clinic's own admin sees the state of the files of its folder.
  const admin = await login(gw.app, demoEmail('admin.establishment'));
  const status = await admin.agent.get('/ui/status').expect(200);
  for (const { file } of examples) expect(status.body.layouts).toContainEqual(expect.objectContaining({ file, state: 'ok' }));

  const azurHome = await azurPatient.agent.get(`/ui/layouts/patient-home?structure=${azur}`).expect(200);
  expect(azurHome.headers['x-layout-source']).toBe('provisioned:default');
});
