/**
 * The one list table (issue 9): TanStack Table's headless model rendered with Mantine's Table.
 * Paging and sorting happen on the server (manualPagination, manualSorting) and live in the
 * address (useListState), so this component holds no state of its own: it shows the query's
 * page, skeleton rows before the first answer, the shared load error, an empty state, and the
 * pager. A row opens by click or Enter.
 */
import { Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState, type Updater } from '@tanstack/react-table';
import { useEffect } from 'react';
import { QueryError } from '../query-error.tsx';
import { DataTablePager } from './data-table-pager.tsx';
import classes from './data-table.module.css';
import { sortingOf, sortOf } from './list-state.ts';
import type { ListPage } from './list-query.ts';
import { DataTableRow } from './data-table-row.tsx';
import { SortHeader } from './sort-header.tsx';
import type { ListControls } from './use-list-state.ts';

export interface DataTableProps<T, S extends string> {
  /** The list's state: useListState(definition) (in the address) or useLocalListState (in the component). */
  list: ListControls<S, string>;
  /** A column sorts when its id is one of the list's sort fields (`birthDate` sorts by `birthDate`/`-birthDate`). */
  columns: ColumnDef<T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- TanStack's own column type
  query: UseQueryResult<ListPage<T>>;
  /** A row's stable id (keeps focus and React keys across pages); absent: its position. */
  getRowId?(row: T): string;
  /** Opens a row (click or Enter); absent: rows are not interactive. */
  onOpen?(row: T): void;
  /** The table's accessible name (its caption, visually hidden). */
  label?: string;
  /** What an empty result says (no row matches the filters). */
  emptyText: string;
  /** Where "back home" leads when the list cannot be opened at all (404). */
  homeHref?: string;
  /** The page sizes offered (spec 001 §9's by default); one or none: no choice shown. */
  pageSizes?: readonly number[];
  /** Below this width the table scrolls sideways (its scroll bar shown) rather than squeezing its columns. */
  minWidth?: number;
}

export function DataTable<T, S extends string>({ list, columns, query, getRowId, onOpen, label, emptyText, homeHref, pageSizes, minWidth = 640 }: DataTableProps<T, S>) {
  const page = query.data;
  const table = useReactTable<T>({
    data: page?.data ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    rowCount: page?.totalItems ?? 0,
    state: { sorting: sortingOf(list.sort), pagination: { pageIndex: list.page - 1, pageSize: list.pageSize } },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sortingOf(list.sort)) : updater;
      list.setSort(sortOf(next, list.definition));
    },
  });
  const sortable = new Set<string>(list.definition.sorts.filter((sort) => !sort.startsWith('-')));
  // A capped count ("more than N") offers one page past what was counted: the server counts further as the pages go.
  const pageCount = Math.max(1, Math.ceil((page?.totalItems ?? 0) / list.pageSize) + (page?.totalCapped ? 1 : 0));

  // An address beyond the last page (files closed since, or a hand-edited address) shows the last one.
  const beyond = query.isSuccess && !query.isPlaceholderData && page!.data.length === 0 && page!.totalItems > 0 && list.page > pageCount;
  useEffect(() => { if (beyond) list.setPage(pageCount); }, [beyond, pageCount, list]);

  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} homeHref={homeHref} />;
  const skeleton = query.isPending;
  return (
    <Stack gap="sm">
      {/* Its own scrollAreaProps replace the theme's (not merged): keyboard access restated. */}
      <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ type: 'auto', viewportProps: { tabIndex: 0 } }}>
        <Table highlightOnHover={Boolean(onOpen)} verticalSpacing="xs">
          {label && <VisuallyHidden component="caption">{label}</VisuallyHidden>}
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>{group.headers.map((header) => (
                <SortHeader key={header.id} header={header} sortable={sortable.has(header.column.id)} />
              ))}</Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody className={classes.body} aria-busy={skeleton || query.isPlaceholderData}>
            {skeleton
              ? Array.from({ length: Math.min(list.pageSize, 10) }, (_, i) => (
                <Table.Tr key={i} data-skeleton>
                  {columns.map((_c, j) => <Table.Td key={j}><Skeleton height={14} radius="sm" /></Table.Td>)}
                </Table.Tr>
              ))
              : table.getRowModel().rows.map((row) => <DataTableRow key={row.id} row={row} onOpen={onOpen} />)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.isSuccess && page!.data.length === 0 && !beyond && <Text c="dimmed" role="status">{emptyText}</Text>}
      <DataTablePager list={list} totalItems={page?.totalItems} totalCapped={page?.totalCapped} pageCount={pageCount} pageSizes={pageSizes} />
    </Stack>
  );
}
