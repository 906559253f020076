import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Establishment } from '../../../../schemas/establishments.ts';
import { apiFetch } from '../../api/client.ts';
import type { Page } from './get-patient-files.ts';

/** Structures loaded at start: 999 per page, sorted by name (spec 001 §7). */
export const STRUCTURES_PAGE_SIZE = 999;

/** GET /establishments: the structures the user may work in. */
export const getStructures = () =>
  apiFetch<Page<Establishment>>('/establishments', { query: { page: 1, pageSize: STRUCTURES_PAGE_SIZE, sort: 'name' } });

export const structuresQueryOptions = () =>
  queryOptions({ queryKey: ['establishments', 'mine'], queryFn: getStructures, staleTime: Infinity });

export const useStructures = () => useQuery(structuresQueryOptions());
