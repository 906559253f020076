/**
 * Locale conventions per language (spec 000 §1, 001 §9): French uses fr-FR, a 24-hour clock
 * and weeks starting on Monday; English uses the British locale for component text.
 */
import type { Language } from '../languages.ts';

export interface LocaleSettings {
  /** BCP 47 locale for dates, numbers and component text. */
  locale: string;
  /** 0 = Sunday … 6 = Saturday, as date pickers count. */
  firstDayOfWeek: 0 | 1 | 6;
  hourCycle: 'h23' | 'h12';
}

const SETTINGS: Record<Language, LocaleSettings> = {
  fr: { locale: 'fr-FR', firstDayOfWeek: 1, hourCycle: 'h23' },
  en: { locale: 'en-GB', firstDayOfWeek: 1, hourCycle: 'h23' },
  ar: { locale: 'ar', firstDayOfWeek: 6, hourCycle: 'h12' },
};

export const localeSettings = (language: Language): LocaleSettings => SETTINGS[language];
