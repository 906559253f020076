import { Center, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Chargement...' with a loading bar in the secondary colour (spec 000 §9). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm" w={240}>
        <Text>{t('loading.text')}</Text>
        <Progress value={100} animated striped color="secondary" w="100%" size="sm" aria-hidden />
      </Stack>
    </Center>
  );
}
