/** A number question keeps what was typed: the form gets the number it means, or the text itself. */
import { describe, expect, it } from 'vitest';
import { numberText } from '../../../../client/lib/json-schema-form/number-input.tsx';
import { toNumber } from '../../../../client/lib/json-schema-form/widgets.tsx';

describe('what a number question\'s text means', () => {
  it.each<[string, unknown]>([
    ['11', 11], // above a maximum: kept, the validator says so
    ['4.5', 4.5], ['4,5', 4.5], // the French decimal comma is the same number
    ['-3', -3], ['\u22123', -3], ['+2', 2], [' 70 ', 70], ['0', 0], ['5.', 5], [',5', 0.5],
    ['٤٫٥', 4.5], ['٧٢', 72], ['۷۲', 72], // Arabic-Indic and Persian digits, the Arabic decimal separator
    ['', undefined],
    // Not a number: the text stays, for the validator to refuse ("enter a number") on the question.
    ['abc', 'abc'], ['4,5,6', '4,5,6'], ['1 000', '1 000'], ['1e3', '1e3'], ['12kg', '12kg'], ['Infinity', 'Infinity'],
  ])('%j → %j', (text, expected) => expect(toNumber(text)).toEqual(expected));

  it.each<[unknown, string, string]>([
    [37.2, ',', '37,2'], [37.2, '.', '37.2'], [4.5, ',', '4,5'], [11, ',', '11'], ['4,5,6', ',', '4,5,6'], [undefined, ',', ''],
  ])('%j is shown as %j with %j', (value, separator, expected) => expect(numberText(value, separator)).toBe(expected));
});
