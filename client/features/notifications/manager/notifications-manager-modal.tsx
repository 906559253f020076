/**
 * The notifications manager (profile menu, issue 20 §5): every type of notification the user may
 * receive × the channels (in the application, e-mail, push), each a switch saved on its own as
 * soon as it changes. The switch shows the new value while it is being saved and goes back if
 * the server refuses, whose message is shown. Turning push on first makes this browser able to
 * receive it (push.ts: the permission asked now, from this action, the service worker, the
 * subscription); when the browser refuses, the screen says why and how to allow it.
 * Patients do not receive alerts (they go to the team): that row is for professionals.
 */
import { Alert, Modal, Switch, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type NotificationChannel, type NotificationType } from '../../../../schemas/notifications.ts';
import { isApiError } from '../../../lib/api/api-error.ts';
import { useSessionData } from '../../../lib/session/use-session.ts';
import { QueryState } from '../../../lib/ui/query-state.tsx';
import { usePreferences, useSavePreference } from '../api/preferences.ts';
import { NOTIFICATIONS } from '../texts.ts';
import { pushSupported, subscribePush, type PushOutcome } from './push.ts';

type Status = { kind: 'saved' } | { kind: 'failed'; message: string } | { kind: 'push'; outcome: Exclude<PushOutcome, 'subscribed'> };
const PUSH_TEXTS = { denied: 'pushDenied', dismissed: 'pushDismissed', unsupported: 'pushUnsupported', failed: 'pushFailed' } as const;
const keyOf = (type: NotificationType, channel: NotificationChannel) => `${type}:${channel}`;

export default function NotificationsManagerModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation(NOTIFICATIONS);
  const small = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={t('menu.notificationsManager')} size="lg" fullScreen={small} closeButtonProps={{ 'aria-label': t('notifications.manager.close') }}>
      <PreferencesTable />
    </Modal>
  );
}

export function PreferencesTable() {
  const { t } = useTranslation(NOTIFICATIONS);
  const { kind } = useSessionData();
  const preferences = usePreferences();
  const save = useSavePreference();
  /** The values being saved, shown until the server answers. */
  const [saving, setSaving] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [status, setStatus] = useState<Status>();
  const types = NOTIFICATION_TYPES.filter((type) => kind !== 'patient' || type !== 'ALERT');

  const change = async (type: NotificationType, channel: NotificationChannel, enabled: boolean) => {
    const key = keyOf(type, channel);
    setStatus(undefined);
    setSaving((current) => new Map(current).set(key, enabled));
    try {
      // Before anything else is awaited: the permission prompt needs the user's click.
      const outcome = channel === 'PUSH' && enabled ? await subscribePush() : 'subscribed';
      if (outcome !== 'subscribed') return setStatus({ kind: 'push', outcome });
      await save.mutateAsync({ type, channel, enabled });
      setStatus({ kind: 'saved' });
    } catch (error) {
      setStatus({ kind: 'failed', message: isApiError(error) ? error.message : t('notifications.manager.unreachable') });
    } finally {
      setSaving((current) => { const next = new Map(current); next.delete(key); return next; });
    }
  };

  return (
    <>
      <Text size="sm" mb="sm">{t('notifications.manager.help')}</Text>
      <Text size="sm" c="dimmed" mb="md">{t(pushSupported() ? 'notifications.manager.pushHelp' : 'notifications.manager.pushUnsupported')}</Text>
      <div aria-live="polite" data-testid="preferences-status">
        {status?.kind === 'saved' && <Text size="sm" c="dimmed" mb="sm">{t('notifications.manager.saved')}</Text>}
        {status?.kind === 'failed' && <Alert color="negative" variant="light" mb="sm" role="alert">{t('notifications.manager.failed', { message: status.message })}</Alert>}
        {status?.kind === 'push' && <Alert color="warning" variant="light" mb="sm" role="alert" data-testid="push-refused">{t(`notifications.manager.${PUSH_TEXTS[status.outcome]}`)}</Alert>}
      </div>
      <QueryState query={preferences}>
        {(data) => {
          const enabled = new Map(data.preferences.map((p) => [keyOf(p.type, p.channel), p.enabled]));
          return (
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing="xs" data-testid="notification-preferences">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('notifications.manager.type')}</Table.Th>
                    {/* "E-mail" never breaks at its hyphen (a non-breaking one), on a phone either. */}
                    {NOTIFICATION_CHANNELS.map((channel) => <Table.Th key={channel} ta="center">{t(`notifications.channels.${channel}`).replace(/-/g, '\u2011')}</Table.Th>)}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {types.map((type) => (
                    <Table.Tr key={type}>
                      <Table.Th scope="row" fw={400}>{t(`notifications.types.${type}`)}</Table.Th>
                      {NOTIFICATION_CHANNELS.map((channel) => {
                        const key = keyOf(type, channel);
                        return (
                          <Table.Td key={channel}>
                            <Switch
                              mx="auto" w="fit-content"
                              checked={saving.get(key) ?? enabled.get(key) ?? false}
                              disabled={saving.has(key)}
                              onChange={(event) => void change(type, channel, event.currentTarget.checked)}
                              aria-label={t('notifications.manager.switch', { type: t(`notifications.types.${type}`), channel: t(`notifications.channels.${channel}`) })}
                              data-testid={`preference-${type}-${channel}`}
                            />
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          );
        }}
      </QueryState>
    </>
  );
}
