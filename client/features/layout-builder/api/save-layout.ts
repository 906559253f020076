import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LayoutDocument } from '../../../../schemas/layout.ts';
import { layoutRoutes } from '../../../../schemas/api/ui.ts';
import { call } from '../../../lib/api/client.ts';
import { pageLayoutsKey, scopeQuery, versionsKey, type LayoutScope } from './layout-scope.ts';

/** PUT /ui/layouts/{page}: a new version of the establishment's layout, or of the user's own. */
export const saveLayout = (structureId: string, scope: LayoutScope, document: LayoutDocument, message: string) =>
  call(layoutRoutes.save, { params: { page: document.page }, query: scopeQuery(structureId, scope), body: { document, message } });

export function useSaveLayout(structureId: string, scope: LayoutScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ document, message }: { document: LayoutDocument; message: string }) => saveLayout(structureId, scope, document, message),
    onSuccess: (_, { document }) => Promise.all([
      queryClient.invalidateQueries({ queryKey: pageLayoutsKey(document.page, structureId) }),
      queryClient.invalidateQueries({ queryKey: versionsKey(document.page, structureId, scope) }),
    ]),
  });
}
