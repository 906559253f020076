/**
 * What each user chose per type × channel, defaults applied where they never chose
 * (schemas/notifications.ts defaultPreference: in-app on, e-mail on for some types, push once a
 * browser subscribed).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notificationPreferences, pushSubscriptions } from '../db/schema.ts';
import {
  defaultPreference, NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type NotificationChannel, type NotificationPreferences, type NotificationType,
} from '../../schemas/notifications.ts';

/** Every type × channel of one user, in the contract's order. */
export async function preferencesOf(db: Db, userId: string): Promise<NotificationPreferences> {
  const [chosen, subscribed] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1),
  ]);
  const hasPushSubscription = subscribed.length > 0;
  const set = new Map(chosen.map((p) => [`${p.type}|${p.channel}`, p.enabled]));
  return {
    hasPushSubscription,
    preferences: NOTIFICATION_TYPES.flatMap((type) => NOTIFICATION_CHANNELS.map((channel) => {
      const enabled = set.get(`${type}|${channel}`);
      return { type, channel, enabled: enabled ?? defaultPreference(type, channel, hasPushSubscription), isDefault: enabled === undefined };
    })),
  };
}

/** For one type, the channels each recipient gets it on (push only with a subscription to send to). */
export async function channelsFor(db: Db, userIds: readonly string[], type: NotificationType): Promise<Map<string, Set<NotificationChannel>>> {
  const [chosen, subscribed] = await Promise.all([
    db.select().from(notificationPreferences).where(and(inArray(notificationPreferences.userId, [...userIds]), eq(notificationPreferences.type, type))),
    db.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, [...userIds])),
  ]);
  const withPush = new Set(subscribed.map((s) => s.userId));
  const set = new Map(chosen.map((p) => [`${p.userId}|${p.channel}`, p.enabled]));
  return new Map(userIds.map((userId) => [userId, new Set(NOTIFICATION_CHANNELS.filter((channel) => {
    if (channel === 'PUSH' && !withPush.has(userId)) return false;
    return set.get(`${userId}|${channel}`) ?? defaultPreference(type, channel, withPush.has(userId));
  }))]));
}
