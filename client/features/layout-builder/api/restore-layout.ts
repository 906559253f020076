import { useMutation, useQueryClient } from '@tanstack/react-query';
import { layoutRoutes } from '../../../../schemas/api/ui.ts';
import { call } from '../../../lib/api/client.ts';
import { pageLayoutsKey, scopeQuery, versionsKey, type LayoutScope } from './layout-scope.ts';

/** POST …/versions/{version}/restore: an older version in force again (as a new version). */
export const restoreVersion = (page: string, structureId: string, scope: LayoutScope, version: number) =>
  call(layoutRoutes.restore, { params: { page, version }, query: scopeQuery(structureId, scope) });

/** POST …/reset: back to the provisioned layout (as a new version). */
export const resetLayout = (page: string, structureId: string, scope: LayoutScope) =>
  call(layoutRoutes.reset, { params: { page }, query: scopeQuery(structureId, scope) });

/** Restore (a version number) or reset (none); both make every view of the page stale. */
export function useRestoreLayout(page: string, structureId: string, scope: LayoutScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version?: number) => (version === undefined ? resetLayout(page, structureId, scope) : restoreVersion(page, structureId, scope, version)),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: pageLayoutsKey(page, structureId) }),
      queryClient.invalidateQueries({ queryKey: versionsKey(page, structureId, scope) }),
    ]),
  });
}
