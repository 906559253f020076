/**
 * The shared chart's option builder (client/lib/charts/chart-options.ts) and the server's
 * downsampling (server/care/monitoring/downsample.ts): thresholds as bands per operator up to the
 * axis' edge, the reference line, right to left, dates and numbers in the interface's language
 * and time zone; downsampling bounded, in order, extremes kept.
 */
import { describe, expect, it } from 'vitest';
import { buildChartOptions, valueExtent, withAlpha, LEVEL_COLOURS, type ChartContext } from '../../client/lib/charts/chart-options.ts';
import type { IndicatorChartProps } from '../../client/lib/charts/types.ts';
import { downsampleMinMax } from '../../server/care/monitoring/downsample.ts';

const weight = (points: Array<[string, number]>): IndicatorChartProps['series'][number] =>
  ({ name: 'Poids', unit: 'kg', decimals: 1, points: points.map(([at, value]) => ({ at, value })) });
const base: IndicatorChartProps = {
  label: 'Poids',
  series: [weight([['2026-11-01T07:00:00Z', 70], ['2026-11-02T07:00:00Z', 72.5], ['2026-11-03T07:00:00Z', 71]])],
};
const ctx: ChartContext = { language: 'fr', timeZone: 'Europe/Paris', referenceLabel: 'Référence' };

type Series = { markArea: { data: Array<[{ yAxis: number; itemStyle: { color: string } }, { yAxis: number }]> }; markLine: { data: Array<{ yAxis: number; name: string; lineStyle: { type: string; color: string } }> }; sampling: string; data: unknown[]; showSymbol: boolean };
const optionOf = (props: Partial<IndicatorChartProps>, context = ctx) => buildChartOptions({ ...base, ...props }, context) as unknown as {
  series: Series[]; yAxis: Array<{ min: number; max: number; position: string; axisLabel: { formatter: (v: number) => string } }>;
  xAxis: { type: string; inverse: boolean; min?: number; axisLabel: { formatter: (v: number) => string } };
  tooltip: { formatter: (p: unknown) => string; extraCssText: string }; animation: boolean;
};

describe('thresholds as bands', () => {
  it.each([
    ['>', 'up from the threshold to the top of the axis', (t: number, e: { min: number; max: number }) => [t, e.max]],
    ['>=', 'up from the threshold to the top of the axis', (t: number, e: { min: number; max: number }) => [t, e.max]],
    ['<', 'down from the threshold to the bottom of the axis', (t: number, e: { min: number; max: number }) => [e.min, t]],
    ['<=', 'down from the threshold to the bottom of the axis', (t: number, e: { min: number; max: number }) => [e.min, t]],
  ] as const)('%s draws a band %s, in the level colour, light', (operator, _what, expected) => {
    const option = optionOf({ thresholds: [{ colour: 'red', operator, value: 73, label: 'Urgence' }] });
    const axis = option.yAxis[0]!;
    expect(axis.min).toBeLessThanOrEqual(70);
    expect(axis.max).toBeGreaterThanOrEqual(73);
    const [from, to] = option.series[0]!.markArea.data[0]!;
    expect([from.yAxis, to.yAxis]).toEqual(expected(73, axis));
    expect(from.itemStyle.color).toBe(withAlpha(LEVEL_COLOURS.red, 0.14));
  });

  it.each(['=', '!='] as const)('%s has no area: it is drawn as a line at the threshold', (operator) => {
    const option = optionOf({ thresholds: [{ colour: 'blue', operator, value: 71 }] });
    expect(option.series[0]!.markArea.data).toEqual([]);
    expect(option.series[0]!.markLine.data[0]).toMatchObject({ yAxis: 71, lineStyle: { color: LEVEL_COLOURS.blue } });
  });

  it('keeps a threshold far from the values inside the axis, so its band is seen', () => {
    const option = optionOf({ thresholds: [{ colour: 'pink', operator: '<', value: 50 }] });
    expect(option.yAxis[0]!.min).toBeLessThan(50);
  });

  it('draws the reference value as a dashed line named in the interface language with its number formatted', () => {
    const option = optionOf({ reference: { value: 70 } });
    expect(option.series[0]!.markLine.data).toEqual([expect.objectContaining({ yAxis: 70, name: 'Référence 70,0', lineStyle: expect.objectContaining({ type: 'dashed' }) })]);
  });

  it('does not write the reference on its line, where it would sit on the values (it is named under the chart)', () => {
    const option = optionOf({ reference: { value: 70 } });
    expect(option.series[0]!.markLine.data[0]).toMatchObject({ label: { show: false } });
  });

  it('names a threshold with its sign and number as one left-to-right block', () => {
    const option = optionOf({ thresholds: [{ colour: 'red', operator: '>=', value: 73, label: 'Urgence' }] });
    expect((option.series[0]!.markArea.data[0]![0] as { name?: string }).name).toBe('Urgence \u2066≥ 73,0\u2069');
  });
});

