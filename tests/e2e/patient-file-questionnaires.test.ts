/**
 * The Questionnaires tab of the patient file (issue 10 §4) in real Chromium, in French and in
 * Arabic: the prescriber opens Camille Martin's file from the list, reaches the tab, reads the
 * demo questionnaires (HF-DAILY, POST-OP, PHQ-9) with their status and planning in words,
 * excludes PHQ-9 after confirming, sees it excluded, restores it, and finds the responses list
 * as a section of the same tab. Screenshots of both directions.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { consoleProblems, launchChromium, screenshot, tableRows } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const TEXTS = {
  fr: {
    nav: 'Dossiers patients', search: 'Rechercher', tab: 'Questionnaires', active: 'Actif', excluded: 'Exclu', every: 'Tous les jours',
    exclude: 'Exclure', restore: 'Rétablir', confirm: 'Confirmer', responses: 'Réponses aux questionnaires', status: 'Statut',
  },
  ar: {
    nav: 'ملفات المرضى', search: 'بحث', tab: 'الاستبيانات', active: 'نشط', excluded: 'مستبعد', every: 'كل يوم',
    exclude: 'استبعاد', restore: 'استعادة', confirm: 'تأكيد', responses: 'إجابات الاستبيانات', status: 'الحالة',
  },
} as const;

const poll = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });
const row = (page: Page, reference: string) => page.locator(`[data-testid=file-questionnaires-table] tr[data-form="${reference}"]`);

describe('the Questionnaires tab of a patient file', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('lists, excludes and restores a questionnaire (%s)', async (lang) => {
    const text = TEXTS[lang];
    const page = await loggedInPage(browser, base, 'prescriber', { lang });
    const problems = consoleProblems(page);
    await expectScreen(page, '/s/0');
    await page.getByRole('navigation').getByRole('link', { name: text.nav }).click();
    await page.getByLabel(text.search).fill('camille');
    await poll(() => tableRows(page).count()).toBe(1);
    await page.locator('table tbody tr').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/s\/0\/patient-file\/[0-9a-f-]{36}$/);
    await page.getByRole('tab', { name: text.tab }).click();
    await page.waitForURL(/\/questionnaires$/);
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');

    const hf = row(page, 'HF-DAILY');
    await poll(() => hf.getByText(text.active, { exact: true }).isVisible()).toBe(true);
    expect(await hf.innerText()).toContain(text.every);
    // Columns in reading order: the questionnaire's name at the start side.
    const [nameBox, statusBox] = [await page.getByRole('columnheader').first().boundingBox(), await page.getByRole('columnheader', { name: text.status }).boundingBox()];
    expect(nameBox!.x < statusBox!.x).toBe(lang === 'fr');
    await page.getByRole('heading', { name: text.responses }).waitFor();
    await screenshot(page, `patient-file-questionnaires-${lang}`);

    const phq = row(page, 'PHQ-9');
    await phq.getByRole('button', { name: text.exclude }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, `patient-file-questionnaires-exclude-${lang}`);
    await dialog.getByRole('button', { name: text.confirm }).click();
    await poll(() => phq.getByText(text.excluded, { exact: true }).isVisible()).toBe(true);
    await phq.getByRole('button', { name: text.restore }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.confirm }).click();
    await poll(() => phq.getByText(text.active, { exact: true }).isVisible()).toBe(true);

    mkdirSync('/tmp/shots', { recursive: true });
    for (const name of [`patient-file-questionnaires-${lang}`, `patient-file-questionnaires-exclude-${lang}`]) copyFileSync(`test-results/e2e/${name}.png`, `/tmp/shots/${name}.png`);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);
});
