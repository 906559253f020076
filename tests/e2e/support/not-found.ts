/** The shared "not found" state (client/lib/ui/query-error.tsx) as a person sees it, in each language. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const NOT_FOUND_TEXTS = {
  fr: { title: 'Introuvable', home: 'Retour à l’accueil' },
  en: { title: 'Not found', home: 'Back to home' },
  ar: { title: 'غير موجود', home: 'العودة إلى الصفحة الرئيسية' },
} as const;
export const NOT_FOUND_LANGUAGES = Object.keys(NOT_FOUND_TEXTS) as (keyof typeof NOT_FOUND_TEXTS)[];

/** Opens `url` in `lang` and expects "not found" with a way home and no Retry; returns the alert. */
export async function expectNotFound(page: Page, url: string, lang: keyof typeof NOT_FOUND_TEXTS): Promise<Locator> {
  const text = NOT_FOUND_TEXTS[lang];
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto(url);
  const alert = page.locator('[data-error-kind]');
  await alert.waitFor();
  expect(await alert.getAttribute('data-error-kind')).toBe('notFound');
  expect(await alert.innerText()).toContain(text.title);
  expect(await alert.getByRole('button').allInnerTexts()).toEqual([]);
  await alert.getByRole('link', { name: text.home }).waitFor();
  return alert;
}
