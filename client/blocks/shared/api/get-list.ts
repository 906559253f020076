import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/client.ts';
import type { BlockContext } from '../../types.ts';

/**
 * A data table's endpoint with its placeholders filled from where the block is shown:
 * `{structureId}` (or `{establishmentId}`) and `{patientFileId}`. Undefined when one is missing.
 */
export function bindEndpoint(endpoint: string, context: Pick<BlockContext, 'structureId' | 'patientFileId'>): string | undefined {
  const values: Record<string, string | undefined> = {
    structureId: context.structureId, establishmentId: context.structureId, patientFileId: context.patientFileId,
  };
  let missing = false;
  const bound = endpoint.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (!value) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? undefined : bound.replace(/^\/api/, '');
}

export const listQueryOptions = (path: string | undefined) =>
  queryOptions({
    queryKey: ['block-list', path],
    queryFn: () => apiFetch<{ data: Record<string, unknown>[] }>(path!),
    enabled: Boolean(path),
  });

export const useList = (path: string | undefined) => useQuery(listQueryOptions(path));
