/**
 * THE entry point other code calls to tell people something happened (issue 20 §5), inside the
 * transaction that makes it happen, so a rolled-back change tells no one:
 *
 *   await notify(tx, { type: 'NEW_DOCUMENT', recipients: userIds, patientFileId, subject: { documentId } });
 *
 * Per recipient and their choices for the type (preferences.ts): one `notifications` row (shown
 * in the bell unless they turned in-app off) and one `notification_deliveries` row per sending
 * channel, queued. The job queue sends them (dispatch.ts hands each to pg-boss after the commit,
 * deliver.ts sends the e-mail or the push and records the outcome). The author of the event is
 * never told about it. Nothing about the patient is copied: the row names the file and records by id.
 */
import type { Db } from '../db/client.ts';
import { notificationDeliveries, notifications } from '../db/schema.ts';
import { sql } from 'drizzle-orm';
import { DELIVERY_CHANNELS, NOTIFICATIONS_CHANNEL, type NotificationCreatedEvent, type NotificationSubject, type NotificationType } from '../../schemas/notifications.ts';
import { channelsFor } from './preferences.ts';

export interface NotifyInput {
  type: NotificationType;
  recipients: readonly string[];
  patientFileId?: string | null;
  subject?: NotificationSubject;
  /** Who caused it: left out of the recipients. */
  author?: string | null;
  /** When it happened (the app's clock); the database's now when absent. */
  at?: Date;
}

/** Writes the notifications and queues their deliveries; answers the ids of the notifications written. */
export async function notify(tx: Db, input: NotifyInput): Promise<string[]> {
  const recipients = [...new Set(input.recipients)].filter((id) => id !== input.author);
  if (recipients.length === 0) return [];
  const channels = await channelsFor(tx, recipients, input.type);
  const ids: string[] = [];
  for (const recipientId of recipients) {
    const chosen = channels.get(recipientId)!;
    const sending = DELIVERY_CHANNELS.filter((c) => chosen.has(c));
    if (!chosen.has('IN_APP') && sending.length === 0) continue;
    const [row] = await tx.insert(notifications).values({
      recipientId, type: input.type, patientFileId: input.patientFileId ?? null, subject: (input.subject ?? {}) as Record<string, string>,
      inApp: chosen.has('IN_APP'), ...(input.at ? { createdAt: input.at } : {}),
    }).returning({ id: notifications.id });
    // Told live to the recipient's open streams at commit (server/care/alerts/live.ts): the bell moves.
    if (chosen.has('IN_APP')) {
      const event: NotificationCreatedEvent = { type: 'notification.created', recipientId, notificationId: row!.id };
      await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify(event)})`);
    }
    if (sending.length > 0) {
      await tx.insert(notificationDeliveries).values(sending.map((channel) => ({ notificationId: row!.id, channel })));
    }
    ids.push(row!.id);
  }
  return ids;
}
