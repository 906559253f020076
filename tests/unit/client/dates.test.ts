/** Dates in the interface's language and the session's time zone, never the browser's locale or zone. */
import { describe, expect, it } from 'vitest';
import { dateInputFormat, dateInputHint, parseCalendarDate } from '../../../client/lib/dates/calendar-input.ts';
import { typedCalendarDate } from '../../../client/lib/dates/calendar-date-input.tsx';
import { isolated } from '../../../client/lib/i18n/quantity.ts';
import { formatCalendarDate, formatDateTime, formatDay } from '../../../client/lib/dates/format.ts';

// 1 November 2026, 23:30 UTC: already the 2nd in Paris, still the 1st in New York.
const instant = '2026-11-01T23:30:00Z';

describe('formatting', () => {
  it.each<[string, string]>([
    [formatDay(instant, 'fr', 'Europe/Paris'), '02/11/2026'],
    [formatDay(instant, 'fr', 'America/New_York'), '01/11/2026'],
    [formatDay(instant, 'en', 'Europe/Paris'), '02/11/2026'],
    [formatDateTime(instant, 'fr', 'Europe/Paris', 'short'), '02/11/2026 00:30'],
    [formatDateTime(instant, 'fr', 'America/New_York'), '1 novembre 2026 à 18:30'],
    [formatDateTime(instant, 'en', 'Europe/Paris'), '2 November 2026 at 00:30'],
    [formatCalendarDate('2026-11-01', 'fr'), '01/11/2026'],
    [formatCalendarDate('2026-11-01', 'fr', 'long'), '1 novembre 2026'],
    [formatCalendarDate('2026-11-01', 'en'), '01/11/2026'],
  ])('%s', (got, expected) => expect(got).toBe(expected));

  it('writes Arabic dates with the day first, in the session\'s zone', () => {
    expect(formatDay(instant, 'ar', 'Europe/Paris').replace(/[\u200e\u200f\u061c]/g, '')).toMatch(/^(٠٢|02)\/(١١|11)\/(٢٠٢٦|2026)$/);
  });
});

describe('dates typed by hand', () => {
  it.each<[string, 'fr' | 'en' | 'ar', string | undefined]>([
    ['01/11/2026', 'fr', '2026-11-01'], ['1/11/2026', 'fr', '2026-11-01'], ['01.11.2026', 'fr', '2026-11-01'], ['01-11-2026', 'en', '2026-11-01'],
    ['2026-11-01', 'fr', '2026-11-01'], ['٠١/١١/٢٠٢٦', 'ar', '2026-11-01'], ['01/11/2026', 'ar', '2026-11-01'],
    ['31/02/2026', 'fr', undefined], ['11/31/2026', 'fr', undefined], ['01/11/26', 'fr', undefined], ['01/11', 'fr', undefined], ['demain', 'fr', undefined], ['', 'fr', undefined],
  ])('%s (%s) → %s', (text, language, expected) => expect(parseCalendarDate(text, language)).toBe(expected));

  it('shows the day first in every language', () => {
    expect(['fr', 'en', 'ar'].map((l) => dateInputFormat(l as 'fr'))).toEqual(['DD/MM/YYYY', 'DD/MM/YYYY', 'DD/MM/YYYY']);
  });

  it('hints the pattern in the interface language, in the order the digits are typed', () => {
    expect(dateInputHint('fr')).toBe('JJ/MM/AAAA');
    expect(dateInputHint('en')).toBe('DD/MM/YYYY');
    // Each Arabic word isolated inside one left-to-right block: the day reads on the left, where it is typed.
    expect(dateInputHint('ar')).toBe(isolated([isolated('يوم'), isolated('شهر'), isolated('سنة')].join('/')));
  });

  it('fills a left-to-right field with an Arabic date without the marks that reorder it ("272026/11/")', () => {
    const typed = typedCalendarDate('2026-11-27', 'ar');
    expect(typed).not.toMatch(/[\u200e\u200f\u061c]/);
    expect(parseCalendarDate(typed, 'ar')).toBe('2026-11-27');
    expect(typed.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))).toBe('27/11/2026');
  });
});

describe('one date module', () => {
  it('no screen formats a date with the browser\'s locale or zone (toLocale…String, Intl.DateTimeFormat outside client/lib/dates)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../../../client');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.startsWith(`lib${path.sep}dates${path.sep}`));
    const offenders = files.filter((f) => /\.toLocale(Date|Time)?String\(|new Intl\.DateTimeFormat\(|type="date"/.test(readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
