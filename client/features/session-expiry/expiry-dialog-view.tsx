/**
 * Below the threshold: Extend (with the countdown) or Disconnect; once over: Reconnect. The
 * first focus goes to the safe action (Extend, Reconnect): Enter or a stray key press must not
 * log the person out.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redirectToLogin, redirectToLogout } from '../../lib/session/branding-param.ts';
import type { ExpiryStatus } from '../../lib/session/expiry-store.ts';
import { countdownText } from './countdown.ts';
import { extendSession } from './extend-session.ts';

export default function ExpiryDialogView({ status }: { status: Exclude<ExpiryStatus, { kind: 'active' }> }) {
  const { t } = useTranslation();
  const [extending, setExtending] = useState(false);
  const extend = () => {
    setExtending(true);
    void extendSession().finally(() => setExtending(false));
  };
  const expired = status.kind === 'expired';
  const countdown = status.kind === 'warning' ? countdownText(status.secondsLeft) : undefined;
  return (
    <Modal
      // A new dialog when the session expires (not the warning's, rewritten): it opens again and its first focus goes to Reconnect.
      key={status.kind}
      opened onClose={() => {}} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false}
      centered title={t(expired ? 'expiry.expiredTitle' : 'expiry.warningTitle')}
    >
      {countdown && (
        <>
          <Text aria-live="polite" data-testid="expiry-countdown">{t(countdown.key, { count: countdown.count })}</Text>
          <Group mt="lg" justify="flex-end">
            <Button variant="default" onClick={() => redirectToLogout()}>{t('menu.disconnect')}</Button>
            <Button data-autofocus loading={extending} onClick={extend}>{t('expiry.extend')}</Button>
          </Group>
        </>
      )}
      {expired && (
        <>
          <Text>{t('expiry.expiredText')}</Text>
          <Group mt="lg" justify="flex-end">
            <Button data-autofocus onClick={() => redirectToLogin()}>{t('expiry.reconnect')}</Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
