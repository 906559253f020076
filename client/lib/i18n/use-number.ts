/**
 * Numbers in the interface's language: the one module that builds an Intl.NumberFormat. The
 * locale is the language's (locale-settings.ts: fr-FR, en-GB, ar), so Arabic gets whatever digits
 * the browser's CLDR gives `ar` (Western digits in current engines, as dates show them), the same
 * on every screen. Formats are cached per language and options: a chart or a table formats
 * hundreds of values per render, and building a format costs far more than using one.
 */
import { useCallback } from 'react';
import { localeSettings } from './locale-settings.ts';
import type { Language } from '../languages.ts';

export type NumberFormat = Intl.NumberFormat;
export interface NumberOptions { minimumFractionDigits?: number; maximumFractionDigits?: number }

/** Intl accepts 0..100 fraction digits; a negative or fractional count (bad data) must not throw. */
const digits = (n: number | undefined) => (n === undefined ? undefined : Math.min(Math.max(Math.trunc(n), 0), 100));
const cache = new Map<string, NumberFormat>();

export function numberFormat(language: Language, options: NumberOptions = {}): NumberFormat {
  const min = digits(options.minimumFractionDigits);
  const max = digits(options.maximumFractionDigits);
  const key = `${language}|${min ?? ''}|${max ?? ''}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeSettings(language).locale, {
      ...(min === undefined ? {} : { minimumFractionDigits: min }),
      ...(max === undefined ? {} : { maximumFractionDigits: Math.max(max, min ?? 0) }),
    });
    cache.set(key, format);
  }
  return format;
}

/** At most `decimals` decimals (an indicator's, a computed value's): never rounded further. */
export const upTo = (decimals: number): NumberOptions => ({ maximumFractionDigits: decimals });
/** Exactly `decimals` decimals (a chart's axis and tooltip, a measure of the indicator). */
export const exactly = (decimals: number): NumberOptions => ({ minimumFractionDigits: decimals, maximumFractionDigits: decimals });

export const formatNumber = (language: Language, value: number, options?: NumberOptions) => numberFormat(language, options).format(value);

/** The decimal separator the language writes (`,` in French): typed numbers accept it. */
export const decimalSeparatorOf = (language: Language) =>
  numberFormat(language, upTo(1)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/**
 * A stored number put back in a field to be edited: every decimal kept, the language's decimal
 * separator ("64,5" in French, as a person types it and as the field reads it back), no grouping.
 */
export const typedText = (language: Language, value: number) => String(value).replace('.', decimalSeparatorOf(language));

/** `number(value, decimals)`: at most the indicator's decimals, in the interface's language. */
export function useNumber(language: Language) {
  return useCallback((value: number, decimals: number) => formatNumber(language, value, upTo(decimals)), [language]);
}
