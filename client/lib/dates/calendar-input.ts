/**
 * Dates typed by hand, in the interface's order (01/11/2026 in French and English, day first):
 * the pattern shown to date inputs and the reading of what was typed. '/', '.', '-' and spaces
 * separate; Arabic-Indic digits are read too. A day that does not exist (31/02) is not a date.
 */
import { localeSettings } from '../i18n/locale-settings.ts';
import { isolated } from '../i18n/quantity.ts';
import type { Language } from '../languages.ts';

type Part = 'day' | 'month' | 'year';

/** The order of day, month and year in the language's short dates. */
export function dateOrder(language: Language): Part[] {
  const parts = new Intl.DateTimeFormat(localeSettings(language).locale, { day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date(Date.UTC(2026, 10, 1)));
  return parts.map((p) => p.type).filter((t): t is Part => t === 'day' || t === 'month' || t === 'year');
}

const TOKENS: Record<Part, string> = { day: 'DD', month: 'MM', year: 'YYYY' };

/** A dayjs format ("DD/MM/YYYY") for date inputs. */
export const dateInputFormat = (language: Language) => dateOrder(language).map((p) => TOKENS[p]).join('/');

/** The letters a person of that language reads in a date pattern (a hint is for people; dayjs keeps DD/MM/YYYY). */
const HINT_TOKENS: Record<Language, Record<Part, string>> = {
  fr: { day: 'JJ', month: 'MM', year: 'AAAA' },
  en: { day: 'DD', month: 'MM', year: 'YYYY' },
  ar: { day: 'يوم', month: 'شهر', year: 'سنة' },
};

/**
 * The hint of a date field in the interface's language: "JJ/MM/AAAA" in French. Digits are typed
 * day first from the left in every language, so the Arabic words are each isolated inside one
 * left-to-right block: the hint reads in the order the digits are typed.
 */
export function dateInputHint(language: Language): string {
  const tokens = dateOrder(language).map((p) => HINT_TOKENS[language][p]);
  return language === 'ar' ? isolated(tokens.map(isolated).join('/')) : tokens.join('/');
}

const DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** `01/11/2026` → `2026-11-01`; anything that is not a whole, existing date → undefined. */
export function parseCalendarDate(text: string, language: Language): string | undefined {
  const latin = text.replace(DIGITS, (d) => String(d.charCodeAt(0) & 0xf)).replace(/[\u200e\u200f\u061c]/g, '').trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(latin);
  const fields = iso ? { year: iso[1]!, month: iso[2]!, day: iso[3]! } : undefined;
  let found = fields;
  if (!found) {
    const numbers = latin.split(/[/.\-\s]+/);
    const order = dateOrder(language);
    if (numbers.length !== 3 || numbers.some((n) => !/^\d+$/.test(n))) return undefined;
    found = Object.fromEntries(order.map((part, i) => [part, numbers[i]!])) as Record<Part, string>;
    if (found.year.length !== 4 || found.day.length > 2 || found.month.length > 2) return undefined;
  }
  const [year, month, day] = [Number(found.year), Number(found.month), Number(found.day)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${found.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
