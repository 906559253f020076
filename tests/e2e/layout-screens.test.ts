/**
 * Screens rendered from layouts (issue 4), in French and Arabic: the patient home, the
 * professional dashboard, the patient-file summary; a provisioned file made invalid while the
 * gateway runs is reported at /ui/status and the last valid layout keeps rendering; the editor
 * used right to left and by keyboard.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser.ts';
import { gridBlock } from './support/layout-editor.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
const viewBlock = (page: Page, id: string) => page.locator(`[data-layout-grid] [data-block-id="${id}"]`);

describe('screens from layouts', () => {
  const base = inject('gatewayUrl');
  const layoutsDir = inject('layoutsDir');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'])('patient home (%s): blocks of the layout, right to left in Arabic', async (lang) => {
    const page = await loggedInPage(browser, base, 'patient.open', { lang });
    await expectScreen(page, '/p/0');
    await expect.poll(() => viewBlock(page, 'emergency').innerText()).toContain('112');
    const link = viewBlock(page, 'shortcuts').getByRole('link').first();
    expect(await link.getAttribute('href')).toBe('/p/0/my-tasks');
    const [shortcuts, emergency] = [await box(page, '[data-block-id="shortcuts"]'), await box(page, '[data-block-id="emergency"]')];
    // x = 0 is the start side: left in French, right in Arabic.
    expect(shortcuts.x < emergency.x).toBe(lang === 'fr');
    await screenshot(page, `layout-patient-home-${lang}`);
    await page.context().close();
  });

  it('patient home on a small screen: blocks stacked in reading order, full width', async () => {
    const page = await loggedInPage(browser, base, 'patient.open', { context: { viewport: { width: 390, height: 844 } } });
    await expectScreen(page, '/p/0');
    await expect.poll(() => viewBlock(page, 'emergency').innerText()).toContain('112');
    const boxes = await Promise.all(['welcome', 'shortcuts', 'emergency'].map((id) => box(page, `[data-block-id="${id}"]`)));
    expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(1);
    expect(boxes[0]!.y < boxes[1]!.y && boxes[1]!.y < boxes[2]!.y).toBe(true);
    await screenshot(page, 'layout-patient-home-small-fr');
    await page.context().close();
  });

  it.each(['fr', 'ar'])("professional dashboard (%s): CHU Azur's provisioned layout, blocks for prescribers", async (lang) => {
    const page = await loggedInPage(browser, base, 'prescriber', { lang });
    await expectScreen(page, '/s/0', lang === 'fr' ? 'Tableau de bord du CHU Azur' : 'لوحة متابعة CHU Azur');
    await viewBlock(page, 'documents').waitFor();
    await expect.poll(() => viewBlock(page, 'protocol-note').innerText(), { timeout: 15_000 }).toContain('4521');
    await screenshot(page, `layout-dashboard-${lang}`);
    await page.context().close();
  });

  it('patient-file summary tab (prescriber): the summary layout, the schedule from the real tasks', async () => {
    const patient = await loggedInPage(browser, base, 'patient.open');
    const fileId = await patient.evaluate(async () => ((await (await fetch('/api/me/patient_files')).json()) as { data: { id: string }[] }).data[0]!.id);
    await patient.context().close();
    const page = await loggedInPage(browser, base, 'prescriber', { path: `/s/0/patient-file/${fileId}` });
    await expectScreen(page, `/s/0/patient-file/${fileId}`, 'Synthèse du dossier patient');
    for (const id of ['graphs', 'telemonitoring', 'values', 'schedule']) await viewBlock(page, id).waitFor();
    await expect.poll(() => viewBlock(page, 'schedule').innerText()).not.toMatch(/Chargement/);
    // Camille Martin's demo measures (issue 11): the graphs block charts them, the telemonitoring data lists them.
    await viewBlock(page, 'graphs').locator('canvas').first().waitFor();
    await viewBlock(page, 'telemonitoring').getByRole('row').nth(1).waitFor();
    expect(await viewBlock(page, 'graphs').innerText()).not.toContain("n'est pas encore disponible");
    await screenshot(page, 'layout-patient-file-summary-fr');
    await page.context().close();
  });

  it('a block type the client does not know shows a visible card; the other blocks render', async () => {
    const page = await loggedInPage(browser, base, 'patient.open', { lang: 'fr' });
    await page.route(/\/ui\/layouts\/patient-home\?/, (route) => route.fulfill({
      status: 200, contentType: 'application/json',
      body: JSON.stringify({
        id: 'x', page: 'patient-home', schemaVersion: 2, grid: { cols: 12, rowHeight: 40 }, blocks: [
          { id: 'future', type: 'weather-forecast', x: 0, y: 0, w: 6, h: 3, props: {} },
          { id: 'text', type: 'markdown', x: 6, y: 0, w: 6, h: 3, props: { content: 'Bonjour' } },
        ],
      }),
    }));
    await page.reload();
    await expect.poll(() => viewBlock(page, 'future').innerText()).toContain('Bloc inconnu');
    expect(await viewBlock(page, 'future').innerText()).toContain('markdown');
    await expect.poll(() => viewBlock(page, 'text').innerText()).toContain('Bonjour');
    await page.context().close();
  });

  it('an invalid provisioned file is reported at /ui/status; the last valid layout keeps rendering', async () => {
    const file = path.join(layoutsDir, 'chu-azur/pages/professional-dashboard.json');
    const original = readFileSync(file, 'utf8');
    // The files' states are for those who administer them: CHU Azur's super admin.
    const admin = await loggedInPage(browser, base, 'superadmin', { lang: 'fr' });
    const status = async () => ((await (await admin.request.get(`${base}/ui/status`)).json()) as { layouts: { file: string; state: string; error?: string }[] })
      .layouts.find((l) => l.file === 'chu-azur/pages/professional-dashboard.json');
    try {
      const broken = JSON.parse(original);
      broken.blocks[0].w = 99;
      writeFileSync(file, JSON.stringify(broken, null, 2));
      await expect.poll(status, { timeout: 10_000 }).toMatchObject({ state: 'invalid' });
      expect((await status())!.error).toContain('/blocks/0/w');

      await admin.goto(`${base}/ui/status`);
      expect(await admin.locator('body').innerText()).toContain('/blocks/0/w');
      const page = await loggedInPage(browser, base, 'operator', { lang: 'fr' });
      await page.goto(`${base}/s/0`);
      await expectScreen(page, '/s/0', 'Tableau de bord du CHU Azur');
      // The markdown renderer loads on first use: wait for its text rather than poll for a second.
      await viewBlock(page, 'protocol-note').getByText(/4521/).waitFor();
      expect((await box(page, '[data-layout-grid] [data-block-id="alerts"]')).width).toBeGreaterThan(0);
      await page.context().close();
    } finally {
      writeFileSync(file, original);
      await expect.poll(status, { timeout: 10_000 }).toMatchObject({ state: 'ok' });
      await admin.context().close();
    }
  });

  it('the editor in Arabic: right to left, blocks dragged and moved by keyboard, undo', async () => {
    const page = await loggedInPage(browser, base, 'admin.establishment', { lang: 'ar', path: '/s/0/layout-builder', context: { viewport: { width: 1400, height: 1400 } } });
    await expectScreen(page, '/s/0/layout-builder', 'محرر الواجهة');
    await gridBlock(page, 'alerts').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.locator('[data-editor-grid]').getAttribute('dir')).toBe('ltr');
    expect(await gridBlock(page, 'alerts').getAttribute('dir')).toBe('rtl');
    // alerts is at x = 0: the right-hand column under right-to-left.
    expect((await box(page, '[data-editor-grid] [data-block-id="alerts"]')).x).toBeGreaterThan((await box(page, '[data-editor-grid] [data-block-id="non-compliance"]')).x);

    // Keyboard drag from the palette: Space picks up, the arrows jump onto the grid and move, Space drops.
    await page.locator('[data-palette-type="link-list"]').focus();
    await page.keyboard.press('Space');
    // dnd-kit's keyboard sensor listens for the arrows only once the drag has started (a timer after
    // the Space): arrows pressed before that are lost on a loaded machine. Wait for the pick-up.
    await page.locator('[data-palette-type="link-list"][aria-pressed="true"]').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // The drop lands only when dnd-kit has found the grid under the block (its collision detection
    // runs on the next render): a Space pressed before that cancels the drag on a loaded machine.
    await page.locator('[data-editor-grid][data-over]').waitFor();
    await page.keyboard.press('Space');
    await gridBlock(page, 'link-list-1').waitFor();
    const handle = gridBlock(page, 'link-list-1').locator('[data-block-handle]');
    const before = await handle.getAttribute('aria-label');
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => handle.getAttribute('aria-label')).not.toBe(before);
    await screenshot(page, 'layout-editor-ar');
    await page.keyboard.press('Control+z');
    await expect.poll(() => handle.getAttribute('aria-label')).toBe(before);
    await page.keyboard.press('Control+z');
    await expect.poll(() => gridBlock(page, 'link-list-1').count()).toBe(0);
    await page.keyboard.press('Control+Shift+z');
    await gridBlock(page, 'link-list-1').waitFor();
    await page.context().close();
  });

  it('blocks saved on top of one another: the page and the editor show the same arrangement', async () => {
    const page = await loggedInPage(browser, base, 'operator', { lang: 'fr', context: { viewport: { width: 1400, height: 1400 } } });
    await expectScreen(page, '/s/0');
    // The operator's own dashboard, saved through the API as an integrator would: two blocks at one place, one with free rows above it.
    const call = (method: string, url: string, body?: unknown) => page.evaluate(async ({ method, url, body }) => {
      const csrf = (await fetch('/api/me')).headers.get('x-csrf-token') ?? '';
      const res = await fetch(url, { method, headers: { 'x-csrf-token': csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
      return `${res.status} ${await res.text()}`;
    }, { method, url, body });
    const structure = await page.evaluate(async () => ((await (await fetch('/api/me/privileges')).json()) as { establishment: { id: string } }[])[0]!.establishment.id);
    const text = (id: string) => ({ id, type: 'markdown', props: { content: `Bloc ${id}` } });
    const blocks = [
      { ...text('first'), x: 0, y: 0, w: 6, h: 3 }, { ...text('second'), x: 0, y: 0, w: 6, h: 2 }, { ...text('third'), x: 6, y: 8, w: 6, h: 2 },
    ];
    const query = `structure=${structure}&scope=personal`;
    expect(await call('PUT', `/ui/layouts/professional-dashboard?${query}`, { document: { id: 'stacked', page: 'professional-dashboard', schemaVersion: 2, grid: { cols: 12, rowHeight: 40 }, blocks } })).toMatch(/^200 /);
    try {
      type Box = { x: number; y: number; width: number; height: number };
      /** Where each block sits relative to each other one: left/right, above/below, or sharing columns/rows. */
      const arrangement = (boxes: Record<string, Box>) => {
        const ids = Object.keys(boxes).sort();
        return ids.flatMap((a) => ids.filter((b) => a < b).map((b) => {
          const [p, q] = [boxes[a]!, boxes[b]!];
          const across = p.x + p.width <= q.x + 1 ? 'left' : q.x + q.width <= p.x + 1 ? 'right' : 'same columns';
          const down = p.y + p.height <= q.y + 1 ? 'above' : q.y + q.height <= p.y + 1 ? 'below' : p.y === q.y ? 'same top' : 'overlapping rows';
          return `${a} ${across}, ${down} ${b}`;
        }));
      };
      const boxesOf = async (grid: string) => Object.fromEntries(await Promise.all(['first', 'second', 'third'].map(async (id) => [id, await box(page, `${grid} [data-block-id="${id}"]`)] as const)));

      await page.goto(`${base}/s/0`);
      for (const id of ['first', 'second', 'third']) await viewBlock(page, id).getByText(`Bloc ${id}`).waitFor();
      const onPage = arrangement(await boxesOf('[data-layout-grid]'));
      // Nothing hidden behind anything: every pair is apart on one axis at least.
      expect(onPage.filter((r) => r.includes('same columns') && r.includes('overlapping rows'))).toEqual([]);
      // The second is stacked under the first, the third has risen to the top: as the editor settles them.
      expect(onPage).toEqual(['first same columns, above second', 'first left, same top third', 'second left, below third']);

      await page.goto(`${base}/s/0/layout-builder`);
      await gridBlock(page, 'second').waitFor();
      expect(arrangement(await boxesOf('[data-editor-grid]'))).toEqual(onPage);
    } finally {
      expect(await call('POST', `/ui/layouts/professional-dashboard/reset?${query}`)).toMatch(/^200 /);
      await page.context().close();
    }
  });
});
