/**
 * GET /establishments/{id}/alerts, the one fetcher of the alerts list: the alerts screen and the
 * dashboard's alert blocks both read it (tests/unit/client/query-owners.test.ts: one owner per
 * endpoint). A live alert makes every page stale (client/lib/live: alertKeys.all).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { alertRoutes } from '../../../schemas/api/alerts.ts';
import type { CallInput } from '../../../schemas/api/contract.ts';
import { call } from '../api/client.ts';
import { alertKeys } from '../api/query-keys.ts';

export type AlertListRequest = NonNullable<CallInput<typeof alertRoutes.list>['query']>;

export const alertListQueryOptions = (establishmentId: string | undefined, query: AlertListRequest) =>
  queryOptions({
    queryKey: alertKeys.list(establishmentId, query),
    queryFn: ({ signal }) => call(alertRoutes.list, { params: { id: establishmentId! }, query, signal }),
    enabled: Boolean(establishmentId),
    placeholderData: keepPreviousData,
  });
