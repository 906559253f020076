/**
 * THE fetchers of a patient file's monitoring reads (issue 11 §6): its indicators with their last
 * value, an indicator's series over a period, a page of its values. The patient's monitoring
 * screen, the indicators tab, the indicator-chart and telemonitoring-data blocks all read them
 * here (one owner per endpoint, tests/unit/client/query-owners.test.ts); client/lib/charts
 * turns a series into the chart's thresholds and reference line (from-series.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { monitoringRoutes } from '../../../schemas/api/monitoring.ts';
import type { QueryOf } from '../../../schemas/api/contract.ts';
import { call } from '../api/client.ts';
import { monitoringKeys } from '../api/query-keys.ts';

const DAY_MS = 86_400_000;

export const monitoredIndicatorsQueryOptions = (patientFileId: string) => queryOptions({
  queryKey: monitoringKeys.indicators(patientFileId),
  queryFn: ({ signal }) => call(monitoringRoutes.indicators, { params: { id: patientFileId }, signal }).then((r) => r.data),
});

/** The indicators the caller may see on the file (patients: those visible to patients), with their last value. */
export const useMonitoredIndicators = (patientFileId: string | undefined) =>
  useQuery({ ...monitoredIndicatorsQueryOptions(patientFileId ?? ''), enabled: Boolean(patientFileId) });

export interface SeriesPeriod { from: string; to: string }

/** The last `days` days, ending at the start of the next minute: the same key between renders of a minute. */
export function periodEndingNow(days: number, now: number = Date.now()): SeriesPeriod {
  const to = Math.ceil(now / 60_000) * 60_000;
  return { from: new Date(to - days * DAY_MS).toISOString(), to: new Date(to).toISOString() };
}

export const seriesQueryOptions = (patientFileId: string, indicatorId: string, period: SeriesPeriod) => queryOptions({
  queryKey: monitoringKeys.series(patientFileId, indicatorId, period),
  queryFn: ({ signal }) => call(monitoringRoutes.series, { params: { id: patientFileId, indicatorId }, query: period, signal }),
});

/** One indicator's series over the last `days` days; the previous period's stays shown while another loads. */
export function useIndicatorSeries(patientFileId: string | undefined, indicatorId: string | undefined, days: number) {
  return useQuery({
    ...seriesQueryOptions(patientFileId ?? '', indicatorId ?? '', periodEndingNow(days)),
    enabled: Boolean(patientFileId && indicatorId),
    placeholderData: keepPreviousData,
  });
}

export type MeasuresQuery = Pick<QueryOf<typeof monitoringRoutes.measures>, 'page' | 'pageSize' | 'indicatorId' | 'from' | 'to'>;

/** A page of the file's values, newest first (filters: indicator, period). */
export const useMeasures = (patientFileId: string, query: MeasuresQuery) => useQuery({
  queryKey: monitoringKeys.measures(patientFileId, query),
  queryFn: ({ signal }) => call(monitoringRoutes.measures, { params: { id: patientFileId }, query, signal }),
  placeholderData: keepPreviousData,
});
