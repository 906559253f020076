import { queryOptions, useQuery } from '@tanstack/react-query';
import { establishmentRoutes } from '../../../../schemas/api/establishments.ts';
import { call } from '../../api/client.ts';
import { establishmentKeys } from '../../api/query-keys.ts';

/** Structures loaded at start: 999 per page, sorted by name (spec 001 §7). */
export const STRUCTURES_PAGE_SIZE = 999;

/** GET /establishments: the structures the user may work in. */
export const getStructures = () =>
  call(establishmentRoutes.list, { query: { page: 1, pageSize: STRUCTURES_PAGE_SIZE, sort: 'name' } });

export const structuresQueryOptions = () =>
  queryOptions({ queryKey: establishmentKeys.mine(), queryFn: getStructures, staleTime: Infinity });

export const useStructures = () => useQuery(structuresQueryOptions());
