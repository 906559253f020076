import { queryOptions, useQuery } from '@tanstack/react-query';
import { layoutRoutes } from '../../../schemas/api/ui.ts';
import { call } from '../../lib/api/client.ts';
import { layoutKeys } from '../../lib/api/query-keys.ts';

/**
 * GET /ui/layouts/{page}: the layout in force for a structure (the patient's file's
 * establishment, or the active structure). `establishment` skips the user's own layout, which
 * the editor needs when it edits the establishment's. The browser revalidates with the ETag.
 */
export type LayoutSource = 'effective' | 'establishment';

export const getLayout = (page: string, structureId: string, source: LayoutSource = 'effective') =>
  call(layoutRoutes.get, { params: { page }, query: { structure: structureId, source: source === 'effective' ? undefined : source } });

export const layoutQueryKey = (page: string, structureId: string, source: LayoutSource = 'effective') => layoutKeys.layout(page, structureId, source);

export const layoutQueryOptions = (page: string, structureId: string, source: LayoutSource = 'effective') =>
  queryOptions({
    queryKey: layoutQueryKey(page, structureId, source),
    queryFn: () => getLayout(page, structureId, source),
  });

export const useLayout = (page: string, structureId: string, source?: LayoutSource) => useQuery(layoutQueryOptions(page, structureId, source));
