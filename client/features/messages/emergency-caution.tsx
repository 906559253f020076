/** Spec 000 §1 and 001 §9: messaging is not for emergencies, with the numbers 15 and 112, shown where the patient writes. */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from './texts.ts';

export function EmergencyCaution() {
  const { t } = useTranslation(MESSAGES);
  return (
    <Alert color="negative" variant="light" title={t('messages.cautionTitle')} data-testid="message-caution" p="xs">
      {t('messages.caution')}
    </Alert>
  );
}
