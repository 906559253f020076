import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivilegeEntry } from '../../../../schemas/me.ts';
import { apiFetch } from '../../api/client.ts';

/** GET /me/privileges: privileges per establishment and per service. */
export const getPrivileges = () => apiFetch<PrivilegeEntry[]>('/me/privileges');

export const privilegesQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'privileges'], queryFn: getPrivileges, staleTime: Infinity });

export const usePrivileges = () => useQuery(privilegesQueryOptions());
