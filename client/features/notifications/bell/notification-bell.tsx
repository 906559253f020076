/**
 * The bell in the header of every area (issue 20 §5): the caller's unread count on a badge, the
 * button's name saying it in words ("3 unread notifications", plural-aware), and the list in a
 * popover. Like the user menu, the list (Popover, its texts) is a chunk of its own, fetched when
 * the pointer or the focus reaches the bell: the first screens carry only the button and the
 * count's query, made stale by the live stream (never polled). When the count goes up while the tab is open, a notice says so (5000 ms, as
 * every notice: lib/notify.ts).
 */
import { ActionIcon } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationKeys } from '../../../lib/api/query-keys.ts';
import { useLiveConnection } from '../../../lib/live/live-events.ts';
import { notify } from '../../../lib/notify.ts';
import { useUnreadCount } from '../api/notifications.ts';
import { BellIcon } from './bell-icon.tsx';
import classes from './bell.module.css';

const load = () => import('./notification-popover.tsx');
const NotificationPopover = lazy(load);

/** More than this shows "99+" on the badge; the button's name keeps the exact number. */
const BADGE_MAX = 99;

export function NotificationBell() {
  const { t } = useTranslation();
  // The count moves with the live stream's notification.created, in every area that shows the bell.
  useLiveConnection();
  const count = useUnreadCount().data?.unreadCount ?? 0;
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  useNewNotificationsNotice(count);
  const button = (
    <ActionIcon
      variant="subtle" color="gray" size="lg"
      aria-label={t('bell.label', { count })} aria-haspopup="dialog" aria-expanded={opened} data-testid="notification-bell" data-count={count}
      onPointerEnter={() => void load()} onFocus={() => void load()}
      onClick={() => { setUsed(true); setOpened((o) => !o); }}
    >
      <BellIcon />
    </ActionIcon>
  );
  // Beside the button, not in it: its name says the count in words ("one unread"), which a digit
  // inside would contradict for assistive technologies that match visible text and name.
  const badge = count > 0 && <span className={classes.count} aria-hidden="true" data-testid="notification-count">{count > BADGE_MAX ? `${BADGE_MAX}+` : count}</span>;
  return (
    <span className={classes.bell}>
      {used
        ? <Suspense fallback={button}><NotificationPopover opened={opened} onChange={setOpened} unread={count}>{button}</NotificationPopover></Suspense>
        : button}
      {badge}
    </span>
  );
}

/**
 * When the count changes between two answers, the list is made stale, and a rise is noticed (not
 * at the first answer: that is the state on arrival).
 */
function useNewNotificationsNotice(count: number) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const previous = useRef<number>(undefined);
  const { data } = useUnreadCount();
  useEffect(() => {
    if (!data) return;
    const before = previous.current;
    previous.current = count;
    if (before === undefined || count === before) return;
    // The list read before is out of date, open or not.
    void client.invalidateQueries({ queryKey: notificationKeys.list() });
    if (count > before) void notify({ message: t('bell.new', { count: count - before }), color: 'info' });
  }, [data, count, t, client]);
}
