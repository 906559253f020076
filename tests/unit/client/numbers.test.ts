/**
 * The one number module (client/lib/i18n/use-number.ts): each language's separators, an
 * indicator's decimals never rounded further (upTo) or padded for a chart (exactly), Arabic written
 * as the `ar` locale writes it (the same digits dates show), one format built per language and
 * options, and bad decimal counts that do not throw.
 */
import { describe, expect, it } from 'vitest';
import { decimalSeparatorOf, exactly, formatNumber, numberFormat, typedText, upTo } from '../../../client/lib/i18n/use-number.ts';

const nbsp = /[\u00a0\u202f]/g;

describe('numbers in the interface language', () => {
  it('writes French, English and Arabic with their own separators', () => {
    expect(formatNumber('fr', 1234.5, upTo(2)).replace(nbsp, ' ')).toBe('1 234,5');
    expect(formatNumber('en', 1234.5, upTo(2))).toBe('1,234.5');
    expect(formatNumber('ar', 1234.5, upTo(2))).toBe(new Intl.NumberFormat('ar', { maximumFractionDigits: 2 }).format(1234.5));
    expect(decimalSeparatorOf('fr')).toBe(',');
    expect(decimalSeparatorOf('en')).toBe('.');
  });

  it('keeps at most the decimals asked, or exactly them', () => {
    expect(formatNumber('en', 72.456, upTo(1))).toBe('72.5');
    expect(formatNumber('en', 72, upTo(1))).toBe('72');
    expect(formatNumber('en', 72, exactly(2))).toBe('72.00');
    expect(formatNumber('fr', 0.1 + 0.2, upTo(10))).toBe('0,3');
  });

  it('builds one format per language and options, whatever the number of values', () => {
    expect(numberFormat('fr', exactly(3))).toBe(numberFormat('fr', exactly(3)));
    expect(numberFormat('fr', exactly(3))).not.toBe(numberFormat('ar', exactly(3)));
    expect(numberFormat('fr', upTo(3))).not.toBe(numberFormat('fr', exactly(3)));
    const first = numberFormat('en', upTo(4));
    for (let i = 0; i < 100; i += 1) formatNumber('en', i / 7, upTo(4));
    expect(numberFormat('en', { maximumFractionDigits: 4 })).toBe(first);
  });

  it('puts a stored number back in a field as the language types it: every decimal, its separator, no grouping', () => {
    expect(typedText('fr', 64.5)).toBe('64,5');
    expect(typedText('fr', 0.25)).toBe('0,25');
    expect(typedText('fr', 12345.5)).toBe('12345,5');
    expect(typedText('en', 1.5)).toBe('1.5');
    expect(typedText('fr', -3)).toBe('-3');
  });

  it('does not throw on a negative or fractional decimal count', () => {
    expect(formatNumber('en', 3.14159, upTo(-2))).toBe('3');
    expect(formatNumber('en', 3.14159, upTo(2.7))).toBe('3.14');
  });
});
