/**
 * The patient file's history tab (issue 10 §4, spec 001 §3): the entries written by
 * `file.recordHistory` (server/care/patient-file.ts), newest first (occurredAt desc, id desc),
 * a page at a time, filtered by kinds and by days of the caller's time zone.
 *
 * Read along the indexes of 0009: (patient_file_id, occurred_at desc, id desc), or with one kind
 * (patient_file_id, type, occurred_at desc, id desc). A file holds at most thousands of entries,
 * so the count is an index scan of that one file's entries (tests/bench/patient-file-history.ts
 * measures it at 1M entries over 100k files). The actors' names are joined after the page is cut,
 * and the page and its total come in one statement (the list pattern's pageOfRows would make two
 * round trips, on top of opening the file). Questionnaires and conditions are then named in the
 * caller's language (names.ts).
 */
import { aliasedTable, and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { patientFileHistory, users } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import type { Page } from '../../lists/page.ts';
import type { HistoryEntry, PatientFileHistoryQuery } from '../../../schemas/patient-file-history.ts';
import type { HistoryKind } from '../../../schemas/history.ts';
import type { CareContext } from '../context.ts';
import { withNames } from './names.ts';

const actor = aliasedTable(users, 'actor');
const behalf = aliasedTable(users, 'on_behalf_of');

/** The first instant of a calendar day in a time zone (DST-correct: luxon), as a Date. */
export function startOfDay(day: string, timeZone: string): Date {
  return DateTime.fromISO(day, { zone: timeZone }).startOf('day').toJSDate();
}

/** The conditions of the filters: `from` and `to` are whole days of the caller's time zone, both included. */
function conditions(fileId: string, query: PatientFileHistoryQuery, timeZone: string): SQL {
  const { kinds, from, to } = query;
  if (from && to && to < from) throw badRequest('value_invalid', {}, 'querystring.to');
  return and(
    eq(patientFileHistory.patientFileId, fileId),
    kinds?.length ? (kinds.length === 1 ? eq(patientFileHistory.type, kinds[0]!) : inArray(patientFileHistory.type, kinds)) : undefined,
    from ? gte(patientFileHistory.occurredAt, startOfDay(from, timeZone)) : undefined,
    to ? lt(patientFileHistory.occurredAt, DateTime.fromISO(to, { zone: timeZone }).plus({ days: 1 }).startOf('day').toJSDate()) : undefined,
  )!;
}

const nameOf = (table: typeof actor) => sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

export async function patientFileHistoryPage(care: CareContext, fileId: string, query: PatientFileHistoryQuery): Promise<Page<HistoryEntry>> {
  const file = await care.patientFile(fileId);
  file.requireProfessional();
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 15;
  const where = conditions(file.id, query, care.timeZone);
  const { db } = care;
  const limit = pageSize;
  const offset = (page - 1) * pageSize;
  const total = () => sql<number>`(select count(*)::int from ${patientFileHistory} where ${where})`;
  // One statement: the page first (index order, no join), then the names of its few people, and
  // the total as an uncorrelated subquery (run once) — one round trip instead of two.
  const entries = db.$with('entries').as(db.select({
    id: patientFileHistory.id, type: patientFileHistory.type, occurredAt: patientFileHistory.occurredAt,
    payload: patientFileHistory.payload, actorId: patientFileHistory.actorId, onBehalfOfId: patientFileHistory.onBehalfOfId,
  }).from(patientFileHistory).where(where)
    .orderBy(desc(patientFileHistory.occurredAt), desc(patientFileHistory.id)).limit(limit).offset(offset));
  const rows = await db.with(entries).select({
    id: entries.id, type: entries.type, occurredAt: entries.occurredAt, payload: entries.payload,
    actorId: actor.id, actorName: nameOf(actor), behalfId: behalf.id, behalfName: nameOf(behalf), total: total(),
  }).from(entries)
    .leftJoin(actor, eq(actor.id, entries.actorId))
    .leftJoin(behalf, eq(behalf.id, entries.onBehalfOfId))
    .orderBy(desc(entries.occurredAt), desc(entries.id));
  // A page past the end has no row to carry the total: counted on its own then.
  const totalItems = rows[0] ? Number(rows[0].total) : offset === 0 ? 0 : Number((await db.select({ n: count() }).from(patientFileHistory).where(where))[0]?.n ?? 0);
  return {
    data: await withNames(care, file.establishmentId, rows.map((r) => ({
      id: r.id,
      kind: r.type as HistoryKind,
      occurredAt: new Date(r.occurredAt).toISOString(),
      payload: (r.payload ?? {}) as Record<string, unknown>,
      actor: r.actorId ? { id: r.actorId, name: r.actorName } : null,
      onBehalfOf: r.behalfId ? { id: r.behalfId, name: r.behalfName } : null,
    }))),
    totalItems, page, pageSize,
  };
}
