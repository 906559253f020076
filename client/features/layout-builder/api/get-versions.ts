import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReplyOf } from '../../../../schemas/api/contract.ts';
import { layoutRoutes } from '../../../../schemas/api/ui.ts';
import { call } from '../../../lib/api/client.ts';
import { scopeQuery, versionsKey, type LayoutScope } from './layout-scope.ts';

export type LayoutVersion = ReplyOf<typeof layoutRoutes.versions>['data'][number];

/** GET /ui/layouts/{page}/versions: saved versions, newest first, with author and message. */
export const getVersions = (page: string, structureId: string, scope: LayoutScope) =>
  call(layoutRoutes.versions, { params: { page }, query: scopeQuery(structureId, scope) });

export const versionsQueryOptions = (page: string, structureId: string, scope: LayoutScope, enabled = true) =>
  queryOptions({ queryKey: versionsKey(page, structureId, scope), queryFn: () => getVersions(page, structureId, scope), enabled });

export const useVersions = (page: string, structureId: string, scope: LayoutScope, enabled?: boolean) =>
  useQuery(versionsQueryOptions(page, structureId, scope, enabled));
