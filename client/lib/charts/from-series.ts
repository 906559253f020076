/** A series of the monitoring route (schemas/monitoring.ts) as the chart draws it: its thresholds as bands, its reference value as a line. */
import { textIn } from '../../../schemas/localized-text.ts';
import type { IndicatorSeries } from '../../../schemas/monitoring.ts';
import type { ChartReference, ChartThreshold } from './types.ts';

/** The thresholds in force (a relative one without reference value has no threshold: not drawn). */
export function chartThresholdsOf(series: IndicatorSeries, language: string, seriesIndex?: number): ChartThreshold[] {
  return series.thresholds.flatMap((b) => (b.threshold === null ? [] : [{
    colour: b.level.colour, operator: b.operator, value: b.threshold, label: textIn(b.level.name, language), ...(seriesIndex ? { seriesIndex } : {}),
  }]));
}

export const chartReferenceOf = (series: IndicatorSeries, seriesIndex?: number): ChartReference | null =>
  (series.referenceValue === null ? null : { value: series.referenceValue, ...(seriesIndex ? { seriesIndex } : {}) });
