/**
 * The caller's own notifications, preferences and push subscriptions (issue 20 §5). Everything is
 * read and written with `recipient_id` / `user_id` = the caller: another user's notification is
 * not found (404), whoever asks.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { notificationPreferences, notifications, pushSubscriptions } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import {
  NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type Notification, type NotificationChannel, type NotificationPage,
  type NotificationPreferences, type NotificationPreferencesBody, type NotificationSubject, type NotificationType, type PushSubscriptionBody,
} from '../../../schemas/notifications.ts';
import { preferencesOf } from '../../notifications/preferences.ts';
import type { CareContext } from '../context.ts';

type Row = typeof notifications.$inferSelect;

const toNotification = (row: Row): Notification => ({
  id: row.id, type: row.type as NotificationType, patientFileId: row.patientFileId, subject: row.subject as NotificationSubject,
  createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null,
});

/** A push endpoint is a push service's https address; http only for a service on this machine (development, tests). */
function isPushEndpoint(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return url.hostname !== '';
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

export function notificationsRepository(care: CareContext, options: { production: boolean }) {
  const { db, userId } = care;
  const mine = and(eq(notifications.recipientId, userId), eq(notifications.inApp, true));
  const unread = and(mine, isNull(notifications.readAt));
  const unreadCount = async () => (await db.select({ n: count() }).from(notifications).where(unread))[0]?.n ?? 0;

  return {
    unreadCount,

    async list(query: { page: number; pageSize: number; unread?: boolean }): Promise<NotificationPage> {
      const where = query.unread ? unread : mine;
      const [rows, [total], unreadTotal] = await Promise.all([
        db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(query.pageSize).offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(notifications).where(where),
        unreadCount(),
      ]);
      return { data: rows.map(toNotification), totalItems: total?.n ?? 0, page: query.page, pageSize: query.pageSize, unreadCount: unreadTotal };
    },

    async markRead(id: string): Promise<Notification> {
      // Read once: the first time is kept (coalesce), a second mark changes nothing.
      const [row] = await db.update(notifications).set({ readAt: sql`coalesce(${notifications.readAt}, ${care.now().toISOString()}::timestamptz)` })
        .where(and(eq(notifications.id, id), mine)).returning();
      if (!row) throw notFound();
      return toNotification(row);
    },

    async markAllRead(): Promise<{ marked: number }> {
      const rows = await db.update(notifications).set({ readAt: care.now() }).where(unread).returning({ id: notifications.id });
      return { marked: rows.length };
    },

    preferences: (): Promise<NotificationPreferences> => preferencesOf(db, userId),

    async setPreferences(body: NotificationPreferencesBody): Promise<NotificationPreferences> {
      // Every entry checked before any is written: one unknown name changes nothing.
      body.preferences.forEach((p, i) => {
        if (!(NOTIFICATION_TYPES as readonly string[]).includes(p.type)) throw badRequest('notification_type_unknown', {}, `body.preferences.${i}.type`);
        if (!(NOTIFICATION_CHANNELS as readonly string[]).includes(p.channel)) throw badRequest('notification_channel_unknown', {}, `body.preferences.${i}.channel`);
      });
      if (body.preferences.length > 0) {
        // The last entry for a type × channel wins, as if they were applied in order.
        const rows = [...new Map(body.preferences.map((p) => [`${p.type}|${p.channel}`, p])).values()];
        await db.insert(notificationPreferences).values(rows.map((p) => ({
          userId, type: p.type as NotificationType, channel: p.channel as NotificationChannel, enabled: p.enabled, updatedAt: care.now(),
        }))).onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type, notificationPreferences.channel],
          set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
        });
      }
      return preferencesOf(db, userId);
    },

    async subscribe(body: PushSubscriptionBody): Promise<{ endpoint: string; createdAt: string }> {
      if (!isPushEndpoint(body.endpoint) || (options.production && !body.endpoint.startsWith('https:'))) {
        throw badRequest('push_endpoint_invalid', {}, 'body.endpoint');
      }
      // One row per endpoint (one browser): the same again, or the browser now used by another
      // account, keeps one row, the caller's, with the keys just given.
      const [row] = await db.insert(pushSubscriptions).values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: care.now() })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth },
        }).returning();
      return { endpoint: row!.endpoint, createdAt: row!.createdAt.toISOString() };
    },

    async unsubscribe(endpoint: string): Promise<void> {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
    },
  };
}

