/**
 * The patient file's header and History tab (issue 10 §4) in real Chromium, in French and in
 * Arabic: the operator of CHU Azur opens Camille Martin's file from the
 * list, the header says whose file it is (name, birth date, identity, status, service), the
 * History tab lists the demo entries newest first, each a translated sentence (never a kind's
 * code) with who did it, and a kind chosen in the filter is kept in the address and asked of the
 * server. Screenshots: test-results/e2e/patient-file-history-*.png.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { consoleProblems, launchChromium, screenshot, tableRows } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const TEXTS = {
  fr: { tab: 'Historique', kinds: "Types d'événements", status: 'Ouvert', service: 'Cardiologie · CHU Azur' },
  ar: { tab: 'السجل', kinds: 'أنواع الأحداث', status: 'مفتوح', service: 'Cardiologie · CHU Azur' },
} as const;

const poll = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });
const rows = (page: Page) => tableRows(page);

async function openHistory(page: Page, base: string, lang: 'fr' | 'ar') {
  // Straight to the list: where a login lands (dashboard or context selector) is not this test's concern.
  // The demo establishment has dozens of patients: searched by name, as a person would.
  await page.goto(`${base}/s/0/patient-file?q=${encodeURIComponent('Camille Martin')}`);
  await expectScreen(page, '/s/0/patient-file');
  await page.locator('table tbody tr').getByText('Camille Martin').first().click();
  await page.waitForURL(/\/s\/0\/patient-file\/[0-9a-f-]{36}/);
  await page.getByRole('tab', { name: TEXTS[lang].tab }).click();
  await page.waitForURL(/\/history/);
  await poll(() => rows(page).count()).toBeGreaterThan(0);
}

describe('patient-file header and history', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('the header says whose file it is; the history reads as sentences, filtered by kind (%s)', async (lang) => {
    const text = TEXTS[lang];
    const page = await loggedInPage(browser, base, 'operator', { lang });
    const problems = consoleProblems(page);
    await openHistory(page, base, lang);
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    const header = page.locator('[data-patient-file-header]');
    expect(await header.getByTestId('patient-file-name').innerText()).toBe('Camille Martin');
    expect(await header.getByText(text.status).count()).toBe(1);
    expect(await header.getByText(text.service).count()).toBe(1);
    expect(await header.getByTestId('patient-identity').count()).toBe(1);

    // Each entry is a sentence, never a kind's code, with who did it.
    const sentences = await rows(page).locator('td:nth-child(2)').allInnerTexts();
    for (const sentence of sentences) expect(sentence).not.toMatch(/^[A-Z_]+$/);
    const kinds = await rows(page).locator('[data-kind]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-kind')!));
    const kind = kinds[0]!;
    const who = await rows(page).locator('td:nth-child(3)').allInnerTexts();
    expect(who.every((name) => name.trim().length > 0)).toBe(true);
    await screenshot(page, `patient-file-history-${lang}`);

    // One kind chosen: kept in the address, asked of the server, only that kind listed.
    const asked = page.waitForRequest((request) => request.url().includes('/history?') && request.url().includes(`kinds=${kind}`));
    await page.getByTestId('history-kinds').click();
    // The option of that kind (its label is the kind's sentence without the entry's detail).
    await page.locator(`[role="option"][value="${kind}"]`).first().click();
    await asked;
    await poll(() => new URL(page.url()).searchParams.getAll('kinds')).toContain(kind);
    await poll(async () => [...new Set(await rows(page).locator('[data-kind]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-kind'))))]).toEqual([kind]);
    expect(problems).toEqual([]);
  });

});
