/**
 * A quantity as one piece of text: an optional comparison operator, a number with its sign in the
 * interface's language (use-number.ts) and an optional unit, wrapped in a left-to-right isolate
 * (U+2066 … U+2069). In an Arabic sentence the bidirectional algorithm would otherwise move the
 * sign, the operator or the unit to the other side of the digits ("−2 kg" read "2- kg",
 * "> 130" read "130 <"); the isolate keeps the quantity in reading order whatever surrounds it,
 * and works where a <bdi> cannot: i18next interpolation, chart labels drawn on a canvas, titles.
 * Every screen that shows a signed value, a unit or an operator goes through here.
 */
import { formatNumber, type NumberOptions, upTo } from './use-number.ts';
import type { Language } from '../languages.ts';
import type { BoundaryOperator } from '../../../schemas/telemonitoring.ts';

const LTR_ISOLATE = '\u2066';
const POP_ISOLATE = '\u2069';
const UNSIGNED_NUMBER = /^[\d.,\u00a0\u202f]+$/;

/** The signs a person reads: "≥", not the API's ">=". */
const SIGNS: Record<BoundaryOperator | '!=', string> = { '<': '<', '<=': '≤', '>': '>', '>=': '≥', '=': '=', '!=': '≠' };

export const operatorSign = (operator: string): string => SIGNS[operator as BoundaryOperator] ?? operator;

/** Any text kept left to right as one block (a value with its unit, a reference such as "HF-DAILY"). */
export const isolated = (text: string): string => `${LTR_ISOLATE}${text}${POP_ISOLATE}`;

export interface QuantityOptions {
  /** At most this many decimals (an indicator's), unless `format` says otherwise. */
  decimals?: number;
  format?: NumberOptions;
  unit?: string | null;
  operator?: string | null;
  /** "+1,5 kg" for a difference: the sign is written even when positive. */
  signed?: boolean;
}

/** `≥ 130 mmHg`, `−2 kg`, `+1,5 kg` as one left-to-right block in the interface's language. */
export function quantityText(language: Language, value: number, options: QuantityOptions = {}): string {
  const number = formatNumber(language, value, options.format ?? upTo(options.decimals ?? 2));
  const signed = options.signed && value > 0 ? `+${number}` : number;
  const text = [options.operator ? operatorSign(options.operator) : '', signed, options.unit ?? ''].filter((p) => p !== '').join(' ');
  // A bare positive number reads the same in both directions: only a sign, an operator or a unit needs the isolate.
  return UNSIGNED_NUMBER.test(text) ? text : isolated(text);
}
