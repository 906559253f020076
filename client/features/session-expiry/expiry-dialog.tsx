/**
 * The session-expiry dialog (spec 000 §4): below the configured threshold it offers Extend,
 * with a countdown in seconds, or Disconnect; once the session is over it offers Reconnect.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redirectToLogin, redirectToLogout } from '../../lib/session/branding-param.ts';
import { extendSession } from './extend-session.ts';
import { useExpiryStatus } from './use-expiry-status.ts';

export function ExpiryDialog({ warnMinutes }: { warnMinutes: number }) {
  const { t } = useTranslation();
  const status = useExpiryStatus(warnMinutes);
  const [extending, setExtending] = useState(false);
  const extend = () => {
    setExtending(true);
    void extendSession().finally(() => setExtending(false));
  };
  const expired = status.kind === 'expired';
  return (
    <Modal
      opened={status.kind !== 'active'} onClose={() => {}} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false}
      centered title={t(expired ? 'expiry.expiredTitle' : 'expiry.warningTitle')} data-testid="expiry-dialog"
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
