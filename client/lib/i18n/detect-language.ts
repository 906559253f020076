/**
 * Which language the interface starts in (spec 000 §1): the stored setting (local storage
 * key `lang`), then the browser's languages in order, then the configured default.
 */
import { isLanguage, type Language } from '../languages.ts';

export const LANGUAGE_STORAGE_KEY = 'lang';

export interface LanguageSources {
  stored: string | null | undefined;
  browser: readonly string[];
  configured: Language | undefined;
}

export function detectLanguage({ stored, browser, configured }: LanguageSources): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return configured ?? 'fr';
}
