/** The list pattern of the client: state in the address, one query per page, one table. */
export { DataTable, type DataTableProps } from './data-table.tsx';
export { ListSearchInput, SEARCH_DEBOUNCE_MS } from './list-search-input.tsx';
export { listQueryOptions, type ListPage } from './list-query.ts';
export { readListState, writeListState, type ListDefinition, type ListState } from './list-state.ts';
export { useListState, type ListControls } from './use-list-state.ts';
