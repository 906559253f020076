/**
 * Secure messaging (issue 20 §4, schemas/messages.ts): a patient file's conversation, read and
 * written through the file's handle (care.patientFile, or care.patientFileOf('message', id)):
 * the patient, her caregivers and the professionals of the file's service see the whole
 * conversation; anyone else gets 404 from the handle.
 *
 * - Pages are keyset pages on (created_at, id), newest first: the cursor names the last message
 *   of a page, the next page is what comes before it in messages_file_created_idx, so any page
 *   of a 10,000-message conversation is one index range scan (no offset).
 * - Bytes: the client uploads through the files routes (type read from the bytes); sending takes
 *   the caller's own unattached upload and attaches it in the transaction that writes the message.
 *   Image or file is decided from that sniffed type: an image is one the client shows inline.
 * - Nothing is deleted. The author withdraws an attachment: it stays, entered in error (who, when,
 *   why); the message then says "no longer available" and the bytes route answers 410.
 * - History: no patient-file history entry per message. The conversation is its own record,
 *   kept whole with author, role and time, never changed nor deleted; a history entry per message
 *   would double it and drown the file's history (the events professionals review) in chat.
 *   The withdrawal is kept on the message row itself (who, when, why) for the same reason.
 */
import { aliasedTable, and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, messageReads, messages, users } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import {
  messageBodyError, type Message, type MessageBody, type MessagePage, type MessageReadState,
} from '../../../schemas/messages.ts';
import { noteTextError } from '../../../schemas/notes.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';
import { attachFile, unattachedFile } from '../files/attachments.ts';
import { SHOWN_INLINE } from '../files/download.ts';
import { storedFile, type StoredFile } from '../files/send.ts';
import { messageSent } from './sent.ts';

const author = aliasedTable(users, 'author');
const withdrawer = aliasedTable(users, 'withdrawer');
const person = (u: typeof author) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName });

type Row = typeof messages.$inferSelect;
type Person = { id: string; firstName: string; lastName: string };
type Selected = {
  m: Row; author: Person; withdrawer: Person | null;
  file: { name: string; mimeType: string | null; size: number | null } | null;
};

function select(db: Db) {
  return db.select({
    m: messages,
    author: person(author),
    withdrawer: person(withdrawer),
    file: { name: files.name, mimeType: files.mimeType, size: files.size },
  }).from(messages)
    .innerJoin(author, eq(author.id, messages.authorId))
    .leftJoin(files, eq(files.id, messages.fileId))
    .leftJoin(withdrawer, eq(withdrawer.id, messages.attachmentWithdrawnBy));
}

