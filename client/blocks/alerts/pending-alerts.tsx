/**
 * The newest pending alerts of the caller's files (the dashboard's alerts and non-compliance
 * alerts blocks), from the alerts list route: each in its level's colour, the patient's name
 * linking to the batch's context, and a link to the whole list. Paged in the block
 * (useLocalListState); refreshed when a live alert arrives (client/lib/live makes alertKeys.all
 * stale), so an open dashboard shows a new alert without reloading.
 */
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AlertRow } from '../../../schemas/alerts.ts';
import type { AlertKind } from '../../../schemas/telemonitoring.ts';
import { textIn, type LocalizedText } from '../../../schemas/localized-text.ts';
import { alertListQueryOptions } from '../../lib/alerts/get-alerts.ts';
import type { PageSize } from '../../../schemas/common.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { quantityText } from '../../lib/i18n/quantity.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import type { ListDefinition } from '../../lib/ui/data-table/list-state.ts';
import { useLocalListState } from '../../lib/ui/data-table/use-list-state.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { EDITOR_NAMESPACE } from '../shared/editor-namespace.ts';
import { EmptyState } from '../shared/empty-state.tsx';
import { localize, resolveHref } from '../shared/layout-text.ts';
import type { BlockContext } from '../types.ts';
import { DASHBOARD_BLOCKS } from './texts.ts';
import { useFollowsFiles } from '../shared/follows-files.ts';
import { WhenCell } from '../shared/when-cell.tsx';

const column = createColumnHelper<AlertRow>();

interface Props {
  props: { title?: LocalizedText; pageSize?: number };
  context: BlockContext;
  kinds: readonly AlertKind[];
  titleKey: 'title' | 'nonComplianceTitle';
}

export function PendingAlerts({ props, context, kinds, titleKey }: Props) {
  const { t, i18n } = useTranslation(DASHBOARD_BLOCKS);
  const dates = useDates();
  const language = i18n.language;
  const definition = useMemo<ListDefinition<'raisedAt' | '-raisedAt', never>>(
    () => ({ sorts: ['raisedAt', '-raisedAt'], defaultSort: '-raisedAt', filters: [], defaultPageSize: props.pageSize ?? 5 }), [props.pageSize]);
  // The page size is the block's, one of the list page sizes its props schema allows.
  const list = useLocalListState(definition);
  const follows = useFollowsFiles(context);
  const query = useQuery(alertListQueryOptions(context.preview || !follows ? undefined : context.structureId, {
    status: 'PENDING', kinds: [...kinds], sort: list.sort, page: list.page, pageSize: list.pageSize as PageSize,
  }));
  const listHref = resolveHref('alerts', context.areaHref).href;
  const columns = useMemo(() => [
    column.accessor((row) => row.level?.rank ?? 99, {
      id: 'level', header: t('dashboardBlocks.alerts.level'),
      cell: ({ row: { original } }) => (
        <Badge size="xs" color={original.level?.colour ?? 'gray'} variant="filled" autoContrast styles={{ label: { overflow: 'visible' } }} style={{ overflow: 'visible' }}>
          {original.level ? textIn(original.level.name, language) : t('dashboardBlocks.alerts.noLevel')}
        </Badge>
      ),
    }),
    column.accessor((row) => `${row.patient.lastName} ${row.patient.firstName}`, {
      id: 'patient', header: t('dashboardBlocks.alerts.patient'),
      // What the alert is about under the patient's name: a block is often a third of the screen wide.
      cell: ({ row: { original } }) => (
        <>
          <Anchor component={Link} to={resolveHref(`alerts-batch/${original.batchId}`, context.areaHref).href}>
            <bdi>{original.patient.lastName} {original.patient.firstName}</bdi>
          </Anchor>
          <Text size="sm">{describe(original)}</Text>
        </>
      ),
    }),
    column.accessor((row) => row.raisedAt, {
      id: 'raisedAt', header: t('dashboardBlocks.alerts.raisedAt'),
      cell: ({ getValue }) => <WhenCell value={getValue()} />,
    }),
  ], [t, language, dates, context.areaHref]); // eslint-disable-line react-hooks/exhaustive-deps -- describe reads t and language

  function describe(alert: AlertRow): string {
    const indicator = alert.indicator ? textIn(alert.indicator.name, language) ?? alert.indicator.reference : '';
    if (alert.kind === 'THRESHOLD' && alert.indicator && alert.measure) {
      return t('dashboardBlocks.alerts.threshold', {
        indicator, value: quantityText(dates.language, alert.measure.value, { decimals: alert.indicator.decimals, unit: alert.indicator.unitSymbol }),
      });
    }
    return t(`dashboardBlocks.alerts.kind.${alert.kind}`, { indicator });
  }

  const title = localize(props.title, language) || t(`dashboardBlocks.alerts.${titleKey}`);
  return (
    <BlockCard title={title}>
      {context.preview
        ? <EmptyState>{t('layoutBuilder.previewNoData', { ns: EDITOR_NAMESPACE })}</EmptyState>
        : !follows ? <EmptyState>{t('dashboardBlocks.noFileAccess')}</EmptyState>
        : (
          <>
            <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.id} label={title}
              emptyText={t('dashboardBlocks.alerts.empty')} homeHref={context.areaHref} pageSizes={[list.pageSize]} minWidth={240} />
            <Group justify="flex-end" mt="xs">
              <Anchor component={Link} to={listHref} size="sm">{t('dashboardBlocks.alerts.seeAll')}</Anchor>
            </Group>
          </>
        )}
    </BlockCard>
  );
}
