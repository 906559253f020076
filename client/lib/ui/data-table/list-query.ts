/**
 * The query of one page of a list: the page's parameters are part of the key, the previous
 * page stays on screen while the next loads (no blank table between pages), and the request
 * gets TanStack Query's AbortSignal, so a request whose key was replaced (a new search, another
 * page) is aborted instead of finishing for nothing (spec 001 §7 "abortable").
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { Page } from '../../../../schemas/common.ts';

/** What every list endpoint answers (the server's list helper: `pageOf` in schemas/common.ts); the table reads these. */
export type ListPage<T> = Pick<Page<T>, 'data' | 'totalItems' | 'totalCapped'>;

export function listQueryOptions<T, const K extends readonly unknown[]>(options: {
  queryKey: K;
  fetchPage(signal: AbortSignal): Promise<ListPage<T>>;
  enabled?: boolean;
}) {
  return queryOptions({
    queryKey: options.queryKey,
    queryFn: ({ signal }) => options.fetchPage(signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
