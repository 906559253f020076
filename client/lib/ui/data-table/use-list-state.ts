/**
 * A list's state and the ways to change it, as a person expects: a new sort, page size or
 * filter returns to the first page. useListState keeps it in the address (list-state.ts), for a
 * screen's list: paging and sorting add a history entry (Back returns to the previous page),
 * filters replace the current one (Back does not walk through every keystroke).
 * useLocalListState keeps it in the component, for a list among others on a page (a
 * dashboard's blocks), whose pages must not fight over the address.
 */
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../../schemas/common.ts';
import { readListState, writeListState, type ListDefinition, type ListState } from './list-state.ts';

export interface ListControls<S extends string, F extends string> extends ListState<S, F> {
  /** The list's definition, for the table's sortable headers. */
  definition: ListDefinition<S, F>;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
  setSort(sort: S): void;
  setFilter(name: F, values: string[]): void;
}

/** Applies a change computed from the state as it is when the change lands (two changes in one event both land). */
type Change<S extends string, F extends string> = (patch: (current: ListState<S, F>) => Partial<ListState<S, F>>, addsHistory: boolean) => void;

function useControls<S extends string, F extends string>(state: ListState<S, F>, change: Change<S, F>, list: ListDefinition<S, F>): ListControls<S, F> {
  return useMemo(() => ({
    ...state,
    definition: list,
    setPage: (page) => change(() => ({ page }), true),
    setPageSize: (pageSize) => change(() => ({ pageSize, page: 1 }), true),
    setSort: (sort) => change(() => ({ sort, page: 1 }), true),
    setFilter: (name, values) => change((current) => ({ filters: { ...current.filters, [name]: values }, page: 1 }), false),
  }), [state, change, list]);
}

export function useListState<S extends string, F extends string>(list: ListDefinition<S, F>): ListControls<S, F> {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, list), [params, list]);
  const change = useCallback<Change<S, F>>((patch, addsHistory) => {
    setParams((previous) => {
      const current = readListState(previous, list);
      return writeListState(previous, { ...current, ...patch(current) }, list);
    }, { replace: !addsHistory });
  }, [setParams, list]);
  return useControls(state, change, list);
}

export function useLocalListState<S extends string, F extends string>(list: ListDefinition<S, F>): ListControls<S, F> {
  const [state, setState] = useState<ListState<S, F>>(() => ({
    page: 1,
    pageSize: list.defaultPageSize ?? DEFAULT_PAGE_SIZE,
    sort: list.defaultSort,
    filters: Object.fromEntries(list.filters.map((name) => [name, []])) as unknown as Record<F, string[]>,
  }));
  const change = useCallback<Change<S, F>>((patch) => setState((current) => ({ ...current, ...patch(current) })), []);
  return useControls(state, change, list);
}
