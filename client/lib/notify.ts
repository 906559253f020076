/**
 * Notifications (spec 000 §9: they stay 5000 ms). Mantine's notification system and its
 * container load on the first notification, not with the first screen.
 */
import type { NotificationData } from '@mantine/notifications';
import { createStore } from './store.ts';

/** True once something was notified: the container is then mounted. */
export const notificationsUsed = createStore(false);

export async function notify(data: NotificationData): Promise<void> {
  notificationsUsed.set(true);
  const { notifications } = await import('@mantine/notifications');
  notifications.show(data);
}
