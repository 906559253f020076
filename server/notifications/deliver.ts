/**
 * One delivery (a notification × a sending channel), as its job runs it: the e-mail or the web
 * push sent in the recipient's language (messages.ts), and the outcome recorded on the delivery
 * row — attempts, `sent` with the time, or `failed` with the last error. A failure that another
 * attempt may cure (the SMTP server down, a push service's 5xx) throws after recording, so
 * pg-boss retries the job with its backoff; the row then goes from failed to sent. A failure no
 * retry cures (no SMTP server, web push off, no subscription left) is recorded and not retried.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notificationDeliveries, notifications, pushSubscriptions, users } from '../db/schema.ts';
import type { NotificationType, PushPayload } from '../../schemas/notifications.ts';
import { messageFor } from './messages.ts';
import { PushGone, sendPush } from './push.ts';
import type { NotificationServices } from './service.ts';

export type DeliveryOutcome = 'sent' | 'failed' | 'skipped';

export async function deliver(db: Db, services: NotificationServices, deliveryId: string, now: () => Date): Promise<DeliveryOutcome> {
  const [row] = await db.select({
    delivery: notificationDeliveries, type: notifications.type, notificationId: notifications.id,
    email: users.email, language: users.language, userId: users.id,
  }).from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .innerJoin(users, eq(users.id, notifications.recipientId))
    .where(eq(notificationDeliveries.id, deliveryId));
  // Sent already (a job run twice): never twice.
  if (!row || row.delivery.state === 'sent') return 'skipped';
  await db.update(notificationDeliveries).set({ attempts: sql`${notificationDeliveries.attempts} + 1` }).where(eq(notificationDeliveries.id, deliveryId));
  // A delivery sent after failures keeps its last error: the record says it was retried, and why.
  const record = (state: 'sent' | 'failed', lastError: string | null) => db.update(notificationDeliveries)
    .set(state === 'sent' ? { state, sentAt: now(), ...(lastError ? { lastError } : {}) } : { state, lastError })
    .where(eq(notificationDeliveries.id, deliveryId));
  const message = messageFor(row.type as NotificationType, row.language, services.publicUrl);

  if (row.delivery.channel === 'EMAIL') {
    if (!services.mailer) {
      await record('failed', 'SMTP_URL is not set');
      return 'failed';
    }
    try {
      await services.mailer.send(row.email, message);
    } catch (error) {
      await record('failed', errorText(error));
      throw error;
    }
    await record('sent', null);
    return 'sent';
  }

  const vapid = await services.vapid();
  if (!vapid) {
    await record('failed', 'web push is off (no VAPID keys)');
    return 'failed';
  }
  const targets = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, row.userId));
  // What the service worker shows: the same words as the e-mail, no patient data.
  const payload = JSON.stringify({
    notificationId: row.notificationId, type: row.type as NotificationType, title: message.subject, body: message.sentence, url: '/',
  } satisfies PushPayload);
  let sent = 0;
  let retryable: unknown;
  for (const target of targets) {
    try {
      await sendPush(target, payload, vapid, services.vapidSubject);
      sent += 1;
    } catch (error) {
      if (error instanceof PushGone) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
      else retryable = error;
    }
  }
  if (sent > 0) {
    await record('sent', retryable ? errorText(retryable) : null);
    return 'sent';
  }
  if (retryable) {
    await record('failed', errorText(retryable));
    throw retryable;
  }
  await record('failed', 'no push subscription');
  return 'failed';
}

/** The error's message and its cause's (fetch says "fetch failed", its cause says why). */
const errorText = (error: unknown): string => {
  const text = error instanceof Error ? error.message + (error.cause instanceof Error ? `: ${error.cause.message}` : '') : String(error);
  return text.slice(0, 500);
};
