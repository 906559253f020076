import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A menu entry whose screen a later issue builds: its name, and that it is not available yet. */
export function NotAvailableModal({ titleKey, onClose }: { titleKey: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={titleKey !== undefined} onClose={onClose} title={titleKey ? t(titleKey) : ''} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text>{t('placeholder.notAvailable')}</Text>
    </Modal>
  );
}
