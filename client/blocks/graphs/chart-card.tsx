/**
 * One chart display: each of its indicators' series over the last `periodDays` days (the
 * monitoring series route, thresholds and reference value of the first indicator as bands and a
 * line), drawn by the shared IndicatorChart.
 */
import { useQueries } from '@tanstack/react-query';
import { Loader } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartDisplay } from '../../../schemas/chart-displays.ts';
import { seriesQueryOptions } from '../../lib/monitoring/queries.ts';
import { IndicatorChart, type ChartThreshold } from '../../lib/charts/index.ts';
import { QueryError } from '../../lib/ui/query-error.tsx';
import { nameOf } from '../value-tables/format.ts';

const DAY = 86_400_000;

/** The chart's title: its own, else its indicators' names. */
export function chartTitle(chart: Pick<ChartDisplay, 'title' | 'indicators'>, language: string) {
  return chart.title || chart.indicators.map((i) => nameOf(i.name, language)).join(', ');
}

/** What a chart draws: a chart display, or one indicator over a period (the graphs block's fallback). */
export type ChartSpec = Pick<ChartDisplay, 'title' | 'indicators' | 'chartType' | 'periodDays'>;

export function ChartCard({ fileId, chart, now, height }: { fileId: string; chart: ChartSpec; now: number; height?: number }) {
  const { i18n } = useTranslation();
  // The period ends at the start of the next minute, so the key stays the same between renders.
  const to = new Date(Math.ceil(now / 60_000) * 60_000).toISOString();
  const from = new Date(Date.parse(to) - chart.periodDays * DAY).toISOString();
  const series = useQueries({
    queries: chart.indicators.map((indicator) => seriesQueryOptions(fileId, indicator.id, { from, to })),
  });
  const loaded = series.every((s) => s.data);
  const failed = series.find((s) => s.isError);
  const props = useMemo(() => {
    if (!loaded) return undefined;
    const first = series[0]!.data!;
    const thresholds: ChartThreshold[] = first.thresholds.flatMap((b) => (b.threshold === null ? [] : [{
      colour: b.level.colour, operator: b.operator, value: b.threshold, label: nameOf(b.level.name, i18n.language),
    }]));
    return {
      series: series.map((s, index) => ({
        name: nameOf(chart.indicators[index]!.name, i18n.language), unit: chart.indicators[index]!.unitSymbol,
        decimals: chart.indicators[index]!.decimals, points: s.data!.points,
      })),
      thresholds,
      reference: first.referenceValue === null ? null : { value: first.referenceValue },
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, ...series.map((s) => s.data), i18n.language]);

  if (failed) return <QueryError error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!props) return <Loader size="sm" />;
  return (
    <IndicatorChart
      {...props} chartType={chart.chartType} from={from} to={to} height={height}
      label={`${chartTitle(chart, i18n.language)} (${chart.periodDays})`}
    />
  );
}
