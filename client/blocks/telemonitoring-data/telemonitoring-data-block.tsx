/**
 * The summary's telemonitoring data (issue 11 §7): the file's latest values, newest first, paged in
 * the block (the monitoring values list), each with its indicator, the value as stored in the
 * indicator's unit, when it was measured, and how it came (typed, questionnaire, device).
 */
import { Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { FromSchema } from 'json-schema-to-ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { telemonitoringDataProps } from '../../../schemas/blocks/domain.ts';
import type { PageSize } from '../../../schemas/common.ts';
import type { MeasureRow } from '../../../schemas/monitoring.ts';
import { useMeasures } from '../../lib/monitoring/queries.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { DataTable, type DataTableProps } from '../../lib/ui/data-table/data-table.tsx';
import type { ListDefinition } from '../../lib/ui/data-table/list-state.ts';
import { useLocalListState } from '../../lib/ui/data-table/use-list-state.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { WhenCell } from '../shared/when-cell.tsx';
import { EmptyState } from '../shared/empty-state.tsx';
import { localize } from '../shared/layout-text.ts';
import type { BlockComponentProps } from '../types.ts';
import { nameOf, valueText } from '../value-tables/format.ts';
import { EnteredInErrorValue } from '../../lib/monitoring/entered-in-error.tsx';
import { VALUE_TABLES } from '../value-tables/texts.ts';

const SORTS = ['-measuredAt'] as const;
type Sort = (typeof SORTS)[number];
const column = createColumnHelper<MeasureRow>();

export default function TelemonitoringDataBlock({ props, context }: BlockComponentProps<FromSchema<typeof telemonitoringDataProps>>) {
  const { t, i18n } = useTranslation(VALUE_TABLES);
  const dates = useDates();
  const fileId = context.preview ? undefined : context.patientFileId;
  const definition = useMemo<ListDefinition<Sort, never>>(
    () => ({ sorts: SORTS, defaultSort: '-measuredAt', filters: [], defaultPageSize: props.pageSize ?? 5 }), [props.pageSize]);
  const list = useLocalListState(definition);
  // Newest first (the list's only order); a preview asks for nothing (its file id is empty, the query never runs: see Values).
  const columns = useMemo(() => [
    // How the value came under its indicator: a block is often a third of the screen wide.
    column.accessor((row) => nameOf(row.indicator.name, dates.language), {
      id: 'indicator', header: t('valueTables.data.indicator'),
      cell: ({ row: { original } }) => <>{nameOf(original.indicator.name, dates.language)}<Text size="xs" c="dimmed">{t(`valueTables.data.source.${original.source}`)}</Text></>,
    }),
    column.accessor((row) => row.value, {
      id: 'value', header: t('valueTables.data.value'),
      cell: ({ row: { original } }) => {
        const text = valueText(original.value, dates.language, original.unit.symbol);
        return original.enteredInError ? <EnteredInErrorValue text={text} mark={original.enteredInError} detailed /> : <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
      },
    }),
    column.accessor((row) => row.measuredAt, { id: 'measuredAt', header: t('valueTables.data.measuredAt'), cell: ({ getValue }) => <WhenCell value={getValue()} /> }),
  ], [t, dates]);
  const title = localize(props.title, i18n.language) || t('valueTables.data.title');
  return (
    <BlockCard title={title}>
      {!fileId ? <EmptyState>{t('valueTables.preview')}</EmptyState>
        : <Values fileId={fileId} list={list} columns={columns} title={title} homeHref={context.areaHref} emptyText={t('valueTables.data.empty')} />}
    </BlockCard>
  );
}

/** The table, mounted only with a file: its query runs only then. */
function Values({ fileId, list, columns, title, homeHref, emptyText }: {
  fileId: string; list: ReturnType<typeof useLocalListState<Sort, never>>; columns: DataTableProps<MeasureRow, Sort>['columns'];
  title: string; homeHref: string; emptyText: string;
}) {
  const measures = useMeasures(fileId, { page: list.page, pageSize: list.pageSize as PageSize });
  return <DataTable list={list} columns={columns} query={measures} getRowId={(row) => row.id} label={title}
    emptyText={emptyText} homeHref={homeHref} pageSizes={[list.pageSize]} minWidth={260} />;
}
