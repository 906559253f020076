/**
 * The one fetcher of a file's chart displays and of its value table (the indicators tab and the
 * summary blocks both read them; tests/unit/client/query-owners.test.ts wants one owner).
 */
import { queryOptions } from '@tanstack/react-query';
import { chartDisplayRoutes, valueTableRoutes } from '../../../schemas/api/indicators-tab.ts';
import type { QueryOf } from '../../../schemas/api/contract.ts';
import { call } from '../../lib/api/client.ts';
import { indicatorsTabKeys } from '../../lib/api/query-keys.ts';

export const chartDisplaysQueryOptions = (fileId: string | undefined) => queryOptions({
  queryKey: indicatorsTabKeys.chartDisplays(fileId),
  queryFn: ({ signal }) => call(chartDisplayRoutes.list, { params: { id: fileId! }, signal }),
  enabled: fileId !== undefined,
});

export type ValueTableQuery = Pick<QueryOf<typeof valueTableRoutes.table>, 'indicators' | 'startDate'>;
export const valueTableQueryOptions = (fileId: string | undefined, query: ValueTableQuery = {}) => queryOptions({
  queryKey: indicatorsTabKeys.valueTable(fileId, query),
  queryFn: ({ signal }) => call(valueTableRoutes.table, { params: { id: fileId! }, query, signal }),
  enabled: fileId !== undefined,
});
