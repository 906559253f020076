/**
 * Issue 8 (layouts): two blocks at the same x, y were accepted, the page hiding one behind the
 * other while the editor stacked them. Saves and provisioned files are now settled as the editor
 * settles them (tests/unit/layout-compaction.test.ts draws the layouts): what is served is what
 * the editor shows, for a save, a provisioned file, and each viewer's share of a layout.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { getLayout, layoutDoc, markdown, saveLayout } from '../helpers/layouts.ts';

let dir: string;
let gw: TestGateway;
let tilleuls: string;
let admin: Browser;
let operator: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'telesuivi-arrangement-'));
  cpSync(new URL('../../layouts', import.meta.url), dir, { recursive: true });
  gw = await startGateway({ LAYOUTS_DIR: dir });
  tilleuls = await establishmentIdOf(gw.db.database.db, 'clinique-des-tilleuls');
  [admin, operator] = await Promise.all([login(gw.app, demoEmail('admin.establishment')), login(gw.app, demoEmail('pro.two'))]);
});
afterAll(async () => {
  await gw?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const positions = (blocks: { id: string; x: number; y: number; w: number; h: number }[]) => blocks.map(({ id, x, y, w, h }) => ({ id, x, y, w, h }));

it('stacks two blocks saved at the same place, as the editor shows them', async () => {
  const blocks = [markdown('first', 'one', { x: 0, y: 0, w: 6, h: 3 }), markdown('second', 'two', { x: 0, y: 0, w: 6, h: 2 }), markdown('far', 'three', { x: 6, y: 12, w: 6, h: 2 })];
  await saveLayout(admin, 'professional-dashboard', tilleuls, 'establishment', layoutDoc('professional-dashboard', 'x', blocks)).expect(200);
  const served = await getLayout(admin, 'professional-dashboard', tilleuls).expect(200);
  expect(positions(served.body.blocks)).toEqual([
    { id: 'first', x: 0, y: 0, w: 6, h: 3 }, { id: 'second', x: 0, y: 3, w: 6, h: 2 }, { id: 'far', x: 6, y: 0, w: 6, h: 2 },
  ]);
});

it('stacks the blocks of a provisioned file placed on one another', async () => {
  const blocks = [markdown('a', 'A', { x: 2, y: 1, w: 4, h: 2 }), markdown('b', 'B', { x: 3, y: 1, w: 4, h: 2 })];
  mkdirSync(path.join(dir, 'clinique-des-tilleuls', 'pages'), { recursive: true });
  writeFileSync(path.join(dir, 'clinique-des-tilleuls', 'pages', 'patient-file-summary.json'), JSON.stringify(layoutDoc('patient-file-summary', 'x', blocks)));
  let served;
  while ((served = await getLayout(admin, 'patient-file-summary', tilleuls)).headers['x-layout-source'] !== 'provisioned:clinique-des-tilleuls') await new Promise((r) => setTimeout(r, 25));
  expect(positions(served.body.blocks)).toEqual([{ id: 'a', x: 2, y: 0, w: 4, h: 2 }, { id: 'b', x: 3, y: 2, w: 4, h: 2 }]);
});

it("settles each viewer's share: blocks below a hidden one rise into its room", async () => {
  const blocks = [
    { ...markdown('managers', 'M', { x: 0, y: 0, w: 12, h: 4 }), visibleFor: { privileges: ['MANAGER'] } },
    markdown('everyone', 'E', { x: 0, y: 4, w: 12, h: 2 }),
  ];
  await saveLayout(admin, 'professional-dashboard', tilleuls, 'establishment', layoutDoc('professional-dashboard', 'x', blocks)).expect(200);
  expect(positions((await getLayout(admin, 'professional-dashboard', tilleuls).expect(200)).body.blocks).map((b) => [b.id, b.y])).toEqual([['managers', 0], ['everyone', 4]]);
  expect(positions((await getLayout(operator, 'professional-dashboard', tilleuls).expect(200)).body.blocks).map((b) => [b.id, b.y])).toEqual([['everyone', 0]]);
});
