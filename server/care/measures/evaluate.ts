/**
 * Threshold evaluation (issue 11 §3), pure functions: no database, no clock.
 *
 * A boundary is `measure <operator> threshold`; its threshold is its value (ABSOLUTE) or the
 * reference value in force plus its value (RELATIVE: none without a reference value, so a
 * relative boundary of a file with no reference value raises nothing).
 *
 * Exact decimals: a value converted from another unit carries binary noise (100 mg/dL of
 * glucose is 5.550747… mmol/L; 0.1 + 0.2 is 0.30000000000000004), and a threshold built from a
 * reference value does too (70 + 2.1). Every number is rounded to STORED_DECIMALS significant
 * decimals (`normalise`) before it is stored and before it is compared, so 38.5 typed, or
 * 38.49999999999 out of a conversion, crosses `>= 38.5`, while 38.49 does not. Ten decimals are
 * far beyond any clinical precision (an indicator shows 0 to 3) and far above the 1e-15 relative
 * noise of a double at clinical magnitudes, so no genuine difference is ever erased.
 */
import type { AlertColour, BoundaryInactiveReason, BoundaryMode, BoundaryOperator } from '../../../schemas/telemonitoring.ts';

/** Decimals kept of every measure value and threshold (see above). */
export const STORED_DECIMALS = 10;

/** `value` rounded to STORED_DECIMALS decimals (half away from zero), -0 as 0. */
export function normalise(value: number): number {
  if (!Number.isFinite(value)) return value;
  // toFixed rounds the exact binary value; going through the shortest decimal string first
  // rounds what a person reads (1.00000000005 → 1.0000000001).
  const rounded = Number(Number(value.toPrecision(15)).toFixed(STORED_DECIMALS));
  return rounded === 0 ? 0 : rounded;
}

export interface BoundaryLevel { id: string; name: unknown; rank: number; colour: AlertColour }

export interface EvaluatedBoundary {
  id: string;
  operator: BoundaryOperator;
  mode: BoundaryMode;
  value: number;
  level: BoundaryLevel;
}

/** The threshold a boundary sets: its value, or the reference value plus its value; undefined for a relative one without reference. */
export function thresholdOf(boundary: Pick<EvaluatedBoundary, 'mode' | 'value'>, referenceValue: number | null | undefined): number | undefined {
  if (boundary.mode === 'ABSOLUTE') return normalise(boundary.value);
  if (referenceValue === null || referenceValue === undefined || !Number.isFinite(referenceValue)) return undefined;
  return normalise(referenceValue + boundary.value);
}

/**
 * Whether a boundary can raise an alert now, said on every list of thresholds (issue 18): a
 * relative one without a reference value has no threshold (thresholdOf) and raises nothing.
 */
export function boundaryState(boundary: Pick<EvaluatedBoundary, 'mode' | 'value'>, referenceValue: number | null | undefined):
  { state: 'active' } | { state: 'inactive'; inactiveReason: BoundaryInactiveReason } {
  return thresholdOf(boundary, referenceValue) === undefined ? { state: 'inactive', inactiveReason: 'no_reference_value' } : { state: 'active' };
}

/** Whether `value <operator> threshold` holds, both compared at STORED_DECIMALS decimals. */
export function crosses(value: number, operator: BoundaryOperator, threshold: number): boolean {
  return holds(normalise(value), operator, normalise(threshold));
}

function holds(v: number, operator: BoundaryOperator, t: number): boolean {
  switch (operator) {
    case '<': return v < t;
    case '<=': return v <= t;
    case '>': return v > t;
    case '>=': return v >= t;
    case '=': return v === t;
    case '!=': return v !== t;
  }
}

export interface Crossing<B extends EvaluatedBoundary = EvaluatedBoundary> {
  boundary: B;
  threshold: number;
  /** The measure's value as compared (normalised). */
  measuredValue: number;
  referenceValue: number | null;
}

/**
 * The boundary a value crosses at the most urgent level (lowest rank); among crossed boundaries
 * of that level, the one whose threshold is farthest from the value (the most exceeded), then
 * the first given. Undefined when none is crossed.
 */
export function evaluateMeasure<B extends EvaluatedBoundary>(value: number, boundaries: readonly B[], referenceValue: number | null | undefined): Crossing<B> | undefined {
  return measureEvaluator(boundaries, referenceValue)(value);
}

/**
 * evaluateMeasure for many values against the same boundaries and reference value (a batch of
 * 500 measures, recordMeasures): each threshold computed and normalised once instead of once per
 * value; the same answer for every value.
 */
export function measureEvaluator<B extends EvaluatedBoundary>(boundaries: readonly B[], referenceValue: number | null | undefined): (value: number) => Crossing<B> | undefined {
  const prepared = boundaries.flatMap((boundary) => {
    const threshold = thresholdOf(boundary, referenceValue);
    return threshold === undefined ? [] : [{ boundary, threshold, compared: normalise(threshold) }];
  });
  const reference = referenceValue ?? null;
  return (value) => {
    const measuredValue = normalise(value);
    const compared = normalise(measuredValue);
    let best: { crossing: Crossing<B>; distance: number } | undefined;
    for (const { boundary, threshold, compared: t } of prepared) {
      if (!holds(compared, boundary.operator, t)) continue;
      const distance = Math.abs(measuredValue - threshold);
      if (best === undefined || boundary.level.rank < best.crossing.boundary.level.rank
        || (boundary.level.rank === best.crossing.boundary.level.rank && distance > best.distance)) {
        best = { crossing: { boundary, threshold, measuredValue, referenceValue: reference }, distance };
      }
    }
    return best?.crossing;
  };
}

/**
 * Customised over default, for one indicator: the file's active thresholds (its own and its
 * active protocols') when it has any, else the indicator's defaults. Never a mix: a file that
 * sets its own fever threshold does not keep the default one beside it.
 */
export function boundariesInForce<B>(defaults: readonly B[], fileBoundaries: readonly B[] | undefined): readonly B[] {
  return fileBoundaries !== undefined && fileBoundaries.length > 0 ? fileBoundaries : defaults;
}