describe('axes, language and direction', () => {
  it('uses a time axis over the period given, labels in the interface language and time zone', () => {
    const option = optionOf({ from: '2026-10-31T23:30:00Z', to: '2026-11-04T00:00:00Z' });
    expect(option.xAxis.type).toBe('time');
    expect(option.xAxis.min).toBe(Date.parse('2026-10-31T23:30:00Z'));
    // 23:30 UTC is already 1 November in Paris.
    expect(option.xAxis.axisLabel.formatter(Date.parse('2026-10-31T23:30:00Z'))).toBe('01/11/2026');
    expect(option.yAxis[0]!.axisLabel.formatter(72.5)).toBe('72,5');
    // The padded extent's ends (75,1 above 75,0) would overlap the ticks' labels.
    expect(option.yAxis[0]!.axisLabel).toMatchObject({ showMinLabel: false, showMaxLabel: false });
    expect(option.tooltip.formatter([{ seriesName: 'Poids', marker: '•', value: ['2026-11-02T07:00:00Z', 72.5] }])).toContain('72,5 kg');
  });

  it('runs right to left in Arabic: time inverted, value axis on the right, tooltip read right to left', () => {
    const ltr = optionOf({});
    expect(ltr.xAxis.inverse).toBe(false);
    expect(ltr.yAxis[0]!.position).toBe('left');
    const rtl = optionOf({}, { language: 'ar', timeZone: 'Europe/Paris', referenceLabel: 'مرجع' });
    expect(rtl.xAxis.inverse).toBe(true);
    expect(rtl.yAxis[0]!.position).toBe('right');
    expect(rtl.tooltip.extraCssText).toContain('direction: rtl');
    expect(rtl.tooltip.formatter([{ seriesName: 'الوزن', marker: '', value: ['2026-11-02T07:00:00Z', 72.5] }])).toContain('<bdi dir="ltr">');
  });

  it('escapes names in the tooltip (an indicator name is typed by an administrator)', () => {
    const option = optionOf({ series: [{ ...weight([['2026-11-01T07:00:00Z', 70]]), name: '<img src=x onerror=alert(1)>' }] });
    expect(option.tooltip.formatter([{ seriesName: '<img src=x onerror=alert(1)>', marker: '', value: ['2026-11-01T07:00:00Z', 70] }])).not.toContain('<img');
  });

  it('samples long series with lttb, without symbols or animation', () => {
    const points = Array.from({ length: 1460 }, (_, i) => [new Date(Date.UTC(2026, 0, 1) + i * 6 * 3_600_000).toISOString(), 70] as [string, number]);
    const option = optionOf({ series: [weight(points)] });
    expect(option.series[0]).toMatchObject({ sampling: 'lttb', showSymbol: false });
    expect(option.series[0]!.data).toHaveLength(1460);
    expect(option.animation).toBe(false);
  });

  it('gives a second unit its own axis on the other side', () => {
    const option = optionOf({ series: [weight([['2026-11-01T07:00:00Z', 70]]), { name: 'Pouls', unit: 'bpm', decimals: 0, points: [{ at: '2026-11-01T07:00:00Z', value: 64 }] }] });
    expect(option.yAxis.map((a) => a.position)).toEqual(['left', 'right']);
  });
});

describe('valueExtent', () => {
  it('pads by a tenth of the span, at least one unit of the last decimal, rounded out', () => {
    expect(valueExtent([70, 80], 1)).toEqual({ min: 69, max: 81 });
    const flat = valueExtent([72.5], 1)!;
    expect(flat.min).toBeLessThan(72.5);
    expect(flat.max).toBeGreaterThan(72.5);
    expect(valueExtent([], 0)).toBeUndefined();
  });
});

describe('downsampleMinMax (server)', () => {
  const series = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => ({ at: new Date(Date.UTC(2025, 0, 1) + i * 21_600_000), value: f(i) }));

  it('returns a series at or under maxPoints as it is', () => {
    const s = series(100, (i) => i);
    expect(downsampleMinMax(s, 100)).toEqual(s);
  });

  it.each([10, 11, 100, 999, 1000])('never returns more than %i points of a year of four values a day, in order', (maxPoints) => {
    const s = series(1460, (i) => 70 + Math.sin(i / 7) * 3);
    const out = downsampleMinMax(s, maxPoints);
    expect(out.length).toBeLessThanOrEqual(maxPoints);
    expect(out.length).toBeGreaterThanOrEqual(Math.floor(maxPoints / 2) - 1);
    const times = out.map((p) => p.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('keeps every bucket extreme: a single alert value (high or low) never vanishes', () => {
    for (const spike of [0, 1, 733, 1459]) {
      const s = series(1460, () => 70);
      s[spike]!.value = 80;
      s[(spike + 500) % 1460]!.value = 55;
      const values = downsampleMinMax(s, 20).map((p) => p.value);
      expect(values).toContain(80);
      expect(values).toContain(55);
    }
  });
});
