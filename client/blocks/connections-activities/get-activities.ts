/** GET /establishments/{id}/activities: patients' last connections, answers and measures (this block only). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { activityRoutes } from '../../../schemas/api/activities.ts';
import type { CallInput } from '../../../schemas/api/contract.ts';
import { call } from '../../lib/api/client.ts';
import { activityKeys } from '../../lib/api/query-keys.ts';

export type ActivityListRequest = NonNullable<CallInput<typeof activityRoutes.list>['query']>;

export const activityListQueryOptions = (establishmentId: string | undefined, query: ActivityListRequest) =>
  queryOptions({
    queryKey: activityKeys.list(establishmentId, query),
    queryFn: ({ signal }) => call(activityRoutes.list, { params: { id: establishmentId! }, query, signal }),
    enabled: Boolean(establishmentId),
    placeholderData: keepPreviousData,
  });
