/**
 * Clinical correctness of threshold evaluation (issue 11 §3, server/care/measures/evaluate.ts),
 * table-driven; each case names the rule it checks. Conversions go through the same UCUM
 * library and the same normalisation as a stored measure (recordMeasures).
 */
import { describe, expect, it } from 'vitest';
import {
  boundariesInForce, crosses, evaluateMeasure, normalise, thresholdOf, type EvaluatedBoundary,
} from '../../../server/care/measures/evaluate.ts';
import { convertUnit } from '../../../server/shared/ucum.ts';
import type { BoundaryOperator } from '../../../schemas/telemonitoring.ts';

const URGENT = { id: 'urgent', name: 'Urgence', rank: 1, colour: 'red' } as const;
const WATCH = { id: 'watch', name: 'Vigilance', rank: 2, colour: 'pink' } as const;
const INFO = { id: 'info', name: 'Information', rank: 3, colour: 'blue' } as const;
const boundary = (id: string, operator: BoundaryOperator, value: number, level: EvaluatedBoundary['level'] = WATCH, mode: 'ABSOLUTE' | 'RELATIVE' = 'ABSOLUTE'): EvaluatedBoundary =>
  ({ id, operator, value, level, mode });

describe('crosses: every operator at, just under and just over the threshold (38.5)', () => {
  const cases: [BoundaryOperator, number, boolean, string][] = [
    ['<', 38.49, true, '< holds just under'], ['<', 38.5, false, '< is strict at the threshold'], ['<', 38.51, false, '< fails just over'],
    ['<=', 38.49, true, '<= holds just under'], ['<=', 38.5, true, '<= holds at the threshold'], ['<=', 38.51, false, '<= fails just over'],
    ['>', 38.49, false, '> fails just under'], ['>', 38.5, false, '> is strict at the threshold'], ['>', 38.51, true, '> holds just over'],
    ['>=', 38.49, false, '>= fails just under'], ['>=', 38.5, true, '>= holds at the threshold (38.5 typed vs 38.5)'], ['>=', 38.51, true, '>= holds just over'],
    ['=', 38.49, false, '= fails just under'], ['=', 38.5, true, '= holds at the threshold'], ['=', 38.51, false, '= fails just over'],
    ['!=', 38.49, true, '!= holds just under'], ['!=', 38.5, false, '!= fails at the threshold'], ['!=', 38.51, true, '!= holds just over'],
  ];
  it.each(cases)('%s with %s → %s (%s)', (operator, value, expected) => {
    expect(crosses(value, operator, 38.5)).toBe(expected);
  });
});

describe('decimals: binary noise never decides a crossing', () => {
  const cases: [string, number, BoundaryOperator, number, boolean][] = [
    ['0.1 + 0.2 equals 0.3', 0.1 + 0.2, '=', 0.3, true],
    ['0.1 + 0.2 is not over 0.3', 0.1 + 0.2, '>', 0.3, false],
    ['38.49999999999 out of a conversion reaches >= 38.5', 38.49999999999999, '>=', 38.5, true],
    ['38.50000000000001 is not over 38.5', 38.50000000000001, '>', 38.5, false],
    ['a genuine hundredth still counts (38.49 under 38.5)', 38.49, '>=', 38.5, false],
    ['a genuine millionth still counts', 38.499999, '>=', 38.5, false],
  ];
  it.each(cases)('%s', (_rule, value, operator, threshold, expected) => {
    expect(crosses(value, operator, threshold)).toBe(expected);
  });
  it('normalises to 10 decimals, -0 as 0, keeps what a person typed', () => {
    expect(normalise(0.1 + 0.2)).toBe(0.3);
    expect(normalise(-0)).toBe(0);
    expect(normalise(72.45)).toBe(72.45);
    expect(normalise(1 / 3)).toBe(0.3333333333);
    expect(normalise(123456.7891)).toBe(123456.7891);
  });
});

