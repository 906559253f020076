/**
 * The echarts option of an indicator chart, as a pure function of what is drawn and of the
 * interface (language, time zone, direction), so it is tested without a canvas:
 * - a time axis (measures are irregular: a category axis would space a gap like a day), its
 *   labels and the tooltip's dates in the interface's language and the session's time zone;
 * - thresholds as light bands in their level's colour from the threshold to the axis' edge
 *   (`>`/`>=` up, `<`/`<=` down); `=` and `!=` have no area and are drawn as a line. echarts has
 *   no "axis edge" for a mark area, so the value axis' extent is computed here (points,
 *   thresholds and reference value, padded) and the bands end on it;
 * - the reference value as a dashed line, named under the chart rather than on the line;
 * - the value axis labelled on its ticks only (the padded extent's ends would overlap them);
 * - right to left: time runs from the right, the value axis stands on the right, the tooltip
 *   reads right to left (values isolated with <bdi>);
 * - long series: `sampling: 'lttb'` (the server already caps the points, see
 *   server/care/monitoring/downsample.ts), no symbols past 60 points, no animation (the chart is
 *   painted at once; 'finished' is the painted instant).
 */
import type { EChartsOption } from 'echarts';
import type { AlertColour } from '../../../schemas/telemonitoring.ts';
import { formatDateTime, formatDay } from '../dates/format.ts';
import { localeSettings } from '../i18n/locale-settings.ts';
import { isolated, operatorSign } from '../i18n/quantity.ts';
import { exactly, numberFormat } from '../i18n/use-number.ts';
import type { Language } from '../languages.ts';
import type { ChartThreshold, IndicatorChartProps } from './types.ts';

/** Spec 000 §1's alert colours, as Mantine's shade 7 (readable on white and as a light band). */
export const LEVEL_COLOURS: Record<AlertColour, string> = {
  red: '#f03e3e',
  pink: '#d6336c',
  blue: '#1c7ed6',
  green: '#37b24d',
};
const BAND_OPACITY = 0.14;
const REFERENCE_COLOUR = '#495057';
const SYMBOLS_UP_TO = 60;

export interface ChartContext {
  language: Language;
  timeZone?: string;
  /** The reference line's name when the reference has no label. */
  referenceLabel: string;
}

/** A series' values: exactly its indicator's decimals (lib/i18n/use-number.ts, the one number module). */
const formatOf = (language: Language, decimals: number) => numberFormat(language, exactly(decimals));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Hex colour with an alpha, as echarts takes it. */
export function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/**
 * The value axis' extent: every point, threshold and reference value of its series inside,
 * padded by a tenth of the span (at least one unit of the last decimal shown) and rounded out.
 */
export function valueExtent(values: number[], decimals: number): { min: number; max: number } | undefined {
  if (values.length === 0) return undefined;
  let low = Infinity;
  let high = -Infinity;
  for (const v of values) { if (v < low) low = v; if (v > high) high = v; }
  const unit = 10 ** -decimals;
  const pad = Math.max((high - low) / 10, unit);
  const step = 10 ** Math.floor(Math.log10(pad));
  return { min: Math.floor((low - pad) / step) * step, max: Math.ceil((high + pad) / step) * step };
}

type Band = [{ yAxis: number; name?: string; itemStyle: { color: string } }, { yAxis: number }];
type Line = { yAxis: number; name: string; lineStyle: { color: string; type: 'solid' | 'dashed' | 'dotted'; width: number }; label: { show?: boolean; formatter: string; color: string } };

/** The band (or, for = and !=, the line) of one threshold on an axis of that extent. */
export function thresholdMark(threshold: ChartThreshold, extent: { min: number; max: number }, valueText: string): { band?: Band; line?: Line } {
  const colour = LEVEL_COLOURS[threshold.colour];
  const quantity = isolated(`${operatorSign(threshold.operator)} ${valueText}`);
  const name = threshold.label ? `${threshold.label} ${quantity}` : quantity;
  switch (threshold.operator) {
    case '>':
    case '>=':
      return { band: [{ yAxis: threshold.value, name, itemStyle: { color: withAlpha(colour, BAND_OPACITY) } }, { yAxis: extent.max }] };
    case '<':
    case '<=':
      return { band: [{ yAxis: extent.min, name, itemStyle: { color: withAlpha(colour, BAND_OPACITY) } }, { yAxis: threshold.value }] };
    default:
      return { line: { yAxis: threshold.value, name, lineStyle: { color: colour, type: threshold.operator === '=' ? 'solid' : 'dotted', width: 2 }, label: { formatter: name, color: colour } } };
  }
}

