/**
 * Loading and failure of a block's data, the same in every block and on every screen: the
 * failure is told by the shared QueryError (a record one cannot open says "not found" with a
 * way home, a failure that may pass offers Retry).
 */
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../lib/ui/query-error.tsx';

interface BlockQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

export function QueryState({ query, homeHref }: { query: BlockQuery; homeHref: string }) {
  const { t } = useTranslation();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} homeHref={homeHref} />;
  if (query.isPending) return <Loader size="sm" aria-label={t('loading.text')} />;
  return null;
}
