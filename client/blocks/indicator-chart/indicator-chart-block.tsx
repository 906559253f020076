/**
 * An indicator over a period. No endpoint serves measures yet (the spec's chart displays come
 * with monitoring), so the block says the feature is not available; once a series exists the
 * echarts view is loaded, lazily, only by the screens that chart.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { useTranslation } from 'react-i18next';
import type { indicatorChartProps } from '../../../schemas/blocks/generic.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { FeatureNotAvailable } from '../shared/feature-not-available.tsx';
import { localize } from '../shared/layout-text.ts';
import type { BlockComponentProps } from '../types.ts';
import { IndicatorChart, type ChartPoint } from '../../lib/charts/index.ts';

/** Measures of an indicator: none can be loaded until the monitoring API exists. */
const useIndicatorSeries = (_indicator: string, _periodDays: number): ChartPoint[] | undefined => undefined;

export default function IndicatorChartBlock({ props }: BlockComponentProps<FromSchema<typeof indicatorChartProps>>) {
  const { i18n } = useTranslation();
  const points = useIndicatorSeries(props.indicator, props.periodDays ?? 30);
  if (!points) return <FeatureNotAvailable nameKey="blocks.types.indicator-chart" title={props.title} />;
  return (
    <BlockCard title={localize(props.title, i18n.language) || props.indicator}>
      <IndicatorChart label={props.indicator} series={[{ name: props.indicator, unit: '', decimals: 0, points }]} chartType={props.chartType ?? 'line'} />
    </BlockCard>
  );
}
