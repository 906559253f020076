/**
 * A list's paging, sorting and filters as URL search parameters, so that back/forward, reload
 * and a shared address show the same page: `?page=2&pageSize=25&sort=-birthDate&status=OPEN`.
 * Reading is forgiving (an unknown sort or page size falls back to the default, as if absent);
 * writing leaves out what equals the default, so the plain address is the first page.
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../../schemas/common.ts';

/** What a list declares: its sorts (`name` / `-name`), its default sort, its filters' names. */
export interface ListDefinition<S extends string = string, F extends string = string> {
  sorts: readonly S[];
  defaultSort: S;
  /** Filter names; a filter holds one or more values (`?status=OPEN&status=CLOSED`). */
  filters: readonly F[];
  pageSizes?: readonly number[];
  defaultPageSize?: number;
}

export interface ListState<S extends string = string, F extends string = string> {
  page: number;
  pageSize: number;
  sort: S;
  filters: Record<F, string[]>;
}

const INT32_MAX = 2_147_483_647;

export function readListState<S extends string, F extends string>(params: URLSearchParams, list: ListDefinition<S, F>): ListState<S, F> {
  const sizes = list.pageSizes ?? PAGE_SIZES;
  const defaultSize = list.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sort = params.get('sort');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= INT32_MAX ? page : 1,
    pageSize: sizes.includes(pageSize) ? pageSize : defaultSize,
    sort: sort !== null && (list.sorts as readonly string[]).includes(sort) ? (sort as S) : list.defaultSort,
    filters: Object.fromEntries(list.filters.map((name) => [name, params.getAll(name).filter((v) => v !== '')])) as Record<F, string[]>,
  };
}

/** The search parameters of a state; parameters the list does not own are kept as they were. */
export function writeListState<S extends string, F extends string>(
  previous: URLSearchParams, state: ListState<S, F>, list: ListDefinition<S, F>,
): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const key of ['page', 'pageSize', 'sort', ...list.filters]) next.delete(key);
  for (const name of list.filters) for (const value of state.filters[name]) next.append(name, value);
  if (state.sort !== list.defaultSort) next.set('sort', state.sort);
  if (state.pageSize !== (list.defaultPageSize ?? DEFAULT_PAGE_SIZE)) next.set('pageSize', String(state.pageSize));
  if (state.page !== 1) next.set('page', String(state.page));
  return next;
}

/** `-name` → { id: 'name', desc: true }: TanStack Table's sorting state of a sort value. */
export function sortingOf(sort: string): { id: string; desc: boolean }[] {
  return [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }];
}

/** TanStack Table's sorting state → a sort value; none (sorting cleared) → the default. */
export function sortOf<S extends string>(sorting: readonly { id: string; desc: boolean }[], list: Pick<ListDefinition<S>, 'sorts' | 'defaultSort'>): S {
  const first = sorting[0];
  if (!first) return list.defaultSort;
  const value = `${first.desc ? '-' : ''}${first.id}`;
  return (list.sorts as readonly string[]).includes(value) ? (value as S) : list.defaultSort;
}
