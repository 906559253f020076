/**
 * Values that cannot be true (issue 18): every indicator has a physically plausible range in its
 * own unit (SpO2 0–100 %, weight 0.5–500 kg…). A value is checked after conversion to that unit,
 * so 2,000 lb is refused like 907 kg; outside the range (bounds included in it) or not finite,
 * it is refused on its field with the range in the message, and the caller stores nothing.
 */
import { badRequest } from '../../errors.ts';

export interface PlausibleRange { min: number; max: number }

/**
 * Throws value_not_plausible on `field` when `value` (in the indicator's unit) is outside `range`.
 * The symbol's param is not named `unit`: i18next hands the params to Intl.NumberFormat, whose
 * `unit` option would leave {{min, number}} unformatted.
 */
export function requirePlausible(value: number, range: PlausibleRange, unitSymbol: string, field: string): void {
  if (Number.isFinite(value) && value >= range.min && value <= range.max) return;
  throw badRequest('value_not_plausible', { min: range.min, max: range.max, symbol: unitSymbol }, field);
}