describe('unit conversions (UCUM) then evaluation, as a stored measure is', () => {
  const stored = (value: number, from: string, to: string, molecularWeight?: number) => normalise(convertUnit(value, from, to, { molecularWeight })!);
  const cases: [string, number, string, string, number | undefined, number][] = [
    ['lb to kg: 154 [lb_av] is 69.85322498 kg', 154, '[lb_av]', 'kg', undefined, 69.85322498],
    ['kg to lb: 100 kg is 220.4622621849 [lb_av]', 100, 'kg', '[lb_av]', undefined, 220.4622621849],
    ['degF to Cel: 101.3 °F is exactly 38.5 °C', 101.3, '[degF]', 'Cel', undefined, 38.5],
    ['Cel to degF: 37 °C is 98.6 °F', 37, 'Cel', '[degF]', undefined, 98.6],
    ['glucose mg/dL to mmol/L with its molecular weight: 180.156 mg/dL is 10 mmol/L', 180.156, 'mg/dL', 'mmol/L', 180.156, 10],
    ['glucose mmol/L to mg/dL: 3.9 mmol/L is 70.26084 mg/dL', 3.9, 'mmol/L', 'mg/dL', 180.156, 70.26084],
    ['the same unit is untouched', 38.5, 'Cel', 'Cel', undefined, 38.5],
  ];
  it.each(cases)('%s', (_rule, value, from, to, molecularWeight, expected) => {
    expect(stored(value, from, to, molecularWeight)).toBe(expected);
  });
  it('a fever typed in °F at the threshold crosses >= 38.5 °C, one hundredth under does not', () => {
    expect(crosses(stored(101.3, '[degF]', 'Cel'), '>=', 38.5)).toBe(true);
    expect(crosses(stored(101.28, '[degF]', 'Cel'), '>=', 38.5)).toBe(false);
  });
  it('a hypoglycaemia typed in mg/dL is evaluated against the mmol/L thresholds', () => {
    const glucose = [boundary('low-urgent', '<', 3, URGENT), boundary('low', '<', 3.9), boundary('high', '>', 13.9)];
    expect(evaluateMeasure(stored(70.26084, 'mg/dL', 'mmol/L', 180.156), glucose, null)).toBeUndefined();
    expect(evaluateMeasure(stored(70.2, 'mg/dL', 'mmol/L', 180.156), glucose, null)?.boundary.id).toBe('low');
    expect(evaluateMeasure(stored(50, 'mg/dL', 'mmol/L', 180.156), glucose, null)?.boundary.id).toBe('low-urgent');
    expect(evaluateMeasure(stored(260, 'mg/dL', 'mmol/L', 180.156), glucose, null)?.boundary.id).toBe('high');
  });
  it('a weight in lb against a relative kg threshold: 70 kg reference + 2 kg', () => {
    const weight = [boundary('gain', '>', 2, WATCH, 'RELATIVE')];
    expect(evaluateMeasure(stored(158.73, '[lb_av]', 'kg'), weight, 70)).toBeUndefined(); // 71.998… kg
    expect(evaluateMeasure(stored(158.8, '[lb_av]', 'kg'), weight, 70)?.threshold).toBe(72); // 72.03 kg
  });
  it('units that measure different things do not convert (kg and mmHg, glucose without a molecular weight)', () => {
    expect(convertUnit(70, 'kg', 'mm[Hg]')).toBeUndefined();
    expect(convertUnit(100, 'mg/dL', 'mmol/L')).toBeUndefined();
  });
});

