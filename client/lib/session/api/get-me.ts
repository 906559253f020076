import { queryOptions, useQuery } from '@tanstack/react-query';
import { meRoutes } from '../../../../schemas/api/me.ts';
import { call } from '../../api/client.ts';
import { meKeys } from '../../api/query-keys.ts';

/** GET /me: the current user; also extends the session (spec 001 §7). */
export const getMe = (options: { sendLanguage?: boolean } = {}) => call(meRoutes.get, options);

export const meQueryKey = meKeys.me();
export const meQueryOptions = (options: { sendLanguage?: boolean } = {}) =>
  queryOptions({ queryKey: meQueryKey, queryFn: () => getMe(options), staleTime: Infinity });

export const useMe = () => useQuery(meQueryOptions());
