/**
 * "A message was sent": THE one place that happens, inside the transaction that stores it, so
 * that whatever follows a message is sent only if the message is committed, and once (a retry with
 * the same Idempotency-Key answers the stored message without coming here again).
 *
 * - The live event `message.created` (schemas/messages.ts): `pg_notify` in the transaction is
 *   delivered at commit to every process LISTENing (server/care/alerts/live.ts), on the same
 *   connection as the access notices, so in commit order with them; the event streams forward it
 *   to the file's professionals and to its patient and caregivers (server/care/events/routes.ts).
 * - Notifications (web, e-mail, mobile) of a new message are another module's: call it here,
 *   with the same transaction, when it exists (`notifyMessageSent` below is where it goes).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { MESSAGES_CHANNEL, type MessageCreatedEvent } from '../../../schemas/messages.ts';

export interface SentMessage { patientFileId: string; messageId: string; serviceId: string; authorId: string }

export async function messageSent(tx: Db, sent: SentMessage): Promise<void> {
  const event: MessageCreatedEvent = { type: 'message.created', patientFileId: sent.patientFileId, messageId: sent.messageId, serviceId: sent.serviceId };
  await tx.execute(sql`select pg_notify(${MESSAGES_CHANNEL}, ${JSON.stringify(event)})`);
  await notifyMessageSent(tx, sent);
}

/**
 * The notifications module's hook (issue 20, built on another branch): tell the people of the
 * conversation other than the author. Nothing yet; the merger calls notify from here.
 */
export async function notifyMessageSent(_tx: Db, _sent: SentMessage): Promise<void> {}
