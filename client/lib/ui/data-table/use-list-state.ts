/**
 * A list's state kept in the address (list-state.ts): reading it, and changing it the way a
 * person expects. Paging and sorting add a history entry (Back returns to the previous page);
 * filters replace the current one (Back does not walk through every keystroke) and return to
 * the first page, as do a new sort and a new page size.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListState, writeListState, type ListDefinition, type ListState } from './list-state.ts';

export interface ListControls<S extends string, F extends string> extends ListState<S, F> {
  /** The list's definition, for the table's sortable headers. */
  definition: ListDefinition<S, F>;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
  setSort(sort: S): void;
  setFilter(name: F, values: string[]): void;
}

export function useListState<S extends string, F extends string>(list: ListDefinition<S, F>): ListControls<S, F> {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, list), [params, list]);
  // The patch is computed from the address as it is when the change applies, so two changes in
  // one event (a filter, then another) both land.
  const change = useCallback((patch: (current: ListState<S, F>) => Partial<ListState<S, F>>, replace: boolean) => {
    setParams((previous) => {
      const current = readListState(previous, list);
      return writeListState(previous, { ...current, ...patch(current) }, list);
    }, { replace });
  }, [setParams, list]);
  return useMemo(() => ({
    ...state,
    definition: list,
    setPage: (page) => change(() => ({ page }), false),
    setPageSize: (pageSize) => change(() => ({ pageSize, page: 1 }), false),
    setSort: (sort) => change(() => ({ sort, page: 1 }), false),
    setFilter: (name, values) => change((current) => ({ filters: { ...current.filters, [name]: values }, page: 1 }), true),
  }), [state, change]);
}
