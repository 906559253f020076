/**
 * Conditions and the patient-file picker (issue 10 §4, §5) in real Chromium, in French and in
 * Arabic: the operator of CHU Azur opens Camille Martin's file with the picker from the list's
 * header (typing, arrows, Enter), adds a condition in the Conditions tab, opens it (the condition
 * screen with its pathology's description; the manager opens it too, without the way to the file),
 * goes back to the file and removes it. Screenshots in
 * test-results/e2e (and /tmp/shots), looked at.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { consoleProblems, launchChromium, screenshot, tableRows } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const TEXTS = {
  fr: {
    list: 'Dossiers patients', openPicker: 'Ouvrir un dossier patient', search: 'Rechercher un patient', tab: 'Affections',
    pathology: 'Pathologie', hypertension: 'Hypertension artérielle', note: 'Remarque', add: 'Ajouter', added: 'Affection Hypertension artérielle ajoutée.',
    description: 'Pression artérielle trop élevée', back: 'Retour au dossier de Camille Martin', remove: 'Retirer Hypertension artérielle', confirm: 'Retirer',
    empty: "Aucune affection n'est renseignée pour ce dossier.",
  },
  ar: {
    list: 'ملفات المرضى', openPicker: 'فتح ملف مريض', search: 'البحث عن مريض', tab: 'الحالات المرضية',
    pathology: 'المرض', hypertension: 'ارتفاع ضغط الدم', note: 'ملاحظة', add: 'إضافة', added: 'تمت إضافة الحالة المرضية ارتفاع ضغط الدم.',
    description: 'ضغط دم مرتفع', back: 'العودة إلى ملف Camille Martin', remove: 'إزالة ارتفاع ضغط الدم', confirm: 'إزالة',
    empty: 'لا توجد أي حالة مرضية مسجلة في هذا الملف.',
  },
} as const;

const poll = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync('/tmp/shots', { recursive: true });
  copyFileSync(`test-results/e2e/${name}.png`, `/tmp/shots/${name}.png`);
}

describe('conditions and the patient-file picker', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('picks a file, adds, shows and removes a condition (%s)', async (lang) => {
    const text = TEXTS[lang];
    const page = await loggedInPage(browser, base, 'operator', { lang, path: '/s/0/patient-file' });
    const problems = consoleProblems(page);
    await expectScreen(page, '/s/0/patient-file', text.list);

    // The picker: typing waits for a pause, arrows move, Enter opens the file.
    await page.getByRole('button', { name: text.openPicker }).click();
    const dialog = page.getByRole('dialog', { name: text.openPicker });
    await dialog.getByRole('combobox', { name: text.search }).fill('martin');
    await poll(() => dialog.getByRole('option').allInnerTexts()).toEqual([expect.stringContaining('Camille Martin')]);
    await shot(page, `patient-file-picker-${lang}`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/s\/0\/patient-file\/[0-9a-f-]{36}$/);
    await poll(() => page.getByTestId('patient-file-name').innerText()).toBe('Camille Martin');

    // The Conditions tab: add one, with a note.
    await page.getByRole('tab', { name: text.tab }).click();
    await page.waitForURL(/\/conditions$/);
    const tab = page.getByTestId('file-conditions');
    await tab.getByLabel(text.pathology).and(page.locator('input')).click();
    await page.getByRole('option', { name: text.hypertension }).click();
    await tab.getByRole('textbox', { name: text.note }).fill('Automesure tensionnelle');
    await tab.getByRole('button', { name: text.add, exact: true }).click();
    await poll(() => tab.getByRole('status').innerText()).toBe(text.added);
    await poll(() => tableRows(tab).count()).toBe(1);
    await shot(page, `conditions-tab-${lang}`);
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');

    // Its screen: the pathology's description, and the way back to the file.
    await tab.getByRole('link', { name: new RegExp(text.hypertension) }).click();
    await page.waitForURL(/\/s\/0\/condition\/[0-9a-f-]{36}$/);
    await poll(() => page.getByTestId('condition-screen').innerText()).toContain(text.description);
    await shot(page, `condition-screen-${lang}`);
    // Spec 000 §2 grants the manager this screen, who opens no file: it shows, without the way to the file.
    if (lang === 'fr') {
      const manager = await loggedInPage(browser, base, 'manager', { lang, path: new URL(page.url()).pathname });
      const managerProblems = consoleProblems(manager);
      await poll(() => manager.getByTestId('condition-screen').innerText()).toContain(text.description);
      await expect(manager.getByRole('link', { name: text.back }).count()).resolves.toBe(0);
      expect(managerProblems).toEqual([]);
      await manager.context().close();
    }
    await page.getByRole('link', { name: text.back }).click();
    await page.waitForURL(/\/conditions$/);

    // Removed after a confirmation.
    await page.getByRole('button', { name: text.remove }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.confirm, exact: true }).click();
    await poll(() => page.getByTestId('file-conditions').getByText(text.empty).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);
});
