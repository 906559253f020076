/**
 * Every date the client shows, in the interface's language (spec 000 §1, 001 §9: 01/11/2026 and
 * a 24-hour clock in French, weeks from Monday) and the session's time zone (`me.timezone`: the
 * one the user chose, else the browser's, as sent in X-Timezone), never the browser's locale or
 * zone. Formatting is Intl's; screens use these (or useDates()) rather than toLocaleString.
 */
import { localeSettings } from '../i18n/locale-settings.ts';
import type { Language } from '../languages.ts';

export type DateStyle = 'long' | 'short';

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(language: Language, timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    const { locale, hourCycle } = localeSettings(language);
    // dateStyle/timeStyle ignore hourCycle in some engines: the fields are spelled out.
    found = new Intl.DateTimeFormat(locale, { ...options, ...(options.hour ? { hourCycle } : {}), timeZone });
    cache.set(key, found);
  }
  return found;
}

const DAY: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  short: { year: 'numeric', month: '2-digit', day: '2-digit' },
};

/** An instant with its time: "1 novembre 2026 à 14:05" (long), "01/11/2026 14:05" (short). */
export function formatDateTime(value: Date | string, language: Language, timeZone?: string, style: DateStyle = 'long'): string {
  return formatter(language, timeZone, { ...DAY[style], hour: '2-digit', minute: '2-digit' }).format(new Date(value));
}

/** The day of an instant in the time zone: "01/11/2026" (short), "1 novembre 2026" (long). */
export function formatDay(value: Date | string, language: Language, timeZone?: string, style: DateStyle = 'short'): string {
  return formatter(language, timeZone, DAY[style]).format(new Date(value));
}

/** A calendar date (YYYY-MM-DD, an answer, a release date): the same day whatever the time zone. */
export function formatCalendarDate(value: string, language: Language, style: DateStyle = 'short'): string {
  return formatter(language, 'UTC', DAY[style]).format(new Date(`${value.slice(0, 10)}T00:00:00Z`));
}

/** The time of day of an instant in the time zone: "14:05" (24-hour in French). */
export function formatTime(value: Date | string, language: Language, timeZone?: string): string {
  return formatter(language, timeZone, { hour: '2-digit', minute: '2-digit' }).format(new Date(value));
}
