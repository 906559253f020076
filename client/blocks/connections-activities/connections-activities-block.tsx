/**
 * Patients' last connections and activities (issue 11 §7): the open files the caller follows,
 * the most recently active first, with when the patient was last connected, their last answer
 * and their last measure. Paged in the block; refetched when a live alert arrives.
 */
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { FromSchema } from 'json-schema-to-ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActivityRow } from '../../../schemas/activities.ts';
import type { connectionsActivitiesProps } from '../../../schemas/blocks/domain.ts';
import type { PageSize } from '../../../schemas/common.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import type { ListDefinition } from '../../lib/ui/data-table/list-state.ts';
import { useLocalListState } from '../../lib/ui/data-table/use-list-state.ts';
import { DASHBOARD_BLOCKS } from '../alerts/texts.ts';
import { useFollowsFiles } from '../shared/follows-files.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { WhenCell } from '../shared/when-cell.tsx';
import { EDITOR_NAMESPACE } from '../shared/editor-namespace.ts';
import { EmptyState } from '../shared/empty-state.tsx';
import { localize, resolveHref } from '../shared/layout-text.ts';
import type { BlockComponentProps } from '../types.ts';
import { activityListQueryOptions } from './get-activities.ts';

const SORTS = ['lastActivityAt', '-lastActivityAt', 'lastConnectionAt', '-lastConnectionAt', 'lastResponseAt', '-lastResponseAt', 'lastMeasureAt', '-lastMeasureAt'] as const;
type Sort = (typeof SORTS)[number];
const column = createColumnHelper<ActivityRow>();

export default function ConnectionsActivitiesBlock({ props, context }: BlockComponentProps<FromSchema<typeof connectionsActivitiesProps>>) {
  const { t, i18n } = useTranslation(DASHBOARD_BLOCKS);
  const dates = useDates();
  const definition = useMemo<ListDefinition<Sort, never>>(
    () => ({ sorts: SORTS, defaultSort: '-lastActivityAt', filters: [], defaultPageSize: props.pageSize ?? 5 }), [props.pageSize]);
  // The page size is the block's, one of the list page sizes its props schema allows.
  const list = useLocalListState(definition);
  const follows = useFollowsFiles(context);
  const query = useQuery(activityListQueryOptions(context.preview || !follows ? undefined : context.structureId, { sort: list.sort, page: list.page, pageSize: list.pageSize as PageSize }));
  const when = (value: string | null | undefined) => (value ? <WhenCell value={value} /> : t('dashboardBlocks.activities.never'));
  const columns = useMemo(() => [
    column.accessor((row) => `${row.patient.lastName} ${row.patient.firstName}`, {
      id: 'patient', header: t('dashboardBlocks.activities.patient'),
      cell: ({ row: { original } }) => (
        <Anchor component={Link} to={resolveHref(`patient-file/${original.patientFileId}`, context.areaHref).href}>
          <bdi>{original.patient.lastName} {original.patient.firstName}</bdi>
        </Anchor>
      ),
    }),
    column.accessor((row) => row.lastConnectionAt, { id: 'lastConnectionAt', header: t('dashboardBlocks.activities.lastConnection'), cell: ({ getValue }) => when(getValue()) }),
    column.accessor((row) => row.lastResponse?.answeredAt ?? null, {
      id: 'lastResponseAt', header: t('dashboardBlocks.activities.lastResponse'),
      cell: ({ row: { original } }) => (original.lastResponse ? <><bdi>{original.lastResponse.formName}</bdi><br />{when(original.lastResponse.answeredAt)}</> : when(null)),
    }),
    column.accessor((row) => row.lastMeasureAt, { id: 'lastMeasureAt', header: t('dashboardBlocks.activities.lastMeasure'), cell: ({ getValue }) => when(getValue()) }),
  ], [t, dates, context.areaHref]); // eslint-disable-line react-hooks/exhaustive-deps -- when reads t and dates

  const title = localize(props.title, i18n.language) || t('dashboardBlocks.activities.title');
  return (
    <BlockCard title={title}>
      {context.preview
        ? <EmptyState>{t('layoutBuilder.previewNoData', { ns: EDITOR_NAMESPACE })}</EmptyState>
        : !follows ? <EmptyState>{t('dashboardBlocks.noFileAccess')}</EmptyState>
        : <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.patientFileId} label={title}
            emptyText={t('dashboardBlocks.activities.empty')} homeHref={context.areaHref} pageSizes={[list.pageSize]} minWidth={360} />}
    </BlockCard>
  );
}
