/**
 * From the rows notify() wrote in a transaction to pg-boss jobs, after that transaction committed:
 * the deliveries not yet handed to the queue (`enqueued_at` null) are sent as jobs whose id is the
 * delivery's, then marked. pg-boss inserts a job id once (ON CONFLICT DO NOTHING), so two
 * processes dispatching the same row, or a process that died between the send and the mark,
 * never make two jobs. notify() does not send the jobs itself: pg-boss writes through its own
 * connection, which would queue a job for a transaction that may still roll back (and, on PGlite,
 * wait for the one connection the transaction holds).
 */
import { asc, inArray, isNull } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import { notificationDeliveries } from '../db/schema.ts';

export const NOTIFICATION_DELIVERY_QUEUE = 'notification-delivery';

export interface DeliveryJob { deliveryId: string }

export async function dispatchDeliveries(db: Db, boss: PgBoss, now: () => Date, limit = 200): Promise<number> {
  const waiting = await db.select({ id: notificationDeliveries.id }).from(notificationDeliveries)
    .where(isNull(notificationDeliveries.enqueuedAt)).orderBy(asc(notificationDeliveries.createdAt)).limit(limit);
  if (waiting.length === 0) return 0;
  for (const { id } of waiting) await boss.send(NOTIFICATION_DELIVERY_QUEUE, { deliveryId: id } satisfies DeliveryJob, { id });
  await db.update(notificationDeliveries).set({ enqueuedAt: now() }).where(inArray(notificationDeliveries.id, waiting.map((w) => w.id)));
  return waiting.length;
}