function toMessage({ m, author: by, withdrawer: wd, file }: Selected, userId: string): Message {
  return {
    id: m.id, patientFileId: m.patientFileId, text: m.text,
    attachment: file && m.attachmentKind ? {
      kind: m.attachmentKind, name: file.name, mimeType: file.mimeType, size: file.size,
      withdrawn: m.attachmentWithdrawnAt && wd ? { at: m.attachmentWithdrawnAt.toISOString(), by: wd, reason: m.attachmentWithdrawnReason ?? '' } : null,
    } : null,
    author: { ...by, role: m.authorRole },
    mine: m.authorId === userId,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The opaque cursor: the last message of a page (base64url of its id), never read by the client. */
export const cursorOf = (messageId: string) => Buffer.from(messageId, 'utf8').toString('base64url');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
function messageIdOf(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!UUID.test(id)) throw badRequest('bad_request', {}, 'query.before');
  return id;
}

/**
 * The messages of `fileId` the user has not read: others' after their read position. A SQL
 * expression on a patient file id column or value, for one file or a list of them.
 */
export function unreadIn(fileId: SQL | string, userId: string): SQL<number> {
  return sql<number>`(select count(*) from ${messages} m
    left join ${messageReads} r on r.user_id = ${userId} and r.patient_file_id = m.patient_file_id
    where m.patient_file_id = ${fileId} and m.author_id <> ${userId}
      and (r.user_id is null or (m.created_at, m.id) > (r.last_read_at, r.last_read_message_id)))`.mapWith(Number);
}

export function messagesRepository(care: CareContext) {
  const { db, userId } = care;

  async function one(file: PatientFileHandle, id: string): Promise<Selected> {
    const [row] = await select(db).where(and(eq(messages.id, id), eq(messages.patientFileId, file.id)));
    if (!row) throw notFound();
    return row;
  }

  async function readState(file: PatientFileHandle): Promise<MessageReadState> {
    const [row] = await db.select({
      unread: unreadIn(file.id, userId),
      last: sql<string | null>`(select ${messageReads.lastReadMessageId} from ${messageReads} where ${messageReads.userId} = ${userId} and ${messageReads.patientFileId} = ${file.id})`,
    }).from(sql`(select 1) as one`);
    return { unread: row?.unread ?? 0, lastReadMessageId: row?.last ?? null };
  }

  return {
    async list(file: PatientFileHandle, query: { before?: string; limit: number }): Promise<MessagePage> {
      const before = query.before ? messageIdOf(query.before) : undefined;
      // Before the cursor's message in the index order; a cursor of another file is refused, as a bad one.
      if (before) {
        const [known] = await db.select({ id: messages.id }).from(messages).where(and(eq(messages.id, before), eq(messages.patientFileId, file.id)));
        if (!known) throw badRequest('bad_request', {}, 'query.before');
      }
      const where = and(
        eq(messages.patientFileId, file.id),
        before ? sql`(${messages.createdAt}, ${messages.id}) < (select c.created_at, c.id from ${messages} c where c.id = ${before})` : undefined,
      );
      // One more than the page: whether an older page exists, without counting.
      const [rows, state]: [Selected[], MessageReadState] = await Promise.all([
        select(db).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(query.limit + 1),
        readState(file),
      ]);
      const page = rows.slice(0, query.limit);
      return {
        data: page.map((r) => toMessage(r, userId)),
        nextCursor: rows.length > query.limit ? cursorOf(page[page.length - 1]!.m.id) : null,
        ...state,
        readOnly: file.status !== 'OPEN',
      };
    },

    async send(file: PatientFileHandle, body: MessageBody): Promise<Message> {
      file.requireOpen();
      // The id first: someone else's upload, or an unknown one, is not found whatever the rest says.
      const upload = body.fileId ? await unattachedFile(db, userId, body.fileId) : undefined;
      if (body.fileId && !upload) throw new AppError(404, 'not_found', {}, 'body.fileId');
      const error = messageBodyError(body);
      if (error) throw badRequest(error.code, error.params, error.field);
      if (upload && !upload.storageKey) throw badRequest('file_missing', {}, 'body.fileId');
      const id = await db.transaction(async (tx) => {
        // Closed while this one was on its way: read only from now on.
        await file.lockOpen(tx);
        const [row] = await tx.insert(messages).values({
          patientFileId: file.id, authorId: userId, authorRole: file.as,
          // As typed: never trimmed (the rules refused blank-only).
          text: body.text ?? null,
          fileId: upload?.id ?? null,
          attachmentKind: upload ? (SHOWN_INLINE.includes(upload.mimeType ?? '') ? 'image' : 'file') : null,
          createdAt: care.now(),
        }).returning();
        if (upload && !(await attachFile(tx, upload.id, { kind: 'message', id: row!.id, patientFileId: file.id }))) {
          throw new AppError(404, 'not_found', {}, 'body.fileId');
        }
        await messageSent(tx, { patientFileId: file.id, messageId: row!.id, serviceId: file.serviceId, authorId: userId, authorRole: file.as, at: row!.createdAt });
        return row!.id;
      });
      return toMessage(await one(file, id), userId);
    },

    /** Read up to a message of the file (never back); answers the caller's read state. */
    async markRead(file: PatientFileHandle, messageId: string): Promise<MessageReadState> {
      const { m } = await one(file, messageId);
      await db.insert(messageReads).values({ userId, patientFileId: file.id, lastReadAt: m.createdAt, lastReadMessageId: m.id })
        .onConflictDoUpdate({
          target: [messageReads.userId, messageReads.patientFileId],
          // The position read from the message row itself (its created_at to the microsecond), forward only.
          set: {
            lastReadAt: sql`(select created_at from ${messages} where id = ${m.id})`,
            lastReadMessageId: m.id,
          },
          setWhere: sql`(${messageReads.lastReadAt}, ${messageReads.lastReadMessageId}) < ((select created_at from ${messages} where id = ${m.id}), ${m.id}::uuid)`,
        });
      return readState(file);
    },

    /** The attachment's bytes: 404 without one, 410 once withdrawn. */
    async bytes(file: PatientFileHandle, id: string): Promise<StoredFile> {
      const { m } = await one(file, id);
      if (!m.fileId) throw notFound();
      if (m.attachmentWithdrawnAt) throw new AppError(410, 'message_attachment_withdrawn');
      const [row] = await db.select().from(files).where(eq(files.id, m.fileId));
      if (!row) throw notFound();
      return storedFile(row);
    },

    /** The author withdraws the attachment: entered in error, for good, on an open file. */
    async withdrawAttachment(file: PatientFileHandle, id: string, reason: string): Promise<Message> {
      const { m } = await one(file, id);
      // Someone else's message: not theirs to change, and whether it has an attachment is not told.
      if (m.authorId !== userId || !m.fileId) throw notFound();
      file.requireOpen();
      if (m.attachmentWithdrawnAt) throw new AppError(409, 'message_attachment_already_withdrawn');
      const error = noteTextError(reason);
      if (error) throw badRequest(error.code, error.params, 'body.reason');
      await db.transaction(async (tx) => {
        await file.lockOpen(tx);
        const changed = await tx.update(messages)
          .set({ attachmentWithdrawnAt: care.now(), attachmentWithdrawnBy: userId, attachmentWithdrawnReason: reason })
          .where(and(eq(messages.id, m.id), sql`${messages.attachmentWithdrawnAt} is null`)).returning({ id: messages.id });
        if (changed.length === 0) throw new AppError(409, 'message_attachment_already_withdrawn');
      });
      return toMessage(await one(file, id), userId);
    },
  };
}


