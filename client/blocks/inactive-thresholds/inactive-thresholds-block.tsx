/**
 * Files whose alert thresholds raise nothing (issue 18): the open files the caller follows where a
 * threshold in force is relative and the file has no reference value for its indicator, newest
 * file first, each patient linking to the file's Indicators tab, where the reference value is set.
 * Paged in the block; stale when the indicators tab changes a file's thresholds or reference values.
 */
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { FromSchema } from 'json-schema-to-ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { inactiveThresholdsProps } from '../../../schemas/blocks/domain.ts';
import type { PageSize } from '../../../schemas/common.ts';
import type { InactiveThresholdsRow } from '../../../schemas/inactive-thresholds.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import type { ListDefinition } from '../../lib/ui/data-table/list-state.ts';
import { useLocalListState } from '../../lib/ui/data-table/use-list-state.ts';
import { DASHBOARD_BLOCKS } from '../alerts/texts.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { EDITOR_NAMESPACE } from '../shared/editor-namespace.ts';
import { EmptyState } from '../shared/empty-state.tsx';
import { useFollowsFiles } from '../shared/follows-files.ts';
import { localize, resolveHref } from '../shared/layout-text.ts';
import type { BlockComponentProps } from '../types.ts';
import { inactiveThresholdsQueryOptions } from './get-inactive-thresholds.ts';

const column = createColumnHelper<InactiveThresholdsRow>();

export default function InactiveThresholdsBlock({ props, context }: BlockComponentProps<FromSchema<typeof inactiveThresholdsProps>>) {
  const { t, i18n } = useTranslation(DASHBOARD_BLOCKS);
  const language = i18n.language;
  // One order (newest file first): the block offers no sort.
  const definition = useMemo<ListDefinition<'createdAt', never>>(
    () => ({ sorts: ['createdAt'], defaultSort: 'createdAt', filters: [], defaultPageSize: props.pageSize ?? 5 }), [props.pageSize]);
  const list = useLocalListState(definition);
  const follows = useFollowsFiles(context);
  const query = useQuery(inactiveThresholdsQueryOptions(context.preview || !follows ? undefined : context.structureId,
    { page: list.page, pageSize: list.pageSize as PageSize }));
  const columns = useMemo(() => [
    column.accessor((row) => `${row.patient.lastName} ${row.patient.firstName}`, {
      id: 'patient', header: t('dashboardBlocks.inactiveThresholds.patient'), enableSorting: false,
      cell: ({ row: { original } }) => (
        <Anchor component={Link} to={resolveHref(`patient-file/${original.patientFileId}/indicators`, context.areaHref).href}>
          <bdi>{original.patient.lastName} {original.patient.firstName}</bdi>
        </Anchor>
      ),
    }),
    column.accessor((row) => row.indicators.map((i) => i.reference).join(','), {
      id: 'indicators', header: t('dashboardBlocks.inactiveThresholds.indicators'), enableSorting: false,
      cell: ({ row: { original } }) => (
        <Text size="sm">
          {t('dashboardBlocks.inactiveThresholds.noReference', {
            names: new Intl.ListFormat(language, { type: 'conjunction' }).format(original.indicators.map((i) => textIn(i.name, language) ?? i.reference)),
          })}
        </Text>
      ),
    }),
    column.accessor((row) => row.service.name, {
      id: 'service', header: t('dashboardBlocks.inactiveThresholds.service'), enableSorting: false,
      cell: ({ getValue }) => <bdi>{getValue()}</bdi>,
    }),
  ], [t, language, context.areaHref]);

  const title = localize(props.title, language) || t('dashboardBlocks.inactiveThresholds.title');
  return (
    <BlockCard title={title}>
      {context.preview
        ? <EmptyState>{t('layoutBuilder.previewNoData', { ns: EDITOR_NAMESPACE })}</EmptyState>
        : !follows ? <EmptyState>{t('dashboardBlocks.noFileAccess')}</EmptyState>
        : <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.patientFileId} label={title}
            emptyText={t('dashboardBlocks.inactiveThresholds.empty')} homeHref={context.areaHref} pageSizes={[list.pageSize]} minWidth={0} />}
    </BlockCard>
  );
}