describe('ABSOLUTE and RELATIVE thresholds', () => {
  const cases: [string, EvaluatedBoundary, number | null, number | undefined][] = [
    ['ABSOLUTE: the threshold is the value, whatever the reference', boundary('a', '>=', 38.5), 37, 38.5],
    ['ABSOLUTE: no reference needed', boundary('a', '>=', 38.5), null, 38.5],
    ['RELATIVE: the reference plus the value', boundary('r', '>', 2, WATCH, 'RELATIVE'), 70.4, 72.4],
    ['RELATIVE: a negative value is under the reference', boundary('r', '<', -10, WATCH, 'RELATIVE'), 120, 110],
    ['RELATIVE: none without a reference value', boundary('r', '>', 2, WATCH, 'RELATIVE'), null, undefined],
    ['RELATIVE: reference plus value without binary noise (70.1 + 2.2)', boundary('r', '>', 2.2, WATCH, 'RELATIVE'), 70.1, 72.3],
  ];
  it.each(cases)('%s', (_rule, b, reference, expected) => {
    expect(thresholdOf(b, reference)).toBe(expected);
  });
  it('RELATIVE: heart-failure weight gain, at, under and over 2 kg (watch) and 3 kg (urgent) over 70.4 kg', () => {
    const weight = [boundary('watch', '>', 2, WATCH, 'RELATIVE'), boundary('urgent', '>=', 3, URGENT, 'RELATIVE')];
    const rows: [number, string | undefined][] = [[72.39, undefined], [72.4, undefined], [72.41, 'watch'], [73.39, 'watch'], [73.4, 'urgent'], [75, 'urgent']];
    for (const [value, expected] of rows) expect([value, evaluateMeasure(value, weight, 70.4)?.boundary.id]).toEqual([value, expected]);
    expect(evaluateMeasure(80, weight, null)).toBeUndefined();
  });
});

describe('the most urgent level wins', () => {
  const temperature = [boundary('info', '>=', 37.8, INFO), boundary('watch', '>=', 38.5, WATCH), boundary('urgent', '>=', 40, URGENT), boundary('cold', '<', 35.5, WATCH)];
  const cases: [string, number, string | undefined][] = [
    ['nothing crossed: no alert', 37, undefined],
    ['only the information level crossed', 38, 'info'],
    ['watch and information crossed: watch', 39, 'watch'],
    ['every level crossed: urgent (rank 1), whatever the order given', 40.2, 'urgent'],
    ['a low threshold of its own', 35, 'cold'],
  ];
  it.each(cases)('%s', (_rule, value, expected) => {
    expect(evaluateMeasure(value, temperature, null)?.boundary.id).toBe(expected);
    expect(evaluateMeasure(value, [...temperature].reverse(), null)?.boundary.id).toBe(expected);
  });
  it('two crossed at the same level: the one most exceeded, then the first given', () => {
    const same = [boundary('near', '>', 38, WATCH), boundary('far', '>', 36, WATCH)];
    expect(evaluateMeasure(39, same, null)?.boundary.id).toBe('far');
    const tie = [boundary('first', '>=', 38, WATCH), boundary('second', '>=', 38, WATCH)];
    expect(evaluateMeasure(39, tie, null)?.boundary.id).toBe('first');
  });
  it('keeps what was crossed: threshold, measured value, reference', () => {
    expect(evaluateMeasure(73.4, [boundary('u', '>=', 3, URGENT, 'RELATIVE')], 70.4)).toMatchObject({ threshold: 73.4, measuredValue: 73.4, referenceValue: 70.4 });
  });
});

describe('customised over default', () => {
  const defaults = [boundary('default-fever', '>=', 38.5), boundary('default-urgent', '>=', 40, URGENT)];
  const own = [boundary('file-fever', '>=', 37.8)];
  it('the file thresholds of an indicator replace its defaults (never a mix)', () => {
    expect(boundariesInForce(defaults, own)).toEqual(own);
    // 40.5 crosses the default urgent, which the file's thresholds replaced: only the file's watch.
    expect(evaluateMeasure(40.5, boundariesInForce(defaults, own), null)?.boundary.id).toBe('file-fever');
  });
  it('an indicator without thresholds of the file keeps its defaults', () => {
    expect(boundariesInForce(defaults, undefined)).toEqual(defaults);
    expect(boundariesInForce(defaults, [])).toEqual(defaults);
    expect(evaluateMeasure(40.5, boundariesInForce(defaults, undefined), null)?.boundary.id).toBe('default-urgent');
  });
});
