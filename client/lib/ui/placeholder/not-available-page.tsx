/**
 * The page of a screen that a later issue builds: its name, inside the real navigation, and
 * that it is not available yet. Nothing else is invented.
 */
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useMatches, useParams } from 'react-router';
import { usePageTitle } from '../../use-page-title.ts';
import { isScreenHandle } from './screen-handle.ts';

export function NotAvailablePage() {
  const { t } = useTranslation();
  const params = useParams();
  const handle = useMatches().map((m) => m.handle).filter(isScreenHandle).at(-1);
  const title = handle ? t(handle.titleKey) : '';
  usePageTitle(title);
  return (
    <Stack gap="md">
      {handle?.back && (
        <Anchor component={Link} to={generatePath(handle.back.pattern, params)} size="sm">
          {t('placeholder.back', { screen: t(handle.back.titleKey) })}
        </Anchor>
      )}
      <Title order={1} size="h2">{title}</Title>
      <Alert variant="light" color="info" title={t('placeholder.notAvailableTitle')}>
        {t('placeholder.notAvailable')}
      </Alert>
    </Stack>
  );
}

export const Component = NotAvailablePage;
