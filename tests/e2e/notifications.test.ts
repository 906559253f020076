/**
 * Notifications (issue 20 §5) in real Chromium, in French and in Arabic: Camille Martin
 * (patient.open) adds a document; the prescriber, whose home stays open, sees the bell's count go
 * up without reloading, opens the list, reads "new document in the file of Camille Martin" first
 * and follows it to the document. Then the prescriber's notifications manager (profile menu)
 * turns one channel over, and the choice is still there after a reload. Runs on the scratch
 * gateway (it adds documents to a demo file and changes the prescriber's preferences).
 * Screenshots of the list and the manager at 1280 and 390 px in test-results/e2e.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demoPdf } from '../../server/demo/documents.ts';
import { seriousViolations } from './support/axe.ts';
import { consoleProblems, launchChromium, screenshot } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const TEXTS = {
  fr: {
    nav: 'Mes documents', title: 'Mes documents', type: 'Compte rendu', list: 'Notifications', newDocument: 'Nouveau document dans le dossier de Camille Martin',
    manager: 'Gestion des notifications', emailSwitch: 'Nouveau document : E-mail', saved: 'Enregistré.',
  },
  ar: {
    nav: 'مستنداتي', title: 'مستنداتي', type: 'تقرير', list: 'الإشعارات', newDocument: 'مستند جديد في ملف Camille Martin',
    manager: 'إدارة الإشعارات', emailSwitch: 'مستند جديد: البريد الإلكتروني', saved: 'تم الحفظ.',
  },
} as const;

/** The bell refetches its count every 30 s when nothing live arrives: a little more than that. */
const poll = <T>(value: () => Promise<T> | T, timeout = 15_000) => expect.poll(value, { timeout, interval: 500 });
const bellCount = async (page: Page) => Number(await page.getByTestId('notification-bell').getAttribute('data-count'));

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `${name}-1280`);
}

async function addDocument(patient: Page, lang: keyof typeof TEXTS, title: string) {
  const text = TEXTS[lang];
  await patient.getByRole('navigation').getByRole('link', { name: text.nav }).first().click();
  await expectScreen(patient, '/p/0/documents', text.title);
  await patient.getByTestId('document-add').click();
  await patient.getByTestId('document-title').fill(title);
  await patient.getByTestId('document-type').click();
  await patient.getByRole('option', { name: text.type, exact: true }).click();
  await patient.locator('input[type="file"]').setInputFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: demoPdf(title) });
  await patient.getByTestId('upload-row').and(patient.locator('[data-state="uploaded"]')).waitFor();
  await patient.getByTestId('document-submit').click();
  await expectScreen(patient, '/p/0/documents', text.title);
}

async function openManager(page: Page, lang: keyof typeof TEXTS) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-notifications-manager').click();
  const dialog = page.getByRole('dialog', { name: TEXTS[lang].manager });
  await dialog.getByTestId('notification-preferences').waitFor();
  return dialog;
}

describe('notifications', () => {
  const base = inject('scratchGatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('the prescriber sees a new document in the bell without reloading, and keeps a channel choice (%s)', async (lang) => {
    const text = TEXTS[lang];
    const prescriber = await loggedInPage(browser, base, 'prescriber', { lang });
    const problems = consoleProblems(prescriber);
    await expectScreen(prescriber, '/s/0');
    await prescriber.getByTestId('notification-bell').and(prescriber.locator('[data-count]')).waitFor();
    // Whatever earlier runs left: read all, so that the count starts at 0.
    await prescriber.getByTestId('notification-bell').click();
    const list = prescriber.getByRole('dialog', { name: text.list });
    await list.waitFor();
    if (await list.getByTestId('notification-mark-all').isEnabled()) await list.getByTestId('notification-mark-all').click();
    await poll(() => bellCount(prescriber)).toBe(0);
    await prescriber.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    const patient = await loggedInPage(browser, base, 'patient.open', { lang });
    await addDocument(patient, lang, `Bilan ${randomUUID().slice(0, 8)}`);

    // No reload: the count comes with the bell's next refresh.
    await poll(() => bellCount(prescriber), 45_000).toBeGreaterThan(0);
    expect(await prescriber.getByTestId('notification-count').innerText()).toBe(String(await bellCount(prescriber)));
    await prescriber.getByTestId('notification-bell').click();
    await list.waitFor();
    // The list shows what it last read, then the new page: the newest, unread, on top.
    const first = list.getByTestId('notification-item').first();
    await poll(async () => [await first.getAttribute('data-unread'), await first.innerText()], 30_000).toEqual(['true', expect.stringContaining(text.newDocument)]);
    await shoot(prescriber, `notifications-list-${lang}`);
    expect(await seriousViolations(prescriber), `list in ${lang}`).toEqual([]);
    await first.getByRole('link').click();
    await prescriber.waitForURL(/\/s\/0\/patient-file\/[0-9a-f-]{36}\/documents\/[0-9a-f-]{36}$/);
    await poll(() => bellCount(prescriber)).toBe(0);

    // The notifications manager: one channel turned over, still so after a reload.
    let dialog = await openManager(prescriber, lang);
    const email = () => dialog.getByRole('switch', { name: text.emailSwitch });
    const before = await email().isChecked();
    await email().click({ force: true });
    await dialog.getByText(text.saved).waitFor();
    expect(await email().isChecked()).toBe(!before);
    await shoot(prescriber, `notifications-manager-${lang}`);
    expect(await seriousViolations(prescriber), `manager in ${lang}`).toEqual([]);
    await prescriber.reload();
    dialog = await openManager(prescriber, lang);
    expect(await email().isChecked()).toBe(!before);

    expect(problems).toEqual([]);
    await Promise.all([patient.context().close(), prescriber.context().close()]);
  });
});
