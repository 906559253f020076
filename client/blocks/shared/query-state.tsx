/** Loading and failure of a block's data, the same in every block. */
import { Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function QueryState({ isPending, isError }: { isPending: boolean; isError: boolean }) {
  const { t } = useTranslation();
  if (isError) return <Text c="negative" size="sm" role="alert">{t('blocks.loadFailed')}</Text>;
  if (isPending) return <Loader size="sm" aria-label={t('loading.text')} />;
  return null;
}
