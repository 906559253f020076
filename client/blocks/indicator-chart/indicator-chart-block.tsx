/**
 * An indicator over a period (the generic block, docs/integrators.md): `indicator` is the
 * indicator's reference (`weight`), found among the indicators the viewer may see on the page's
 * patient file (the layout's context); its series over the last `periodDays` days with the
 * thresholds and reference value in force, drawn by the shared chart. Without a patient file (a
 * dashboard) or in the editor's preview there is nothing to chart: the block says so.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { useTranslation } from 'react-i18next';
import type { indicatorChartProps } from '../../../schemas/blocks/generic.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { chartReferenceOf, chartThresholdsOf, IndicatorChart } from '../../lib/charts/index.ts';
import { useIndicatorSeries, useMonitoredIndicators } from '../../lib/monitoring/queries.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { EmptyState } from '../shared/empty-state.tsx';
import { FeatureNotAvailable } from '../shared/feature-not-available.tsx';
import { localize } from '../shared/layout-text.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import type { BlockComponentProps } from '../types.ts';
import { INDICATOR_CHART_BLOCK } from './texts.ts';

type Props = FromSchema<typeof indicatorChartProps>;

export default function IndicatorChartBlock({ props, context }: BlockComponentProps<Props>) {
  if (!context.patientFileId || context.preview) return <FeatureNotAvailable nameKey="blocks.types.indicator-chart" title={props.title} />;
  return <FileIndicatorChart props={props} patientFileId={context.patientFileId} homeHref={context.areaHref} />;
}

function FileIndicatorChart({ props, patientFileId, homeHref }: { props: Props; patientFileId: string; homeHref: string }) {
  const { t, i18n } = useTranslation(INDICATOR_CHART_BLOCK);
  const days = props.periodDays ?? 30;
  const indicators = useMonitoredIndicators(patientFileId);
  const indicator = indicators.data?.find((i) => i.reference === props.indicator);
  const series = useIndicatorSeries(patientFileId, indicator?.id, days);
  const name = (indicator && textIn(indicator.name, i18n.language)) ?? props.indicator;
  const title = localize(props.title, i18n.language) || name;
  return (
    <BlockCard title={title}>
      <QueryState query={indicators} homeHref={homeHref} />
      {indicators.data && !indicator && <EmptyState>{t('indicatorChartBlock.unknown', { indicator: props.indicator })}</EmptyState>}
      {indicator && <QueryState query={series} homeHref={homeHref} />}
      {indicator && series.data && (
        <IndicatorChart
          label={`${title} (${days})`}
          series={[{ name, unit: indicator.unit.symbol, decimals: indicator.decimals, points: series.data.points }]}
          thresholds={chartThresholdsOf(series.data, i18n.language)}
          reference={chartReferenceOf(series.data)}
          chartType={props.chartType ?? 'line'}
          from={series.data.from} to={series.data.to}
        />
      )}
    </BlockCard>
  );
}
