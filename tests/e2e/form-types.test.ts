/**
 * The back office's form types (issue 17), in real Chromium, in French and in Arabic: the
 * back-office admin opens Questionnaires from the navigation, reads the establishment's
 * questionnaires, opens the Form types tab, adds a type, is told on the French name field that a
 * name is already used (any case), renames the type and deletes it. Screenshots at 1280 and 390 px
 * in test-results/e2e.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { consoleProblems, launchChromium, screenshot } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const TEXTS = {
  fr: {
    nav: 'Questionnaires', title: 'Questionnaires', formsTab: 'Questionnaires', typesTab: 'Types de formulaire', demoType: 'Suivi quotidien',
    new: 'Nouveau type de formulaire', nameFr: 'Nom (français)', save: 'Enregistrer', cancel: 'Annuler', edit: 'Modifier', delete: 'Supprimer',
    used: "Ce nom ou cette référence est déjà utilisé dans l'établissement.",
  },
  ar: {
    nav: 'الاستبيانات', title: 'الاستبيانات', formsTab: 'الاستبيانات', typesTab: 'أنواع النماذج', demoType: 'متابعة يومية',
    new: 'نوع نموذج جديد', nameFr: 'الاسم (بالفرنسية)', save: 'حفظ', cancel: 'إلغاء', edit: 'تعديل', delete: 'حذف',
    used: 'هذا الاسم أو المرجع مستخدم بالفعل في المؤسسة.',
  },
} as const;

const poll = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 20_000 });

describe('form types in the back office', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('lists, adds, refuses a used name, renames and deletes a form type (%s)', async (lang) => {
    const text = TEXTS[lang];
    const page = await loggedInPage(browser, base, 'admin', { lang, path: '/s/0' });
    const problems = consoleProblems(page);
    await page.getByRole('link', { name: text.nav, exact: true }).first().click();
    await expectScreen(page, '/s/0/surveys', text.title);
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');

    // The questionnaires the platform runs, read-only.
    const forms = page.getByRole('table', { name: text.formsTab });
    await poll(() => forms.getByRole('row').count()).toBeGreaterThan(1);
    await forms.getByText('PHQ-9', { exact: true }).waitFor();

    await page.getByRole('tab', { name: text.typesTab }).click();
    const section = page.getByTestId('form-types');
    await section.getByRole('cell', { name: text.demoType, exact: true }).waitFor();
    await screenshot(page, `form-types-${lang}-1280`);

    const name = `Bilan ${randomUUID().slice(0, 6)}`;
    await section.getByRole('button', { name: text.new }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: text.nameFr }).fill(name);
    await dialog.getByRole('button', { name: text.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByRole('cell', { name, exact: true }).waitFor();

    // The same name in capitals: refused on the French name's field, nothing stored twice.
    await section.getByRole('button', { name: text.new }).click();
    dialog = page.getByRole('dialog');
    const field = dialog.getByRole('textbox', { name: text.nameFr });
    await field.fill(name.toUpperCase());
    await dialog.getByRole('button', { name: text.save }).click();
    await dialog.getByText(text.used).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `form-types-${lang}-390-not-unique`);
    await dialog.getByRole('button', { name: text.cancel }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await section.getByRole('cell', { name, exact: true }).count()).toBe(1);

    const renamed = `${name} bis`;
    await section.getByRole('button', { name: new RegExp(`${text.edit}.*${name}`) }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: text.nameFr }).fill(renamed);
    await dialog.getByRole('button', { name: text.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByRole('cell', { name: renamed, exact: true }).waitFor();

    await section.getByRole('button', { name: new RegExp(`${text.delete}.*${renamed}`) }).click();
    await poll(() => section.getByRole('cell', { name: renamed, exact: true }).count()).toBe(0);
    // The browser logs the refused creation (409), which the screen said on the field; nothing else.
    expect(problems).toEqual([expect.stringContaining('status of 409')]);
  });
});
