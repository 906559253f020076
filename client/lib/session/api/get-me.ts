import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../../../schemas/me.ts';
import { apiFetch } from '../../api/client.ts';

/** GET /me: the current user; also extends the session (spec 001 §7). */
export const getMe = (options: { sendLanguage?: boolean } = {}) => apiFetch<Me>('/me', options);

export const meQueryKey = ['me'] as const;
export const meQueryOptions = (options: { sendLanguage?: boolean } = {}) =>
  queryOptions({ queryKey: meQueryKey, queryFn: () => getMe(options), staleTime: Infinity });

export const useMe = () => useQuery(meQueryOptions());
