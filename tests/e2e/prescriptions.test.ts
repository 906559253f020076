/**
 * Prescriptions (issue 20 §3) in real Chromium, in French and in Arabic: a prescription of Camille
 * Martin's file ending tomorrow (added through the API) awaits renewal; the prescriber opens
 * Prescriptions from the navigation, chooses "awaiting renewal", finds it, renews it with a link
 * and a new period, and the list then shows both, linked (the
 * renewed one ongoing, the next one upcoming). axe finds nothing serious on the list
 * and the renewal form. Runs on the scratch gateway (it adds documents to a demo file, as
 * documents.test.ts does). Screenshots at 1280 and 390 px in test-results/e2e.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSession } from './support/api-session.ts';
import { seriousViolations } from './support/axe.ts';
import { consoleProblems, launchChromium, screenshot, tableRows } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const TEXTS = {
  fr: { nav: 'Prescriptions', title: 'Prescriptions', due: 'À renouveler', upcoming: 'À venir', ongoing: 'En cours', link: 'Un lien', renewedBy: 'Renouvelée', renews: 'Renouvelle' },
  ar: { nav: 'الوصفات الطبية', title: 'الوصفات الطبية', due: 'بانتظار التجديد', upcoming: 'قادمة', ongoing: 'سارية', link: 'رابط', renewedBy: 'جُدّدت', renews: 'تجدّد' },
} as const;

const poll = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 15_000 });
const rowOf = (page: Page, title: string) => tableRows(page).filter({ hasText: title });
/** A status filter's chip, by its visible label (its radio input is hidden under it). */
const chip = (page: Page, name: string) => page.getByTestId('prescriptions-status').getByText(name, { exact: true });
/** CHU Azur's calendar (Europe/Paris): the day `offset` days from today, ISO and as typed (day first in both languages). */
const day = (offset: number) => DateTime.now().setZone('Europe/Paris').plus({ days: offset });

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `${name}-1280`);
}

describe('prescriptions', () => {
  const base = inject('scratchGatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('the prescriber finds a prescription awaiting renewal and renews it (%s)', async (lang) => {
    const text = TEXTS[lang];
    const title = `Ordonnance ${randomUUID().slice(0, 8)}`;
    const renewed = `${title} suite`;
    const [patient, api] = await Promise.all([apiSession(base, 'patient.open'), apiSession(base, 'prescriber')]);
    const file = (await patient.get<{ data: { id: string }[] }>('/me/patient_files')).data[0]!;
    const added = await api.post(`/patient_files/${file.id}/documents`, {
      title, type: 'PRESCRIPTION', externalUrl: 'https://example.org/ordonnance', startDate: day(-20).toISODate(), endDate: day(1).toISODate(),
    });
    expect(added.status).toBe(201);

    const page = await loggedInPage(browser, base, 'prescriber', { lang });
    const problems = consoleProblems(page);
    await page.getByRole('navigation').getByRole('link', { name: text.nav }).first().click();
    await expectScreen(page, '/s/0/prescriptions', text.title);
    await chip(page, text.due).click();
    await page.waitForURL(/status=AWAITING_RENEWAL/);
    await poll(() => rowOf(page, title).count()).toBe(1);
    expect(await rowOf(page, title).locator('[data-status="AWAITING_RENEWAL"]').innerText()).toBe(text.due.toLocaleUpperCase('fr'));
    await shoot(page, `prescriptions-list-${lang}`);
    expect(await seriousViolations(page), `list in ${lang}`).toEqual([]);

    await rowOf(page, title).getByTestId('prescription-renew').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('renew-title').fill(renewed);
    await dialog.getByTestId('renew-start').fill(day(2).toFormat('dd/MM/yyyy'));
    await dialog.getByTestId('renew-end').fill(day(180).toFormat('dd/MM/yyyy'));
    await dialog.getByText(text.link, { exact: true }).click();
    await dialog.getByTestId('renew-link').fill('https://example.org/ordonnance-suite');
    await shoot(page, `prescriptions-renew-${lang}`);
    expect(await seriousViolations(page), `renewal form in ${lang}`).toEqual([]);
    await dialog.getByTestId('renew-submit').click();
    await dialog.waitFor({ state: 'detached' });

    // Renewed: no longer awaiting renewal, but ongoing and linked to the next one, which is upcoming.
    await poll(() => rowOf(page, title).count()).toBe(0);
    await chip(page, text.ongoing).click();
    await poll(() => rowOf(page, title).count()).toBe(1);
    expect(await rowOf(page, title).getByTestId('prescription-renewed-by').innerText()).toContain(text.renewedBy);
    expect(await rowOf(page, title).getByTestId('prescription-renew').count()).toBe(0);
    await chip(page, text.upcoming).click();
    await poll(() => rowOf(page, renewed).count()).toBe(1);
    expect(await rowOf(page, renewed).getByTestId('prescription-renews').innerText()).toContain(text.renews);
    await shoot(page, `prescriptions-renewed-${lang}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
