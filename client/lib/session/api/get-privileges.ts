import { queryOptions, useQuery } from '@tanstack/react-query';
import { meRoutes } from '../../../../schemas/api/me.ts';
import { call } from '../../api/client.ts';
import { meKeys } from '../../api/query-keys.ts';

/** GET /me/privileges: privileges per establishment and per service. */
export const getPrivileges = () => call(meRoutes.privileges);

export const privilegesQueryOptions = () =>
  queryOptions({ queryKey: meKeys.privileges(), queryFn: getPrivileges, staleTime: Infinity });

export const usePrivileges = () => useQuery(privilegesQueryOptions());
