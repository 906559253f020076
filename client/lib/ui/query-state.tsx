/**
 * The states of a screen's or a block's data, written once: while it loads a loader (or the
 * skeleton the screen gives), a failure through the shared QueryError (not found with a way home,
 * or Retry for what may pass), an empty text when there is nothing, then the screen's own content
 * with the data. Screens never write `isPending ? … : isError ? …` again, so every list says
 * "loading", "failed" and "nothing yet" the same way. Paged lists use DataTable, which has these
 * states built in (skeleton rows).
 */
import { Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from './query-error.tsx';

/** What QueryState reads of a TanStack query (or of several joined: see `pending` and `error`). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch(): unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Shown while loading instead of the loader: a skeleton of the content. */
  skeleton?: ReactNode;
  /** The loader's accessible name (a screen's own "Loading the notes"); else the app's "Loading…". */
  loadingLabel?: string;
  /** Said when the data is empty (an empty array, a page of 0 items, or what `isEmpty` says). */
  empty?: ReactNode;
  isEmpty?(data: T): boolean;
  /** Where a "not found" leads (the area's home). */
  homeHref?: string;
  children?(data: T): ReactNode;
}

const emptyByDefault = (data: unknown) =>
  Array.isArray(data) ? data.length === 0 : typeof data === 'object' && data !== null && 'totalItems' in data && data.totalItems === 0;

export function QueryState<T>({ query, skeleton, loadingLabel, empty, isEmpty = emptyByDefault, homeHref, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return skeleton ?? <Loader size="sm" aria-label={loadingLabel ?? t('loading.text')} />;
  if (query.isError || query.data === undefined) return <QueryError error={query.error} onRetry={() => void query.refetch()} homeHref={homeHref} />;
  if (empty !== undefined && isEmpty(query.data)) return typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : empty;
  return children ? children(query.data) : null;
}
