import type { FromSchema } from 'json-schema-to-ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { layoutVersionListSchema } from '../../../../schemas/layout-api.ts';
import { apiFetch } from '../../../lib/api/client.ts';
import { scopeQuery, versionsKey, type LayoutScope } from './layout-scope.ts';

export type LayoutVersion = FromSchema<typeof layoutVersionListSchema>['data'][number];

/** GET /ui/layouts/{page}/versions: saved versions, newest first, with author and message. */
export const getVersions = (page: string, structureId: string, scope: LayoutScope) =>
  apiFetch<{ data: LayoutVersion[] }>(`/layouts/${page}/versions`, { prefix: '/ui', query: scopeQuery(structureId, scope) });

export const versionsQueryOptions = (page: string, structureId: string, scope: LayoutScope, enabled = true) =>
  queryOptions({ queryKey: versionsKey(page, structureId, scope), queryFn: () => getVersions(page, structureId, scope), enabled });

export const useVersions = (page: string, structureId: string, scope: LayoutScope, enabled?: boolean) =>
  useQuery(versionsQueryOptions(page, structureId, scope, enabled));
