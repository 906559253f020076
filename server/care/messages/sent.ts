/**
 * "A message was sent": THE one place that happens, inside the transaction that stores it, so
 * that whatever follows a message is sent only if the message is committed, and once (a retry with
 * the same Idempotency-Key answers the stored message without coming here again).
 *
 * - The live event `message.created` (schemas/messages.ts): `pg_notify` in the transaction is
 *   delivered at commit to every process LISTENing (server/care/alerts/live.ts), on the same
 *   connection as the access notices, so in commit order with them; the event streams forward it
 *   to the file's professionals and to its patient and caregivers (server/care/events/routes.ts).
 * - Notifications (in-app, e-mail, web push) of the new message, written in the same transaction
 *   (server/notifications/events.ts says who is told).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { MESSAGES_CHANNEL, type MessageCreatedEvent } from '../../../schemas/messages.ts';
import { messageSentTo } from '../../notifications/events.ts';

export interface SentMessage {
  patientFileId: string; messageId: string; serviceId: string; authorId: string;
  authorRole: 'patient' | 'caregiver' | 'professional';
  at: Date;
}

export async function messageSent(tx: Db, sent: SentMessage): Promise<void> {
  const event: MessageCreatedEvent = { type: 'message.created', patientFileId: sent.patientFileId, messageId: sent.messageId, serviceId: sent.serviceId };
  await tx.execute(sql`select pg_notify(${MESSAGES_CHANNEL}, ${JSON.stringify(event)})`);
  await messageSentTo(tx, { id: sent.messageId, patientFileId: sent.patientFileId, authorId: sent.authorId, authorRole: sent.authorRole }, sent.at);
}
