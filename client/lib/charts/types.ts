/**
 * What the shared chart draws (issue 11 §6): one or more indicators' series on a time axis, the
 * alert thresholds in force as bands in their level's colour, and the reference value as a line.
 * The monitoring routes answer in these shapes (schemas/monitoring.ts), so a screen passes them on.
 */
import type { AlertColour, BoundaryOperator } from '../../../schemas/telemonitoring.ts';

export interface ChartPoint {
  /** ISO instant of the measure. */
  at: string;
  /** The value in the indicator's unit. */
  value: number;
}

export interface ChartSeries {
  /** The indicator's name, in the interface's language (legend, tooltip, values table). */
  name: string;
  /** The unit's symbol ("kg", "mmol/L"); series with different units get an axis each (two at most). */
  unit: string;
  /** Decimals the indicator is shown with. */
  decimals: number;
  /** Oldest first. */
  points: ChartPoint[];
}

export interface ChartThreshold {
  /** The intervention level's colour (spec 000 §1). */
  colour: AlertColour;
  operator: BoundaryOperator;
  /** The threshold in force, in the series' unit (a relative boundary already added to its reference value). */
  value: number;
  /** The level's name, shown on the band's edge and in the values table. */
  label?: string;
  /** Which series it applies to; the first by default. */
  seriesIndex?: number;
}

export interface ChartReference {
  value: number;
  label?: string;
  seriesIndex?: number;
}

export interface IndicatorChartProps {
  series: ChartSeries[];
  thresholds?: ChartThreshold[];
  reference?: ChartReference | null;
  chartType?: 'line' | 'bar';
  /** The chart's accessible name ("Weight, last 30 days"). */
  label: string;
  /** The period shown (ISO instants); without them the axis fits the points. */
  from?: string;
  to?: string;
  /** Height in pixels (240 by default). */
  height?: number;
  /** Called once the chart is painted (echarts 'finished'); the bench marks it too. */
  onPainted?: () => void;
  /**
   * The screen lists the same values itself, in a table of its own (My Monitoring): no second,
   * different "See the values" table under the chart. True by default.
   */
  valuesTable?: boolean;
}
