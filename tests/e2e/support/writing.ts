/**
 * One way to write things (issue 18), checked on what a screen shows: no ">=" or "<=" (≥, ≤),
 * no date pattern in another language's letters (DD/MM/YYYY in French), and in French no decimal
 * written with a point (0.2, 64.5: French writes 0,2). Called on the screens the e2e files
 * already visit, with their dialogs and tables open; returns what it found, with its context.
 */
import type { Page } from 'playwright-core';

const EVERYWHERE: RegExp[] = [/[<>]=/g];
const BY_LANGUAGE: Record<string, RegExp[]> = {
  fr: [/\b(?:DD|dd)\/(?:MM|mm)\b|\bYYYY\b/g, /(?<![\d.\w/:-])\d+\.\d+(?![\d.\w/:-])/g],
  ar: [/\b(?:DD|dd|JJ|jj)\/(?:MM|mm)\b/g],
  en: [/\bJJ\/MM\b|\bAAAA\b/g],
};

export async function writingProblems(page: Page, lang: string): Promise<string[]> {
  // Text as shown, with inputs' values and placeholders (a hint is read too).
  const text = await page.evaluate(() => [
    document.body.innerText,
    ...[...document.querySelectorAll('input, textarea')].flatMap((e) => [(e as HTMLInputElement).value, e.getAttribute('placeholder') ?? '']),
  ].join('\n'));
  return [...EVERYWHERE, ...(BY_LANGUAGE[lang] ?? [])].flatMap((pattern) =>
    [...text.matchAll(pattern)].map((m) => `${m[0]} in «${text.slice(Math.max(0, m.index! - 30), m.index! + m[0].length + 30).replace(/\s+/g, ' ')}»`));
}
