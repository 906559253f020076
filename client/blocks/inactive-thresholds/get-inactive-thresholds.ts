/** GET /establishments/{id}/inactive-thresholds: open files whose thresholds raise nothing (this block only). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { inactiveThresholdRoutes } from '../../../schemas/api/inactive-thresholds.ts';
import type { CallInput } from '../../../schemas/api/contract.ts';
import { call } from '../../lib/api/client.ts';
import { inactiveThresholdKeys } from '../../lib/api/query-keys.ts';

export type InactiveThresholdsRequest = NonNullable<CallInput<typeof inactiveThresholdRoutes.list>['query']>;

export const inactiveThresholdsQueryOptions = (establishmentId: string | undefined, query: InactiveThresholdsRequest) =>
  queryOptions({
    queryKey: inactiveThresholdKeys.list(establishmentId, query),
    queryFn: ({ signal }) => call(inactiveThresholdRoutes.list, { params: { id: establishmentId! }, query, signal }),
    enabled: Boolean(establishmentId),
    placeholderData: keepPreviousData,
  });
