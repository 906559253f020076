/**
 * The history's filters as the address carries them (`?kinds=NOTE_ADDED&kinds=FILE_CLOSED&from=…&to=…&page=2`)
 * and the query they make. One order only (newest first): the table offers no other.
 */
import { HISTORY_KINDS, type HistoryKind } from '../../../schemas/history.ts';
import { HISTORY_SORT, type PatientFileHistoryQuery } from '../../../schemas/patient-file-history.ts';
import type { ListDefinition, ListState } from '../../lib/ui/data-table/list-state.ts';

export const HISTORY_FILTERS = ['kinds', 'from', 'to'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

export const historyList: ListDefinition<typeof HISTORY_SORT, HistoryFilter> = {
  sorts: [HISTORY_SORT],
  defaultSort: HISTORY_SORT,
  filters: HISTORY_FILTERS,
};

const isKind = (value: string): value is HistoryKind => (HISTORY_KINDS as readonly string[]).includes(value);
const isDay = (value: string | undefined): value is string => value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The request of a state: unknown kinds and malformed days in a hand-edited address are left out. */
export function historyQuery(state: ListState<typeof HISTORY_SORT, HistoryFilter>): PatientFileHistoryQuery {
  const kinds = [...new Set(state.filters.kinds.filter(isKind))];
  let [from, to] = [state.filters.from[0], state.filters.to[0]];
  if (isDay(from) && isDay(to) && to < from) [from, to] = [to, from];
  return {
    page: state.page,
    pageSize: state.pageSize as PatientFileHistoryQuery['pageSize'],
    ...(kinds.length ? { kinds } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
  };
}
