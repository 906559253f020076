/**
 * Conversations across patient files: a professional's list for an establishment (the dashboard
 * block: patient, file, last message time, unread for the caller) and the caller's unread counts
 * for the navigation (patient side: per patient file; professionals: per establishment).
 * Scoped as every list over patient files: care.patientDataIn(establishment) and the services it
 * opens; the patient side through patientSideFileScope.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { messages, patientFiles, services, users } from '../../db/schema.ts';
import { pageOfRows, type Page } from '../../lists/page.ts';
import type { Conversation, ConversationListQuery, UnreadMessages } from '../../../schemas/messages.ts';
import { patientSideFileScope, professionalServiceIds } from '../access.ts';
import type { CareContext } from '../context.ts';
import { unreadIn } from './repository.ts';

type ListQuery = Required<Omit<ConversationListQuery, 'l'>>;

/** The time of the file's newest message: one probe of messages_file_created_idx. */
const lastMessageAt = sql<Date>`(select max(m.created_at) from ${messages} m where m.patient_file_id = ${patientFiles.id})`;
const hasMessages = sql`exists (select 1 from ${messages} m where m.patient_file_id = ${patientFiles.id})`;

export async function listConversations(care: CareContext, establishmentId: string, query: ListQuery): Promise<Page<Conversation>> {
  const scope = await care.patientDataIn(establishmentId);
  const opened = (await care.db.select({ id: services.id }).from(services).where(eq(services.establishmentId, establishmentId)))
    .map((s) => s.id).filter((id) => scope.opens(id));
  if (opened.length === 0) return { data: [], totalItems: 0, page: query.page, pageSize: query.pageSize };
  const where = and(inArray(patientFiles.serviceId, opened), hasMessages);
  const unread = unreadIn(sql`${patientFiles.id}`, care.userId);
  const order = query.sort === '-unread' ? [desc(unread), desc(lastMessageAt)]
    : query.sort === 'unread' ? [asc(unread), desc(lastMessageAt)]
      : query.sort === 'lastMessageAt' ? [asc(lastMessageAt)] : [desc(lastMessageAt)];
  return pageOfRows(query, {
    rows: async (limit, offset) => (await care.db.select({
      patientFileId: patientFiles.id, serviceId: patientFiles.serviceId,
      patient: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      lastMessageAt, unread,
    }).from(patientFiles).innerJoin(users, eq(users.id, patientFiles.patientId))
      .where(where).orderBy(...order, asc(patientFiles.id)).limit(limit).offset(offset))
      .map((r) => ({ ...r, lastMessageAt: new Date(r.lastMessageAt).toISOString(), unread: Number(r.unread) })),
    count: async () => Number((await care.db.select({ n: sql<number>`count(*)` }).from(patientFiles).where(where))[0]?.n ?? 0),
  });
}

export async function unreadMessages(care: CareContext): Promise<UnreadMessages> {
  const unread = unreadIn(sql`${patientFiles.id}`, care.userId);
  const [own, serviceIds] = await Promise.all([
    care.db.select({ patientFileId: patientFiles.id, unread }).from(patientFiles)
      .where(patientSideFileScope(care.userId)).orderBy(asc(patientFiles.id)),
    professionalServiceIds(care.db, care.grants),
  ]);
  const establishments = serviceIds.size === 0 ? [] : await care.db.select({
    establishmentId: services.establishmentId, unread: sql<number>`coalesce(sum(${unread}), 0)`,
  }).from(patientFiles).innerJoin(services, eq(services.id, patientFiles.serviceId))
    .where(and(inArray(patientFiles.serviceId, [...serviceIds]), hasMessages))
    .groupBy(services.establishmentId).orderBy(asc(services.establishmentId));
  const patientFilesUnread = own.map((r) => ({ patientFileId: r.patientFileId, unread: Number(r.unread) }));
  const byEstablishment = establishments.map((r) => ({ establishmentId: r.establishmentId, unread: Number(r.unread) }));
  return {
    total: [...patientFilesUnread, ...byEstablishment].reduce((sum, r) => sum + r.unread, 0),
    patientFiles: patientFilesUnread,
    establishments: byEstablishment,
  };
}
