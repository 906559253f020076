/**
 * The demo patients' measures (issue 11 §9): 90 days of weight, blood pressure, heart rate, SpO2 and
 * temperature, taken at home at local times of the establishment's time zone, with the gaps real
 * series have (forgotten days, a few days away), and the clinical stories the screens should
 * show: a heart-failure patient whose weight rose over her reference twice (once weeks ago, dealt
 * with; once in the last days, pending), a hypertensive patient with one very high reading, a COPD
 * patient whose saturation dips, and a patient who stopped sending values (non-compliance).
 *
 * Pure and deterministic (seeded): the same `now` gives the same values. Thresholds are not
 * looked at here: the provisioning evaluates each value like any other measure.
 */
import { DateTime } from 'luxon';
import { generator } from './population.ts';

export type DemoProfile = 'heart-failure' | 'hypertension' | 'copd' | 'stopped-sending' | 'stable';

export interface DemoMeasure { indicator: string; value: number; measuredAt: Date }

/** The reference values the stories are written against (a file's own reference value of weight). */
export const DEMO_REFERENCE_WEIGHT: Record<DemoProfile, number> = {
  'heart-failure': 72, hypertension: 84, copd: 61, 'stopped-sending': 77, stable: 68,
};

const DAYS = 90;

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

export function demoSeries(now: Date, profile: DemoProfile, seed: number, timeZone = 'Europe/Paris'): DemoMeasure[] {
  const rng = generator(seed);
  const noise = (spread: number) => (rng.next() + rng.next() + rng.next() - 1.5) * spread; // roughly normal
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  const out: DemoMeasure[] = [];
  const reference = DEMO_REFERENCE_WEIGHT[profile];
  // A few days away (no device with them) about six weeks ago.
  const awayFrom = 38 + rng.int(0, 6);
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
    if (profile === 'stopped-sending' && daysAgo < 6) continue;
    if (daysAgo <= awayFrom && daysAgo > awayFrom - 4) continue;
    // A forgotten day now and then (never today or yesterday: the current story must show).
    if (daysAgo > 1 && rng.chance(0.08)) continue;
    const day = today.minus({ days: daysAgo });
    const at = (hour: number, minute: number) => {
      const local = day.set({ hour, minute: Math.max(0, Math.min(59, minute + rng.int(-15, 15))) });
      return local.toJSDate() > now ? undefined : local.toJSDate();
    };
    const push = (indicator: string, value: number, measuredAt: Date | undefined) => {
      if (measuredAt) out.push({ indicator, value, measuredAt });
    };

    // Weight, every morning, before breakfast.
    let weight = reference + noise(0.5);
    if (profile === 'heart-failure') {
      // Weeks ago: +2.4 kg over three days, then back after the treatment was adjusted.
      if (daysAgo <= 62 && daysAgo >= 59) weight = reference + 1.2 + (62 - daysAgo) * 0.45 + noise(0.1);
      // Now: a rise over the last four days (the pending alert).
      if (daysAgo <= 3) weight = reference + 0.8 + (3 - daysAgo) * 0.65 + noise(0.05);
    }
    push('weight', round(weight, 1), at(7, 30));

    // Blood pressure and heart rate, morning (and evening for the hypertensive patient).
    const bloodPressure = (hour: number) => {
      const measuredAt = at(hour, 45);
      let systolic = (profile === 'hypertension' ? 142 : 124) + noise(14);
      let diastolic = (profile === 'hypertension' ? 88 : 76) + noise(8);
      if (profile === 'hypertension' && daysAgo === 21 && hour === 8) { systolic = 186; diastolic = 104; }
      push('systolic', round(systolic, 0), measuredAt);
      push('diastolic', round(diastolic, 0), measuredAt);
      push('heart_rate', round((profile === 'heart-failure' ? 78 : 70) + noise(12), 0), measuredAt);
    };
    bloodPressure(8);
    if (profile === 'hypertension') bloodPressure(20);

    // Saturation: daily for the COPD patient (with two dips), every other day otherwise.
    if (profile === 'copd' || daysAgo % 2 === 0) {
      let spo2 = (profile === 'copd' ? 93.5 : 97) + noise(1.6);
      if (profile === 'copd' && (daysAgo === 33 || daysAgo === 2)) spo2 = 90;
      push('spo2', Math.min(100, round(spo2, 0)), at(9, 0));
    }
    // Temperature, every third day.
    if (daysAgo % 3 === 0) push('temperature', round(36.8 + noise(0.4), 1), at(19, 0));
  }
  return out.sort((a, b) => a.measuredAt.getTime() - b.measuredAt.getTime());
}
