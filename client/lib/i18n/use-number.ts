/** Numbers in the interface's language, with the indicator's decimals (never rounded further than the indicator says). */
import { useCallback } from 'react';
import { localeSettings } from './locale-settings.ts';
import type { Language } from '../languages.ts';

export function useNumber(language: Language) {
  return useCallback((value: number, decimals: number) =>
    new Intl.NumberFormat(localeSettings(language).locale, { maximumFractionDigits: Math.max(decimals, 0) }).format(value), [language]);
}
