/**
 * The professional's patient-file list (issue 9) in real Chromium, in French and in Arabic:
 * reached from the navigation and the dashboard, searched by name (case and accents ignored)
 * and by birth date, filtered by status and service, sorted, paged, the state kept in the
 * address (reload), and a file opened. The operator of CHU Azur sees the establishment's four
 * files of demo accounts — Camille Martin (Cardiologie, open), Omar Faure (Cardiologie, open),
 * Yasmine Haddad (Cardiologie, closed; Chirurgie orthopédique, awaiting) — and those of the demo
 * population (server/demo/population.ts), whose services, statuses and names do not depend on the
 * day: the expected counts are read from it (demoPopulationOf).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { consoleProblems, launchChromium, screenshot, settled, tableRows } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';
import { demoPopulationOf } from '../../server/demo/population.ts';

const POPULATION = demoPopulationOf(new Date()).filter((p) => p.establishment === 'azur');
const shownName = (p: (typeof POPULATION)[number]) => `${p.shown.firstName} ${p.shown.lastName}`;
/** CHU Azur's files: the demo accounts' four and the population's. */
const AZUR_FILES = 4 + POPULATION.length;
const AZUR_CLOSED = 1 + POPULATION.filter((p) => p.file.status === 'CLOSED').length;
const AWAITING_IN_SURGERY = ['Yasmine Haddad', ...POPULATION.filter((p) => p.file.status === 'AWAITING' && p.service === 'Chirurgie orthopédique').map(shownName)].sort();

const TEXTS = {
  fr: {
    nav: 'Dossiers patients', title: 'Dossiers patients', search: 'Rechercher', pageSize: 'Lignes par page', service: 'Service',
    patient: 'Patient', closed: 'Clôturé', awaiting: 'En attente', total: (n: number) => (n === 1 ? '1 résultat' : `${n} résultats`),
    empty: 'Aucun dossier ne correspond à cette recherche.', born: 'Date de naissance : 17 avril 1958', summaryTab: 'Synthèse du dossier patient',
  },
  ar: {
    nav: 'ملفات المرضى', title: 'ملفات المرضى', search: 'بحث', pageSize: 'عدد الأسطر في الصفحة', service: 'الخدمة',
    patient: 'المريض', closed: 'مغلق', awaiting: 'قيد الانتظار', total: (n: number) => ({ one: 'نتيجة واحدة', two: 'نتيجتان', few: `${n} نتائج` } as Record<string, string>)[new Intl.PluralRules('ar').select(n)] ?? `${n} نتيجة`,
    empty: 'لا يوجد ملف يطابق هذا البحث.', born: '', summaryTab: 'ملخص ملف المريض',
  },
} as const;

