import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnce } from './chunk-error.ts';

/** Error element of the routes: a chunk failure reloads the target address, anything else is shown. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const location = useLocation();
  const target = `${location.pathname}${location.search}${location.hash}`;
  const [reloading, setReloading] = useState(() => isChunkLoadError(error));
  useEffect(() => {
    if (isChunkLoadError(error) && !reloadOnce(target)) setReloading(false);
  }, [error, target]);
  if (reloading) return null;
  console.error(error);
  return (
    <Center mih="60vh">
      <Stack align="center">
        <Title order={1} size="h3">{t('errors.unexpected.title')}</Title>
        <Text>{t('errors.unexpected.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errors.unexpected.reload')}</Button>
      </Stack>
    </Center>
  );
}
