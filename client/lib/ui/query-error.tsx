/**
 * The one way a screen says its data did not load (layout screens, the patient file, and any
 * screen reading a record): from the API error's status and code (error-kind.ts), either "not
 * found or not available" with a way home, or "loading failed" with Retry. Screens never
 * choose between them themselves, so a record one cannot open never offers a useless Retry.
 */
import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { errorKind } from '../api/error-kind.ts';

interface Props {
  error: unknown;
  /** Tries the load again (a query's `refetch`); shown only for failures that may pass. */
  onRetry(): void;
  /** Where "back home" leads: the area's home; the landing page when absent. */
  homeHref?: string;
}

export function QueryError({ error, onRetry, homeHref = paths.root.getHref() }: Props) {
  const { t } = useTranslation();
  const kind = errorKind(error);
  if (kind === 'notFound') return <NotFound homeHref={homeHref} />;
  return (
    <Alert role="alert" variant="light" color="negative" data-error-kind={kind} title={t('errors.loadFailed.title')}>
      {t('errors.loadFailed.text')}
      <Group mt="sm"><Button size="xs" onClick={onRetry}>{t('errors.loadFailed.retry')}</Button></Group>
    </Alert>
  );
}

/**
 * "Not found or not available" with a way home: what QueryError shows for a record one cannot
 * open, and what a screen shows when the record is missing from a list that did load (a task
 * id that is not among the file's tasks), so both read the same.
 */
export function NotFound({ homeHref = paths.root.getHref() }: { homeHref?: string }) {
  const { t } = useTranslation();
  return (
    <Alert role="alert" variant="light" color="warning" data-error-kind="notFound" title={t('errors.notFound.title')}>
      {t('errors.notFound.text')}
      <Group mt="sm"><Button size="xs" component={Link} to={homeHref}>{t('errors.notFound.home')}</Button></Group>
    </Alert>
  );
}
