/**
 * One way to write a quantity (client/lib/i18n/quantity.ts): the interface's decimal separator,
 * "≥" rather than the API's ">=", and the operator, sign, number and unit kept as one
 * left-to-right block, so an Arabic line does not read "2- kg" or "130 <".
 */
import { describe, expect, it } from 'vitest';
import { isolated, operatorSign, quantityText } from '../../../client/lib/i18n/quantity.ts';

const LRI = '\u2066';
const PDI = '\u2069';
const bare = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '');

describe('quantityText', () => {
  it('writes decimals with the language separator', () => {
    expect(bare(quantityText('fr', 64.5, { decimals: 1, unit: 'kg' }))).toBe('64,5 kg');
    expect(bare(quantityText('en', 64.5, { decimals: 1, unit: 'kg' }))).toBe('64.5 kg');
    expect(bare(quantityText('fr', 0.2, { decimals: 2 }))).toBe('0,2');
  });

  it('writes the comparison as a person reads it, next to its number', () => {
    expect(bare(quantityText('fr', 130, { operator: '>=', unit: 'mmHg' }))).toBe('≥ 130 mmHg');
    expect(bare(quantityText('fr', 90, { operator: '<=' }))).toBe('≤ 90');
    expect(operatorSign('>')).toBe('>');
    expect(operatorSign('!=')).toBe('≠');
  });

  it('keeps a sign, an operator and a unit with their number in a right-to-left line', () => {
    const text = quantityText('ar', -2, { unit: 'kg' });
    expect(text.startsWith(LRI) && text.endsWith(PDI)).toBe(true);
    expect(bare(text)).toBe('-2 kg');
    expect(quantityText('ar', 130, { operator: '>' })).toBe(isolated('> 130'));
  });

  it('writes the sign of a positive difference when asked', () => {
    expect(bare(quantityText('fr', 1.5, { signed: true, unit: 'kg' }))).toBe('+1,5 kg');
    expect(bare(quantityText('fr', -1.5, { signed: true }))).toBe('-1,5');
    expect(bare(quantityText('fr', 0, { signed: true }))).toBe('0');
  });
});
