/**
 * Reads of an establishment's telemonitoring catalogue (schemas/api/catalogue.ts, issue 11 §1): in
 * lib/ because the back office's catalogue screens and every picker of indicators, levels, statuses
 * or units (protocols, thresholds, alerts, measures) read the same lists under the same keys; the
 * catalogue feature's changes make them stale through catalogueKeys.of(establishmentId).
 */
import { useQuery } from '@tanstack/react-query';
import {
  alertStatusRoutes, indicatorRoutes, indicatorTypeRoutes, indicatorVisibilityRoutes, interventionLevelRoutes, unitRoutes,
} from '../../../schemas/api/catalogue.ts';
import type { QueryOf } from '../../../schemas/api/contract.ts';
import { PAGE_SIZES } from '../../../schemas/common.ts';
import { listQueryOptions } from '../ui/data-table/list-query.ts';
import { call } from './client.ts';
import { catalogueKeys } from './query-keys.ts';
import { recordListOptions } from './records.ts';

export type IndicatorListQuery = Partial<QueryOf<typeof indicatorRoutes.list>>;

/** A page of the establishment's indicators (with their default thresholds). */
export const fetchIndicatorPage = (establishmentId: string, query: IndicatorListQuery, signal?: AbortSignal) =>
  call(indicatorRoutes.list, { params: { id: establishmentId }, query, signal });
export const useIndicatorPage = (establishmentId: string, query: IndicatorListQuery) => useQuery(listQueryOptions({
  queryKey: catalogueKeys.indicators(establishmentId, query),
  fetchPage: (signal) => fetchIndicatorPage(establishmentId, query, signal),
}));

/**
 * Every indicator of the establishment, by name, read page after page (the largest page the list
 * route allows): a picker offers all of them (a protocol's thresholds and rules), not the first
 * page only. Under the indicators' key, so a catalogue change makes it stale too.
 */
export const useAllIndicators = (establishmentId: string) => useQuery({
  queryKey: catalogueKeys.indicators(establishmentId, { all: true }),
  queryFn: async ({ signal }) => {
    const pageSize = Math.max(...PAGE_SIZES) as IndicatorListQuery['pageSize'];
    const first = await fetchIndicatorPage(establishmentId, { page: 1, pageSize, sort: 'name' }, signal);
    const pages = Math.ceil(first.totalItems / first.pageSize);
    const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      fetchIndicatorPage(establishmentId, { page: i + 2, pageSize, sort: 'name' }, signal)));
    return [first, ...rest].flatMap((page) => page.data);
  },
});

// The pickers' reads of the reference catalogues: the same entries as the catalogue screens' useRecords.
export const useIndicatorTypes = (establishmentId: string) => useQuery(recordListOptions(indicatorTypeRoutes, establishmentId));
export const useUnits = (establishmentId: string) => useQuery(recordListOptions(unitRoutes, establishmentId));
export const useAlertStatuses = (establishmentId: string) => useQuery(recordListOptions(alertStatusRoutes, establishmentId));
/** The establishment's intervention levels, by rank (the most urgent first). */
export const useInterventionLevels = (establishmentId: string) => useQuery(recordListOptions(interventionLevelRoutes, establishmentId));
export const useLevelAssignments = (establishmentId: string) => useQuery({
  queryKey: catalogueKeys.list(establishmentId, 'assignments'),
  queryFn: ({ signal }) => call(interventionLevelRoutes.assignments, { params: { id: establishmentId }, signal }),
});
export const useCallableProfessionals = (establishmentId: string) => useQuery({
  queryKey: catalogueKeys.list(establishmentId, 'professionals'),
  queryFn: ({ signal }) => call(interventionLevelRoutes.professionals, { params: { id: establishmentId }, signal }),
});
export const useIndicatorsVisibility = (establishmentId: string) => useQuery({
  queryKey: catalogueKeys.list(establishmentId, 'visibility'),
  queryFn: ({ signal }) => call(indicatorVisibilityRoutes.get, { params: { id: establishmentId }, signal }),
});
