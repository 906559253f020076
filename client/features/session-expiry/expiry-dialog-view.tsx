/** Below the threshold: Extend (with the countdown in seconds) or Disconnect; once over: Reconnect. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redirectToLogin, redirectToLogout } from '../../lib/session/branding-param.ts';
import type { ExpiryStatus } from '../../lib/session/expiry-store.ts';
import { extendSession } from './extend-session.ts';

export default function ExpiryDialogView({ status }: { status: Exclude<ExpiryStatus, { kind: 'active' }> }) {
  const { t } = useTranslation();
  const [extending, setExtending] = useState(false);
  const extend = () => {
    setExtending(true);
    void extendSession().finally(() => setExtending(false));
  };
  const expired = status.kind === 'expired';
  return (
    <Modal
      opened onClose={() => {}} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false}
      centered title={t(expired ? 'expiry.expiredTitle' : 'expiry.warningTitle')}
    >
      {status.kind === 'warning' && (
        <>
          <Text aria-live="polite" data-testid="expiry-countdown">{t('expiry.warningText', { count: status.secondsLeft })}</Text>
          <Group mt="lg" justify="flex-end">
            <Button variant="default" onClick={() => redirectToLogout()}>{t('menu.disconnect')}</Button>
            <Button loading={extending} onClick={extend}>{t('expiry.extend')}</Button>
          </Group>
        </>
      )}
      {expired && (
        <>
          <Text>{t('expiry.expiredText')}</Text>
          <Group mt="lg" justify="flex-end">
            <Button onClick={() => redirectToLogin()}>{t('expiry.reconnect')}</Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
