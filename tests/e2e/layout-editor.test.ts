/**
 * The interface editor, end to end (issue 4): an establishment admin (admin.establishment,
 * Clinique des Tilleuls) drags a block onto the dashboard, resizes it, fills its props, saves
 * with a message, reloads and sees it; CHU Azur's dashboard is unchanged; an older version is
 * restored; a failed save keeps the edit and says why.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import PROVISIONED_DASHBOARD from '../../layouts/default/pages/professional-dashboard.json' with { type: 'json' };
import { launchChromium, screenshot } from './support/browser.ts';
import { dragBy, dragFromPalette, editorGrid, gridBlock, saveWithMessage, servedLayout } from './support/layout-editor.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const FR = { save: 'Enregistrer' };
const viewBlockOf = (page: Page, id: string) => page.locator(`[data-layout-grid] [data-block-id="${id}"]`);
const NOTE = 'Note de test de bout en bout';

describe('interface editor (establishment admin)', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
    page = await loggedInPage(browser, base, 'admin.establishment', { lang: 'fr', context: { viewport: { width: 1400, height: 1400 } } });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (/Content Security Policy|EvalError|unsafe-eval/i.test(m.text())) problems.push(m.text()); });
    page.on('dialog', (d) => void d.accept());
  });
  afterAll(async () => { await browser?.close(); });

  it('drags a text block onto the dashboard, resizes it, fills it in, saves with a message', async () => {
    await page.goto(`${base}/s/0/layout-builder`);
    await expectScreen(page, '/s/0/layout-builder', "Éditeur d'interface");
    await expect.poll(() => page.locator('[data-scope]').getAttribute('data-scope')).toBe('establishment');
    await gridBlock(page, 'alerts').waitFor();

    // Just below the existing blocks, wherever the provisioned dashboard ends (rows of 40 px + 16 px).
    const bottom = await page.locator('[data-editor-grid] .react-grid-layout').evaluate((grid) => Math.max(0,
      ...[...grid.querySelectorAll('[data-block-id]')].map((b) => b.getBoundingClientRect().bottom - grid.getBoundingClientRect().top)));
    await dragFromPalette(page, 'markdown', 0, bottom + 16 + 8);
    await screenshot(page, 'layout-editor-after-drop');
    await gridBlock(page, 'markdown-1').waitFor({ timeout: 5000 });
    const before = (await gridBlock(page, 'markdown-1').boundingBox())!;
    await dragBy(page, '[data-editor-grid] [data-block-id="markdown-1"] .react-resizable-handle-se', 200, 120);
    await expect.poll(async () => (await gridBlock(page, 'markdown-1').boundingBox())!.width).toBeGreaterThan(before.width + 150);

    await page.locator('aside textarea').first().fill(NOTE);
    await expect.poll(() => gridBlock(page, 'markdown-1').innerText()).toContain(NOTE);
    await screenshot(page, 'layout-editor-fr');
    await saveWithMessage(page, 'Ajout de la note', FR);
    await expect.poll(() => page.locator('[data-layout-editor]').getAttribute('data-unsaved')).toBeNull();

    const saved = (await servedLayout(page, 'professional-dashboard')).blocks.find((b) => b.id === 'markdown-1');
    expect(saved).toMatchObject({ type: 'markdown', x: 0, props: { content: NOTE } });
    expect(saved!.w).toBeGreaterThan(6);
    expect(saved!.h).toBeGreaterThan(4);
    expect(problems).toEqual([]);
  });

  it('after a reload, the dashboard and the editor show the new block', async () => {
    await page.goto(`${base}/s/0`);
    await expect.poll(() => page.locator('[data-layout-grid] [data-block-id="markdown-1"]').innerText()).toContain(NOTE);
    await screenshot(page, 'layout-dashboard-tilleuls-fr');
    await page.goto(`${base}/s/0/layout-builder`);
    await gridBlock(page, 'markdown-1').waitFor();
  });

  it("another establishment's dashboard is unchanged (CHU Azur, operator)", async () => {
    const other = await loggedInPage(browser, base, 'operator', { lang: 'fr' });
    await expectScreen(other, '/s/0', 'Tableau de bord du CHU Azur');
    await other.locator('[data-block-id="protocol-note"]').waitFor();
    expect(await other.locator('[data-block-id="markdown-1"]').count()).toBe(0);
    await screenshot(other, 'layout-dashboard-azur-fr');
    await other.context().close();
  });

  it('a failed save keeps the edit and shows the failure, with the field the gateway names', async () => {
    await gridBlock(page, 'markdown-1').locator('[data-block-handle]').focus();
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => page.locator('[data-layout-editor]').getAttribute('data-unsaved')).toBe('true');
    const layoutPut = (status: number, body: object) => page.route(/\/ui\/layouts\/professional-dashboard\?/, (route) =>
      (route.request().method() === 'PUT' ? route.fulfill({ status, json: body }) : route.continue()));
    await layoutPut(400, { code: 'layout_invalid', message: '/blocks/4/w : doit être <= 24', field: 'body.document.blocks.4.w' });
    await saveWithMessage(page, 'Essai', FR);
    const alert = page.getByRole('dialog').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain("L'enregistrement de l'éditeur d'interface a échoué");
    expect(await alert.innerText()).toContain('body.document.blocks.4.w');
    await page.unrouteAll();
    await layoutPut(500, { code: 'internal_error', message: 'Une erreur est survenue' });
    await page.getByRole('dialog').getByRole('button', { name: FR.save, exact: true }).click();
    await expect.poll(() => alert.innerText()).toContain("L'enregistrement de l'éditeur d'interface a échoué");
    await page.unrouteAll();
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    expect(await page.locator('[data-layout-editor]').getAttribute('data-unsaved')).toBe('true');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator('[data-layout-editor]').getAttribute('data-unsaved')).toBeNull();
  });

  it("leaving with unsaved changes asks first, in the application's dialog (the browser's prompt only for closing the tab)", async () => {
    await gridBlock(page, 'markdown-1').locator('[data-block-handle]').focus();
    await page.keyboard.press('Shift+ArrowLeft');
    const native: string[] = [];
    const record = (d: import('playwright-core').Dialog) => { native.push(d.type()); void d.dismiss(); };
    page.removeAllListeners('dialog');
    page.on('dialog', record);
    await page.getByRole('link', { name: 'Accueil' }).first().click();
    const asked = page.getByRole('dialog', { name: 'Modifications non enregistrées' });
    await asked.waitFor();
    expect(await asked.innerText()).toContain('ne sont pas enregistrées');
    // The safe answer has the first focus.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Rester');
    await screenshot(page, 'layout-editor-leave-dialog-fr');
    await asked.getByRole('button', { name: 'Rester' }).click();
    await asked.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/s/0/layout-builder');
    // Another page of the editor asks the same way.
    await page.getByText('Synthèse du dossier patient').click();
    await asked.waitFor();
    await page.keyboard.press('Escape');
    await asked.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).not.toContain('patient-file-summary');
    // Reloading is the browser's business: its own beforeunload prompt.
    await page.evaluate(() => { window.location.reload(); });
    await expect.poll(() => native).toEqual(['beforeunload']);
    expect(new URL(page.url()).pathname).toBe('/s/0/layout-builder');
    page.off('dialog', record);
    page.on('dialog', (d) => void d.accept());
    // Escape gave the focus back to the page switcher, a field whose Ctrl+Z is its own.
    await gridBlock(page, 'markdown-1').locator('[data-block-handle]').focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator('[data-layout-editor]').getAttribute('data-unsaved')).toBeNull();
  });

  it('removes the block, saves, then restores the version that had it', async () => {
    await gridBlock(page, 'markdown-1').getByRole('button', { name: /Retirer/ }).click();
    await expect.poll(() => gridBlock(page, 'markdown-1').count()).toBe(0);
    await saveWithMessage(page, 'Retrait de la note', FR);
    await expect.poll(() => page.locator('[data-layout-editor]').getAttribute('data-unsaved')).toBeNull();
    expect((await servedLayout(page, 'professional-dashboard')).blocks.map((b) => b.id)).not.toContain('markdown-1');

    await page.getByRole('button', { name: 'Versions' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.locator('[data-version="1"]').waitFor();
    expect(await drawer.locator('[data-version="1"]').innerText()).toContain('Ajout de la note');
    expect(await drawer.locator('[data-version="2"]').innerText()).toContain('Retrait de la note');
    await screenshot(page, 'layout-editor-versions-fr');
    await drawer.locator('[data-version="1"]').getByRole('button', { name: 'Restaurer' }).click();
    await gridBlock(page, 'markdown-1').waitFor();
    expect((await servedLayout(page, 'professional-dashboard')).blocks.map((b) => b.id)).toContain('markdown-1');
    await page.keyboard.press('Escape');

    await page.goto(`${base}/s/0`);
    await page.locator('[data-layout-grid] [data-block-id="markdown-1"]').waitFor();
  });

  it('reset goes back to the provisioned layout, as a new version', async () => {
    await page.goto(`${base}/s/0/layout-builder`);
    await gridBlock(page, 'markdown-1').waitFor();
    await page.getByRole('button', { name: 'Revenir au modèle' }).click();
    const asked = page.getByRole('dialog', { name: 'Revenir au modèle' });
    expect(await asked.innerText()).toContain('Une nouvelle version est créée');
    await asked.getByRole('button', { name: 'Revenir au modèle' }).click();
    await expect.poll(() => gridBlock(page, 'markdown-1').count()).toBe(0);
    expect((await servedLayout(page, 'professional-dashboard')).blocks.map((b) => b.id)).toEqual(PROVISIONED_DASHBOARD.blocks.map((b) => b.id));
    await page.getByRole('button', { name: 'Versions' }).click();
    await page.getByRole('dialog').locator('[data-version="4"]').getByText('Retour au modèle').waitFor();
    await page.keyboard.press('Escape');
  });

  it('a prescriber edits their own dashboard only: another professional of the establishment does not see it', async () => {
    // pro.two: prescriber at CHU Azur (/s/0), operator at the Tilleuls.
    const operator = await loggedInPage(browser, base, 'pro.two', { lang: 'fr', path: '/s/0/layout-builder', context: { viewport: { width: 1400, height: 1400 } } });
    await expectScreen(operator, '/s/0/layout-builder', "Éditeur d'interface");
    await expect.poll(() => operator.locator('[data-scope]').getAttribute('data-scope')).toBe('personal');
    await gridBlock(operator, 'protocol-note').waitFor();
    await gridBlock(operator, 'protocol-note').getByRole('button', { name: /Retirer/ }).click();
    await saveWithMessage(operator, 'Sans la note', FR);
    await expect.poll(() => operator.locator('[data-layout-editor]').getAttribute('data-unsaved')).toBeNull();
    await operator.goto(`${base}/s/0`);
    await viewBlockOf(operator, 'alerts').waitFor();
    expect(await viewBlockOf(operator, 'protocol-note').count()).toBe(0);
    await operator.context().close();

    const prescriber = await loggedInPage(browser, base, 'prescriber', { lang: 'fr' });
    await expectScreen(prescriber, '/s/0', 'Tableau de bord du CHU Azur');
    await viewBlockOf(prescriber, 'protocol-note').waitFor();
    await prescriber.context().close();
  });

  it('previews the dashboard as a patient: blocks hidden from them are left out', async () => {
    await page.goto(`${base}/s/0/layout-builder`);
    await gridBlock(page, 'documents').waitFor();
    await page.getByRole('combobox', { name: 'Aperçu en tant que' }).selectOption('MANAGER');
    await page.locator('[data-preview-as="MANAGER"]').waitFor();
    expect(await page.locator('[data-layout-grid] [data-block-id="alerts"]').count()).toBe(1);
    expect(await page.locator('[data-layout-grid] [data-block-id="documents"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Revenir à la modification' }).click();
    await gridBlock(page, 'documents').waitFor();
  });

  it('switches to the patient-file summary: its layout, and the palette offers its blocks', async () => {
    await page.getByText('Synthèse du dossier patient').click();
    await gridBlock(page, 'graphs').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('patient-file-summary');
    expect(await page.locator('[data-palette-type="value-tables"]').count()).toBe(1);
    expect(await page.locator('[data-palette-type="alerts"]').count()).toBe(0);
    expect(await page.locator('[data-palette-type="markdown"]').count()).toBe(1);
    await screenshot(page, 'layout-editor-summary-fr');
  });
});
