/**
 * UCUM units (https://ucum.org) through the NLM's maintained library, @lhncbc/ucum-lhc: a unit of
 * the catalogue is a UCUM code checked here, and a measure entered in another unit is converted
 * to its indicator's unit here — never by a hand-made factor table. Conversions between amounts
 * of substance and masses (glucose mmol/L ↔ mg/dL) need the substance's molecular weight.
 */
import { createRequire } from 'node:module';

interface UcumUtils {
  validateUnitString(code: string, suggest?: boolean): { status: 'valid' | 'invalid' | 'error'; ucumCode: string | null; unit: { code: string; name: string } | null; msg: string[] };
  convertUnitTo(from: string, value: number, to: string, options?: { molecularWeight?: number }): { status: 'succeeded' | 'failed' | 'error'; toVal: number | null; msg: string[] };
}

// The package is CommonJS without types; its singleton loads the UCUM tables once (about 30 ms).
const ucum = (createRequire(import.meta.url)('@lhncbc/ucum-lhc') as { UcumLhcUtils: { getInstance(): UcumUtils } }).UcumLhcUtils.getInstance();

/** The unit's UCUM name when `code` is a valid, case-exact UCUM code; undefined otherwise. */
export function ucumUnit(code: string): { code: string; name: string } | undefined {
  if (typeof code !== 'string' || code.length === 0 || code.length > 100) return undefined;
  const result = ucum.validateUnitString(code);
  // The library accepts some codes by correcting them (case, synonyms): only the exact code counts.
  if (result.status !== 'valid' || !result.unit || result.ucumCode !== code) return undefined;
  return { code: result.ucumCode, name: result.unit.name };
}

const cache = new Map<string, ((value: number) => number) | null>();

/**
 * `value` in `from` expressed in `to`, or undefined when the units measure different things
 * (kg and mm[Hg]) or one of them is not UCUM. Same units return the value untouched.
 */
export function convertUnit(value: number, from: string, to: string, options: { molecularWeight?: number | null } = {}): number | undefined {
  if (from === to) return value;
  const molecularWeight = options.molecularWeight ?? undefined;
  const key = `${from}\u0000${to}\u0000${molecularWeight ?? ''}`;
  let convert = cache.get(key);
  if (convert === undefined) {
    // Linear conversions are learnt from two points, so a batch of 500 values costs two library calls;
    // affine scales (°C ↔ °F) are linear too. Anything that fails is remembered as impossible.
    const at = (x: number) => {
      const result = ucum.convertUnitTo(from, x, to, molecularWeight ? { molecularWeight } : undefined);
      return result.status === 'succeeded' && typeof result.toVal === 'number' && Number.isFinite(result.toVal) ? result.toVal : undefined;
    };
    const zero = at(0);
    const one = at(1);
    const hundred = at(100);
    if (zero === undefined || one === undefined || hundred === undefined) convert = null;
    else {
      const slope = one - zero;
      // Not linear (no UCUM clinical unit is, but a special unit could be): ask the library each time.
      const linear = Math.abs(zero + slope * 100 - hundred) <= 1e-9 * Math.max(1, Math.abs(hundred));
      convert = linear ? (x: number) => zero + slope * x : (x: number) => at(x) ?? Number.NaN;
    }
    cache.set(key, convert);
  }
  if (convert === null) return undefined;
  const converted = convert(value);
  return Number.isFinite(converted) ? converted : undefined;
}
