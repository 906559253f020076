/** A load failure of spec 001 §8 (form response, form, questionnaire), with a way out. */
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadError({ messageKey, refresh, onRetry }: { messageKey: string; refresh?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="negative" variant="light" role="alert" title={t(messageKey)}>
      {refresh && <Button size="xs" mt="xs" onClick={() => window.location.reload()}>{t('questionnaires.errors.refresh')}</Button>}
      {onRetry && <Button size="xs" mt="xs" onClick={onRetry}>{t('questionnaires.errors.retry')}</Button>}
    </Alert>
  );
}
