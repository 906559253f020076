import { Alert, Button, Center, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../lib/ui/brand-logo.tsx';
import { redirectToLogout } from '../../lib/session/branding-param.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** The authentication error screen (spec 000 §4): the session check failed for an unknown reason. */
export function AuthErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('screens.authError'));
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" maw={520}>
        <Stack>
          <BrandLogo height={40} />
          <Title order={1} size="h2">{t('screens.authError')}</Title>
          <Alert color="negative" variant="light">{t('errors.authError.text')}</Alert>
          <Group>
            <Button onClick={() => window.location.assign('/')}>{t('errors.authError.retry')}</Button>
            <Button variant="default" onClick={() => redirectToLogout()}>{t('errors.authError.login')}</Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}

export const Component = AuthErrorPage;
