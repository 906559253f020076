/**
 * A table bound to a list endpoint of the API (`{ data: [...] }`), columns picked by field path,
 * shown with the shared list table (lib/ui/data-table): skeleton, empty and error states, and
 * pages of the block's page size. The endpoint is the layout author's and need not page, so the
 * rows it answers are paged here; the paging state stays in the block (a dashboard holds several
 * blocks, whose pages must not fight over the address).
 */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { FromSchema } from 'json-schema-to-ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { dataTableProps } from '../../../schemas/blocks/generic.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import type { ListDefinition } from '../../lib/ui/data-table/list-state.ts';
import { useLocalListState } from '../../lib/ui/data-table/use-list-state.ts';
import { bindEndpoint, listQueryOptions } from '../shared/api/get-list.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { EmptyState } from '../shared/empty-state.tsx';
import { localize } from '../shared/layout-text.ts';
import type { BlockComponentProps } from '../types.ts';
import { cellText } from './cell-text.ts';

type Row = Record<string, unknown>;
const column = createColumnHelper<Row>();

export default function DataTableBlock({ props, context }: BlockComponentProps<FromSchema<typeof dataTableProps>>) {
  const { t, i18n } = useTranslation();
  const path = context.preview ? undefined : bindEndpoint(props.endpoint, context);
  const definition = useMemo<ListDefinition<'none', never>>(() => ({ sorts: ['none'], defaultSort: 'none', filters: [], defaultPageSize: props.pageSize ?? 10 }), [props.pageSize]);
  const list = useLocalListState(definition);
  const query = useQuery({
    ...listQueryOptions(path),
    select: (body: { data: Row[] }) => ({ data: body.data.slice((list.page - 1) * list.pageSize, list.page * list.pageSize), totalItems: body.data.length }),
  });
  const columns = useMemo(() => props.columns.map((c) => column.accessor((row) => cellText(row, c.field), {
    id: c.field, header: localize(c.label, i18n.language),
  })), [props.columns, i18n.language]);
  const title = localize(props.title, i18n.language);
  return (
    <BlockCard title={title}>
      {path
        ? <DataTable list={list} columns={columns} query={query} label={title || undefined} emptyText={t('blocks.noRows')}
            homeHref={context.areaHref} pageSizes={[list.pageSize]} minWidth={0} />
        : <EmptyState>{t(context.preview ? 'layoutBuilder.previewNoData' : 'blocks.patientFileOnly')}</EmptyState>}
    </BlockCard>
  );
}
