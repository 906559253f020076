/**
 * The summary's graphs (issue 11 §7): the file's chart displays that are not excluded, each over
 * the block's `periodDays`; a file without any shows one chart per indicator that has values.
 */
import { Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FromSchema } from 'json-schema-to-ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { graphsProps } from '../../../schemas/blocks/domain.ts';
import { monitoredIndicatorsQueryOptions } from '../../lib/monitoring/queries.ts';
import { QueryError } from '../../lib/ui/query-error.tsx';
import { BlockCard } from '../shared/block-card.tsx';
import { EmptyState } from '../shared/empty-state.tsx';
import { localize } from '../shared/layout-text.ts';
import type { BlockComponentProps } from '../types.ts';
import { chartDisplaysQueryOptions } from '../value-tables/queries.ts';
import { VALUE_TABLES } from '../value-tables/texts.ts';
import { ChartCard, chartTitle, type ChartSpec } from './chart-card.tsx';

export default function GraphsBlock({ props, context }: BlockComponentProps<FromSchema<typeof graphsProps>>) {
  const { t, i18n } = useTranslation(VALUE_TABLES);
  const fileId = context.preview ? undefined : context.patientFileId;
  const periodDays = props.periodDays ?? 30;
  const [now] = useState(() => Date.now());
  const charts = useQuery(chartDisplaysQueryOptions(fileId));
  const shown = charts.data?.data.filter((c) => !c.excludedAt) ?? [];
  const indicators = useQuery({ ...monitoredIndicatorsQueryOptions(fileId ?? ''), enabled: fileId !== undefined && charts.isSuccess && shown.length === 0 });
  const specs: ChartSpec[] = shown.length > 0
    ? shown.map((c) => ({ ...c, periodDays }))
    : (indicators.data ?? []).filter((i) => i.lastValue).map((i) => ({
      title: null, chartType: 'line' as const, periodDays,
      indicators: [{ id: i.id, reference: i.reference, name: i.name, unitSymbol: i.unit.symbol, decimals: i.decimals }],
    }));
  const failed = charts.error ?? indicators.error;

  return (
    <BlockCard title={localize(props.title, i18n.language) || t('valueTables.graphs.title')}>
      {!fileId ? <EmptyState>{t('valueTables.preview')}</EmptyState>
        : failed ? <QueryError error={failed} onRetry={() => { void charts.refetch(); void indicators.refetch(); }} />
          : charts.isPending || (shown.length === 0 && indicators.isPending) ? <Loader size="sm" />
            : specs.length === 0 ? <EmptyState>{t('valueTables.graphs.empty')}</EmptyState>
              : (
                <Stack gap="md">
                  {specs.map((spec, index) => (
                    <Stack gap={4} key={index}>
                      <Text size="sm" fw={600} dir="auto">{chartTitle(spec, i18n.language)} <Text span size="xs" c="dimmed">({t('valueTables.graphs.period', { count: periodDays })})</Text></Text>
                      <ChartCard fileId={fileId} chart={spec} now={now} height={200} />
                    </Stack>
                  ))}
                </Stack>
              )}
    </BlockCard>
  );
}