export function buildChartOptions(props: IndicatorChartProps, context: ChartContext): EChartsOption {
  const { language, timeZone } = context;
  const rtl = language === 'ar';
  const units = [...new Set(props.series.map((s) => s.unit))].slice(0, 2);
  const axisOf = (seriesIndex: number) => Math.max(0, units.indexOf(props.series[seriesIndex]?.unit ?? ''));
  const formats = props.series.map((s) => formatOf(language, s.decimals));
  const thresholds = props.thresholds ?? [];
  const reference = props.reference ?? null;

  const extents = units.map((unit, axis) => {
    const onAxis = props.series.map((s, i) => ({ s, i })).filter(({ s }) => s.unit === unit);
    const values = onAxis.flatMap(({ s }) => s.points.map((p) => p.value));
    for (const t of thresholds) if (axisOf(t.seriesIndex ?? 0) === axis) values.push(t.value);
    if (reference && axisOf(reference.seriesIndex ?? 0) === axis) values.push(reference.value);
    return valueExtent(values, Math.max(0, ...onAxis.map(({ s }) => s.decimals)));
  });

  const series = props.series.map((s, index) => {
    const axis = axisOf(index);
    const extent = extents[axis];
    const bands: Band[] = [];
    const lines: Line[] = [];
    if (extent) {
      for (const t of thresholds.filter((t) => (t.seriesIndex ?? 0) === index)) {
        const mark = thresholdMark(t, extent, formats[index]!.format(t.value));
        if (mark.band) bands.push(mark.band);
        if (mark.line) lines.push(mark.line);
      }
    }
    if (reference && (reference.seriesIndex ?? 0) === index) {
      const name = `${reference.label ?? context.referenceLabel} ${formats[index]!.format(reference.value)}`;
      // Named under the chart (IndicatorChart's key), not on the line: a label on the line sits on the values around the reference.
      lines.push({ yAxis: reference.value, name, lineStyle: { color: REFERENCE_COLOUR, type: 'dashed', width: 1.5 }, label: { show: false, formatter: name, color: REFERENCE_COLOUR } });
    }
    return {
      type: props.chartType ?? 'line',
      name: s.name,
      yAxisIndex: axis,
      // Epoch milliseconds: echarts reads a number on a time axis without parsing a date string per point.
      data: s.points.map((p) => [Date.parse(p.at), p.value] as [number, number]),
      sampling: 'lttb' as const,
      showSymbol: s.points.length <= SYMBOLS_UP_TO,
      ...(props.chartType === 'bar' ? { barMaxWidth: 16 } : {}),
      markArea: { silent: true, label: { show: false }, data: bands },
      markLine: {
        silent: true,
        symbol: 'none',
        label: { position: (rtl ? 'insideStartTop' : 'insideEndTop') as 'insideEndTop' },
        data: lines,
      },
    };
  });

  const seriesIndexByName = new Map(props.series.map((s, i) => [s.name, i]));
  return {
    animation: false,
    textStyle: { fontFamily: 'inherit' },
    grid: { top: props.series.length > 1 ? 40 : 28, bottom: 28, left: rtl ? 16 : 8, right: rtl ? 8 : 16, containLabel: true },
    legend: { show: props.series.length > 1, top: 0, [rtl ? 'right' : 'left']: 0, align: rtl ? 'right' : 'left' },
    tooltip: {
      trigger: 'axis',
      extraCssText: rtl ? 'direction: rtl; text-align: right;' : '',
      formatter: (params: unknown) => {
        const items = (Array.isArray(params) ? params : [params]) as Array<{ seriesName: string; marker: string; value: [number | string, number] }>;
        if (items.length === 0) return '';
        const head = escapeHtml(formatDateTime(new Date(items[0]!.value[0]), language, timeZone, 'short'));
        const rows = items.map((item) => {
          const index = seriesIndexByName.get(item.seriesName) ?? 0;
          const s = props.series[index]!;
          return `${item.marker}${escapeHtml(item.seriesName)} <bdi dir="ltr">${escapeHtml(formats[index]!.format(item.value[1]))} ${escapeHtml(s.unit)}</bdi>`;
        });
        return [head, ...rows].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      inverse: rtl,
      ...(props.from ? { min: new Date(props.from).getTime() } : {}),
      ...(props.to ? { max: new Date(props.to).getTime() } : {}),
      axisLabel: { hideOverlap: true, formatter: (value: number) => formatDay(new Date(value), language, timeZone, 'short') },
    },
    yAxis: units.map((unit, axis) => {
      const format = formatOf(language, props.series.find((s) => s.unit === unit)?.decimals ?? 0);
      return {
        type: 'value' as const,
        name: unit,
        position: (axis === 0) === rtl ? ('right' as const) : ('left' as const),
        ...(extents[axis] ?? {}),
        splitLine: { show: axis === 0 },
        // The extent's own ends (75,1 above a 75,0 tick) are not labelled: they overlap the nearest tick's label.
        axisLabel: { showMinLabel: false, showMaxLabel: false, formatter: (value: number) => format.format(value) },
      };
    }),
    series,
  } as EChartsOption;
}
