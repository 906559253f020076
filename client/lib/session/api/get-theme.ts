import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Theme } from '../../../../schemas/theme.ts';
import { apiFetch } from '../../api/client.ts';

/** GET /establishments/{id}/theme: the establishment's light and dark colour sets. */
export const getTheme = (establishmentId: string) => apiFetch<Theme>(`/establishments/${establishmentId}/theme`);

export const themeQueryOptions = (establishmentId: string | undefined) =>
  queryOptions({
    queryKey: ['establishments', establishmentId, 'theme'],
    queryFn: () => getTheme(establishmentId!),
    enabled: Boolean(establishmentId),
    staleTime: Infinity,
  });

export const useEstablishmentTheme = (establishmentId: string | undefined) => useQuery(themeQueryOptions(establishmentId));
