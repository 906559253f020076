import { queryOptions, useQuery } from '@tanstack/react-query';
import { establishmentRoutes } from '../../../../schemas/api/establishments.ts';
import { call } from '../../api/client.ts';
import { establishmentKeys } from '../../api/query-keys.ts';

/** GET /establishments/{id}/theme: the establishment's light and dark colour sets. */
export const getTheme = (establishmentId: string) => call(establishmentRoutes.theme, { params: { id: establishmentId } });

export const themeQueryOptions = (establishmentId: string | undefined) =>
  queryOptions({
    queryKey: establishmentKeys.theme(establishmentId),
    queryFn: () => getTheme(establishmentId!),
    enabled: Boolean(establishmentId),
    staleTime: Infinity,
  });

export const useEstablishmentTheme = (establishmentId: string | undefined) => useQuery(themeQueryOptions(establishmentId));
