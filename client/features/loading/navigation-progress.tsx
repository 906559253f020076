import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** A thin bar in the secondary colour at the top of the page while a route loads. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Progress
      value={100} animated striped color="secondary" size="xs" radius={0} aria-label={t('loading.text')}
      style={{ position: 'fixed', insetInline: 0, top: 0, zIndex: 1000 }}
    />
  );
}
