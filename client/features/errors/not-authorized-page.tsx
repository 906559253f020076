import { Alert, Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Shown when access is refused (spec 000 §2). */
export function NotAuthorizedPage() {
  const { t } = useTranslation();
  usePageTitle(t('screens.notAuthorized'));
  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">{t('screens.notAuthorized')}</Title>
      <Alert color="negative" variant="light">{t('errors.notAuthorized.text')}</Alert>
      <Button component={Link} to={paths.contextSelector.getHref()} w="fit-content">{t('errors.notAuthorized.toSelector')}</Button>
    </Stack>
  );
}

export const Component = NotAuthorizedPage;
