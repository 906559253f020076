/**
 * The bell's list in a popover (as wide as the screen allows: 390 px phones get the whole width
 * less a margin): the caller's notifications newest first, 15 at a time with "More", "Mark all
 * read" while some are unread. Following one marks it read and closes the list. The list is a
 * dialog named "Notifications" (the bell says how many are unread) that holds the focus while
 * open, starting on its close button; Escape (wherever the focus is: a button it was on may have
 * become disabled), the close button or a click elsewhere close it, and the focus returns to the
 * bell.
 */
import { Alert, Button, CloseButton, Group, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../lib/ui/query-state.tsx';
import { useMarkAllRead, useMarkRead, useNotificationList } from '../api/notifications.ts';
import { NOTIFICATIONS } from '../texts.ts';
import { NotificationItem } from './notification-item.tsx';

interface Props { opened: boolean; onChange(opened: boolean): void; unread: number; children: ReactElement }

export default function NotificationPopover({ opened, onChange, unread, children }: Props) {
  useWindowEvent('keydown', (event) => { if (opened && event.key === 'Escape') onChange(false); });
  return (
    // Fixed and shifted without limit: on a phone the bell is mid-header, and the list, nearly as
    // wide as the screen, must move fully inside it rather than stay aligned with the bell and
    // widen the page.
    <Popover
      opened={opened} onChange={onChange} position="bottom-end" width="min(400px, calc(100vw - 16px))" shadow="md"
      floatingStrategy="fixed" middlewares={{ flip: true, shift: { padding: 8, limiter: undefined } }}
      withinPortal trapFocus returnFocus withRoles={false}
    >
      <Popover.Target>{children}</Popover.Target>
      <Popover.Dropdown p={0} data-testid="notification-list">
        {opened && <NotificationList unread={unread} onClose={() => onChange(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationList({ unread, onClose }: { unread: number; onClose(): void }) {
  const { t } = useTranslation(NOTIFICATIONS);
  const list = useNotificationList();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  return (
    <Stack gap={0} role="dialog" aria-label={t('notifications.title')}>
      <Group justify="space-between" gap="xs" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Title order={2} size="h5">{t('notifications.title')}</Title>
        <Group gap="xs" wrap="nowrap">
          <Button variant="subtle" size="compact-sm" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()} data-testid="notification-mark-all">
            {t('notifications.markAllRead')}
          </Button>
          <CloseButton onClick={onClose} aria-label={t('notifications.close')} data-autofocus />
        </Group>
      </Group>
      {(markAll.isError || markRead.isError) && <Alert color="negative" variant="light" m="sm" role="alert">{t('notifications.markFailed')}</Alert>}
      <ScrollArea.Autosize mah="min(70vh, 520px)" type="auto">
        <QueryState query={list} empty={<Text c="dimmed" p="md">{t('notifications.empty')}</Text>} isEmpty={(data) => data.pages[0]!.totalItems === 0} loadingLabel={t('notifications.loading')}>
          {(data) => (
            <>
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {data.pages.flatMap((page) => page.data).map((n) => (
                  <NotificationItem key={n.id} notification={n} onFollow={() => { if (!n.readAt) markRead.mutate(n.id); onClose(); }} />
                ))}
              </ul>
              {list.hasNextPage && (
                <Group justify="center" p="sm">
                  <Button variant="default" size="compact-sm" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} data-testid="notification-more">{t('notifications.more')}</Button>
                </Group>
              )}
            </>
          )}
        </QueryState>
      </ScrollArea.Autosize>
    </Stack>
  );
}