const rows = (page: Page) => tableRows(page);
const names = (page: Page) => rows(page).locator('td:first-child').allInnerTexts();
const total = (page: Page) => page.getByTestId('data-table-total').innerText();
/** Searches answer in milliseconds, but a reload starts the whole app again on a busy machine. */
const poll = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });
const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe('patient-file list', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('search, filters, sort, pages and opening a file (%s)', async (lang) => {
    const text = TEXTS[lang];
    const page = await loggedInPage(browser, base, 'operator', { lang });
    const problems = consoleProblems(page);
    await expectScreen(page, '/s/0');
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');

    // The dashboard offers the list beside its heading; the navigation leads there too.
    expect(await page.getByTestId('dashboard-patient-files').getAttribute('href')).toBe('/s/0/patient-file');
    await page.getByRole('navigation').getByRole('link', { name: text.nav }).click();
    await expectScreen(page, '/s/0/patient-file', text.title);
    await poll(() => total(page)).toBe(text.total(AZUR_FILES));
    expect(await page.title()).toContain(text.title);
    expect(await rows(page).count()).toBe(15);
    // Columns run in reading order: the patient's at the start side (left in French, right in Arabic).
    const [patientBox, statusBox] = [await page.getByRole('columnheader').first().boundingBox(), await page.getByRole('columnheader').nth(2).boundingBox()];
    expect(patientBox!.x < statusBox!.x).toBe(lang === 'fr');
    await settled(page);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await screenshot(page, `patient-file-list-${lang}`);
    mkdirSync('/tmp/shots', { recursive: true });
    copyFileSync(`test-results/e2e/patient-file-list-${lang}.png`, `/tmp/shots/patient-file-list-${lang}.png`);

    // Names: case and accents do not matter; a birth date typed the interface's way finds its patient.
    const search = page.getByLabel(text.search);
    await search.fill('HÀDDAD');
    await poll(() => names(page)).toEqual(['Yasmine Haddad', 'Yasmine Haddad']);
    expect(params(page).q).toBe('HÀDDAD');
    await search.fill('faure');
    await poll(() => names(page)).toEqual(['Omar Faure']);
    await search.fill('17/04/1958');
    await poll(() => names(page)).toEqual(['Camille Martin']);
    expect(await rows(page).first().innerText()).toMatch(/68|٦٨/);
    await search.fill('Zoé Inconnue');
    await poll(() => page.getByText(text.empty).isVisible()).toBe(true);
    await search.fill('');
    await poll(() => total(page)).toBe(text.total(AZUR_FILES));

    // Filters: a status, then a service; the address keeps them through a reload.
    await page.locator('label', { hasText: text.closed }).click();
    await poll(() => total(page)).toBe(text.total(AZUR_CLOSED));
    await page.locator('label', { hasText: text.closed }).click();
    await page.locator('label', { hasText: text.awaiting }).click();
    await page.getByLabel(text.service, { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: 'Chirurgie orthopédique' }).click();
    await poll(async () => (await names(page)).sort()).toEqual(AWAITING_IN_SURGERY);
    expect(params(page)).toMatchObject({ status: 'AWAITING' });
    await page.reload();
    await poll(async () => (await names(page)).sort()).toEqual(AWAITING_IN_SURGERY);
    expect(await rows(page).first().innerText()).toContain('Chirurgie orthopédique');
    await page.goto(`${base}/s/0/patient-file`);
    await poll(() => total(page)).toBe(text.total(AZUR_FILES));

    // Pages of 50: every file of CHU Azur on one page.
    await page.getByLabel(text.pageSize, { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await poll(() => rows(page).count()).toBe(AZUR_FILES);

    // Sort: the patient heading is a button; a second press reverses the order.
    const ascending = await names(page);
    const patientHeading = page.getByRole('columnheader', { name: text.patient });
    expect(await patientHeading.getAttribute('aria-sort')).toBe('ascending');
    await patientHeading.getByRole('button').click();
    await poll(() => patientHeading.getAttribute('aria-sort')).toBe('descending');
    await poll(() => names(page)).toEqual([...ascending].reverse());
    expect(params(page).sort).toBe('-patientName');

    // Pages of 3: the fourth to sixth files on page 2, Back returns to page 1.
    await page.getByLabel(text.pageSize, { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: '3', exact: true }).click();
    await poll(() => rows(page).count()).toBe(3);
    await screenshot(page, `patient-file-list-paged-${lang}`);
    copyFileSync(`test-results/e2e/patient-file-list-paged-${lang}.png`, `/tmp/shots/patient-file-list-paged-${lang}.png`);
    await page.getByRole('button', { name: lang === 'fr' ? 'Page 2' : 'الصفحة 2' }).click();
    await poll(() => names(page)).toEqual([...ascending].reverse().slice(3, 6));
    expect(params(page)).toMatchObject({ page: '2', pageSize: '3', sort: '-patientName' });
    await page.goBack();
    await poll(() => rows(page).count()).toBe(3);

    // Opening a file: Enter on its row.
    await page.getByLabel(text.search).fill('camille');
    await poll(() => names(page)).toEqual(['Camille Martin']);
    await rows(page).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/s\/0\/patient-file\/[0-9a-f-]{36}$/);
    await poll(() => page.getByTestId('patient-file-name').innerText()).toBe('Camille Martin');
    if (lang === 'fr') expect(await page.getByTestId('patient-birth-date').innerText()).toContain(text.born);
    // The file's tabs come from the registry: the summary (default), then the questionnaires (with their responses), then the others.
    await poll(() => page.getByRole('tab').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe(text.summaryTab);
    await page.getByRole('tab').nth(1).click();
    await page.waitForURL(/\/questionnaires$/);
    await screenshot(page, `patient-file-opened-${lang}`);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);
});
