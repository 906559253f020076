import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUnknown } from '../../../lib/api/client.ts';
import { blockListKeys } from '../../../lib/api/query-keys.ts';
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
  return missing ? undefined : bound;
}

/** The endpoint is the layout author's: its answer is checked, not assumed, to be `{ data: [...] }`. */
function rowsOf(body: unknown): { data: Record<string, unknown>[] } {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('The endpoint did not answer { data: [...] }');
  return { data: data.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null) };
}

export const listQueryOptions = (path: string | undefined) =>
  queryOptions({
    queryKey: blockListKeys.list(path),
    queryFn: async () => rowsOf(await getUnknown(path!)),
    enabled: Boolean(path),
  });

export const useList = (path: string | undefined) => useQuery(listQueryOptions(path));
