/**
 * Documents (issue 20 §1) in real Chromium, in French and in Arabic: Camille Martin (patient.open)
 * opens My Documents from the navigation, adds a PDF (the upload shows its progress, then
 * "sent"), and finds it listed, waiting; the prescriber opens it from the file's Documents tab,
 * acknowledges it and reads by whom, excludes and restores it, edits its title; the patient then sees
 * it acknowledged and marks it entered in error; axe finds nothing serious on the list and the add screen. Runs on the scratch
 * gateway (it adds documents to a demo file). Screenshots of the list and the add screen at 1280
 * and 390 px, and of the file's tab and the document at 1280, in test-results/e2e.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demoPdf } from '../../server/demo/documents.ts';
import { seriousViolations } from './support/axe.ts';
import { consoleProblems, launchChromium, screenshot, tableRows } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const TEXTS = {
  fr: {
    nav: 'Mes documents', title: 'Mes documents', add: 'Ajouter un document', type: 'Compte rendu', sent: 'Envoyé', waiting: 'En attente',
    acknowledged: 'Pris en compte', tab: 'Documents', acknowledge: 'Prendre connaissance', by: 'Pris en compte par',
  },
  ar: {
    nav: 'مستنداتي', title: 'مستنداتي', add: 'إضافة مستند', type: 'تقرير', sent: 'أُرسل', waiting: 'في الانتظار',
    acknowledged: 'تم الاطلاع', tab: 'المستندات', acknowledge: 'تأكيد الاطلاع', by: 'اطّلع عليه',
  },
} as const;

const poll = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 15_000 });
const rowOf = (page: Page, title: string) => page.locator('table tbody tr').filter({ hasText: title });
/** A row's text as read (badges are shown in capitals). */
const rowText = async (page: Page, title: string) => (await rowOf(page, title).innerText()).toLocaleLowerCase('fr');

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `${name}-1280`);
}

describe('documents', () => {
  const base = inject('scratchGatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('the patient adds a PDF, the prescriber acknowledges it from the file (%s)', async (lang) => {
    const text = TEXTS[lang];
    const title = `Bilan ${randomUUID().slice(0, 8)}`;
    const patient = await loggedInPage(browser, base, 'patient.open', { lang });
    const problems = consoleProblems(patient);
    await patient.getByRole('navigation').getByRole('link', { name: text.nav }).first().click();
    await expectScreen(patient, '/p/0/documents', text.title);
    await poll(() => tableRows(patient).count()).toBeGreaterThan(0);
    await shoot(patient, `documents-list-${lang}`);
    expect(await seriousViolations(patient), `list in ${lang}`).toEqual([]);

    await patient.getByTestId('document-add').click();
    await expectScreen(patient, '/p/0/documents/add', text.add);
    await patient.getByTestId('document-title').fill(title);
    await patient.getByTestId('document-type').click();
    await patient.getByRole('option', { name: text.type, exact: true }).click();
    await patient.locator('input[type="file"]').setInputFiles({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: demoPdf(title) });
    const upload = patient.getByTestId('upload-row');
    await upload.and(patient.locator('[data-state="uploaded"]')).waitFor();
    expect(await upload.innerText()).toContain(text.sent);
    await shoot(patient, `documents-add-${lang}`);
    expect(await seriousViolations(patient), `add screen in ${lang}`).toEqual([]);
    await patient.getByTestId('document-submit').click();
    await expectScreen(patient, '/p/0/documents', text.title);
    await poll(() => rowText(patient, title)).toContain(text.waiting.toLocaleLowerCase('fr'));

    // The prescriber: the file's Documents tab, the document, acknowledged.
    const prescriber = await loggedInPage(browser, base, 'prescriber', { lang });
    const proProblems = consoleProblems(prescriber);
    await prescriber.goto(`${base}/s/0/patient-file?q=${encodeURIComponent('Camille Martin')}`);
    await prescriber.locator('table tbody tr').getByText('Camille Martin').first().click();
    await prescriber.waitForURL(/\/s\/0\/patient-file\/[0-9a-f-]{36}/);
    await prescriber.getByRole('tab', { name: text.tab }).click();
    await rowOf(prescriber, title).waitFor();
    await screenshot(prescriber, `documents-tab-${lang}`);
    await rowOf(prescriber, title).click();
    await prescriber.waitForURL(/\/documents\/[0-9a-f-]{36}$/);
    await prescriber.getByTestId('document-acknowledge').click();
    await poll(() => prescriber.getByTestId('document-acknowledgement').innerText()).toContain(text.by);
    await screenshot(prescriber, `documents-view-${lang}`);
    expect(await prescriber.getByTestId('document-open').getAttribute('href')).toMatch(/\/api\/documents\/[0-9a-f-]{36}\/stream/);

    // Excluded then restored, each confirmed in a dialog; edited with the add form's fields.
    await prescriber.getByTestId('document-exclude').click();
    await prescriber.getByRole('dialog').waitFor();
    await shoot(prescriber, `documents-exclude-dialog-${lang}`);
    await prescriber.getByTestId('document-exclude-confirm').click();
    await prescriber.getByTestId('document-excluded').waitFor();
    await prescriber.getByTestId('document-restore').click();
    await prescriber.getByTestId('document-restore-confirm').click();
    await prescriber.getByTestId('document-excluded').waitFor({ state: 'detached' });
    await prescriber.getByTestId('document-edit').click();
    await prescriber.getByTestId('document-edit-form').waitFor();
    await shoot(prescriber, `documents-edit-${lang}`);
    await prescriber.getByTestId('document-title').fill(`${title} (2)`);
    await prescriber.getByTestId('document-edit-submit').click();
    await poll(() => prescriber.getByRole('heading', { level: 1 }).innerText()).toContain(`${title} (2)`);
    // The prescriptions with their days left.
    await prescriber.goto(`${base}/s/0/prescriptions`);
    await prescriber.getByTestId('prescription-days-left').first().waitFor();
    await shoot(prescriber, `prescriptions-${lang}`);

    // The patient sees it acknowledged.
    await patient.reload();
    await poll(() => rowText(patient, title)).toContain(text.acknowledged.toLocaleLowerCase('fr'));
    // She added it: she marks it entered in error with a reason, and it leaves her list.
    await rowOf(patient, title).click();
    await patient.waitForURL(/\/p\/0\/documents\/[0-9a-f-]{36}$/);
    await patient.getByTestId('document-entered-in-error').click();
    await patient.getByTestId('document-error-reason').fill('Mauvais fichier');
    await shoot(patient, `documents-error-dialog-${lang}`);
    await patient.getByTestId('document-error-confirm').click();
    await expectScreen(patient, '/p/0/documents', text.title);
    await poll(() => rowOf(patient, title).count()).toBe(0);
    expect(problems).toEqual([]);
    expect(proProblems).toEqual([]);
    await Promise.all([patient.context().close(), prescriber.context().close()]);
  });
});
