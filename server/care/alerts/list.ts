/**
 * The alerts of an establishment (issue 11 §4, `/s/:structureIndex/alerts`): pending and closed
 * alerts of the files the caller may open as a professional, filtered, sorted and paged with the
 * list pattern. Also the one way an alert row is read (alertRows), for the batch context and after
 * a change.
 *
 * Fast at 100k alerts: the scope is the list of services the caller's grants open in the
 * establishment (care.patientDataIn's `opens`, no per-row privilege subquery), and `alerts.service_id` is the
 * file's, copied when raised. Newest first (the default) reads one index range per service along
 * (service_id, raised_at desc, id desc) — or (service_id, status, raised_at desc, id desc) with a
 * status — each branch stopping after `offset + limit` rows, and keeps the page's ids; only those
 * rows are joined to their patient, level, indicator, measure and status. The other sorts (level,
 * patient name) join first and sort what matches.
 */
import { aliasedTable, and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  alertStatuses, alerts, indicators, interventionLevels, measures, patientFiles, services, units, users,
} from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { defineSorts, orderOf } from '../../lists/sort.ts';
import { countLimit, pageOfRows, type Page } from '../../lists/page.ts';
import { ALERT_DEFAULT_SORT, type AlertLevel, type AlertListQuery, type AlertRow } from '../../../schemas/alerts.ts';
import { DEFAULT_PAGE_SIZE } from '../../../schemas/common.ts';
import type { CareContext } from '../context.ts';
import { startOfDay } from '../patient-file-history/history.ts';
import { ALERTS_LIST_VERSION, type AlertListCache } from './list-cache.ts';

/** How many alerts the list counts at least before it says "more than" (issue 18: p95 ≤ 50 ms at 100k alerts). */
export const ALERTS_COUNTED = 1000;

const patient = aliasedTable(users, 'patient');
const updater = aliasedTable(users, 'updater');
const closer = aliasedTable(users, 'closer');

const SORTS = defineSorts({
  raisedAt: [alerts.raisedAt],
  // The most urgent first (rank 1); an alert without a level (non-compliance) after every level.
  level: [interventionLevels.rank],
  patientName: [patient.sortName],
}, alerts.id);

/** LIKE's wildcards typed by a person are letters to find, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const nameOf = (table: typeof updater) => sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

/** The joined select of alert rows; `where` and order are the caller's. */
export function selectAlertRows(care: CareContext) {
  return care.db.select({
    alert: alerts,
    level: { id: interventionLevels.id, name: interventionLevels.name, rank: interventionLevels.rank, colour: interventionLevels.colour },
    indicator: { id: indicators.id, reference: indicators.reference, name: indicators.name, decimals: indicators.decimals, unitSymbol: units.symbol },
    measure: { id: measures.id, value: measures.value, measuredAt: measures.measuredAt, enteredValue: measures.enteredValue, enteredUnit: measures.enteredUnit },
    alertStatus: { id: alertStatuses.id, name: alertStatuses.name, closesAlert: alertStatuses.closesAlert },
    patient: { id: patient.id, firstName: patient.firstName, lastName: patient.lastName, birthDate: patient.birthDate },
    service: { id: services.id, name: services.name },
    updaterName: nameOf(updater),
    closerName: nameOf(closer),
  }).from(alerts)
    .innerJoin(patientFiles, eq(patientFiles.id, alerts.patientFileId))
    .innerJoin(patient, eq(patient.id, patientFiles.patientId))
    .innerJoin(services, eq(services.id, alerts.serviceId))
    .leftJoin(interventionLevels, eq(interventionLevels.id, alerts.levelId))
    .leftJoin(indicators, eq(indicators.id, alerts.indicatorId))
    .leftJoin(units, eq(units.id, indicators.unitId))
    .leftJoin(measures, eq(measures.id, alerts.measureId))
    .leftJoin(alertStatuses, eq(alertStatuses.id, alerts.alertStatusId))
    .leftJoin(updater, eq(updater.id, alerts.updatedBy))
    .leftJoin(closer, eq(closer.id, alerts.closedBy));
}

/** A row of selectAlertRows (written out: the type drizzle infers for this many joins through the Db union is lost). */
interface Selected {
  alert: typeof alerts.$inferSelect;
  level: { id: string; name: unknown; rank: number; colour: AlertLevel['colour'] } | null;
  indicator: { id: string; reference: string; name: unknown; decimals: number; unitSymbol: string | null } | null;
  measure: { id: string; value: number; measuredAt: Date; enteredValue: number; enteredUnit: string } | null;
  alertStatus: { id: string; name: unknown; closesAlert: boolean } | null;
  patient: { id: string; firstName: string; lastName: string; birthDate: string | null };
  service: { id: string; name: string };
  updaterName: string;
  closerName: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const numberOr = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const OPERATORS = ['<', '<=', '>', '>=', '=', '!='] as const;

export function toAlertRow(row: Selected): AlertRow {
  const { alert } = row;
  const crossing = (alert.crossing ?? {}) as Record<string, unknown>;
  const operator = OPERATORS.find((op) => op === crossing.operator) ?? null;
  return {
    id: alert.id,
    batchId: alert.batchId,
    kind: alert.kind,
    status: alert.status,
    raisedAt: alert.raisedAt.toISOString(),
    level: row.level ? { ...row.level, name: row.level.name as AlertLevel['name'] } : null,
    indicator: row.indicator ? { ...row.indicator, name: row.indicator.name as AlertLevel['name'], unitSymbol: row.indicator.unitSymbol ?? '' } : null,
    measure: row.measure ? { ...row.measure, measuredAt: row.measure.measuredAt.toISOString() } : null,
    operator,
    threshold: numberOr(crossing.threshold),
    crossing,
    alertStatus: row.alertStatus ? { ...row.alertStatus, name: row.alertStatus.name as AlertLevel['name'] } : null,
    systemStatus: alert.systemStatus,
    patient: row.patient,
    patientFileId: alert.patientFileId,
    service: row.service,
    updatedAt: iso(alert.updatedAt),
    updatedBy: alert.updatedBy ? { id: alert.updatedBy, name: row.updaterName } : null,
    closedAt: iso(alert.closedAt),
    closedBy: alert.closedBy ? { id: alert.closedBy, name: row.closerName } : null,
  };
}

/** Alerts by their ids, in the order given (rows the caller may no longer see are simply absent). */
export async function alertRows(care: CareContext, where: SQL, order: SQL[] = [asc(alerts.raisedAt), asc(alerts.id)]): Promise<AlertRow[]> {
  return ((await selectAlertRows(care).where(where).orderBy(...order)) as Selected[]).map(toAlertRow);
}

/** The conditions of the filters other than the services, on `alerts` (and the patient's names through the file). */
function filterConditions(care: CareContext, query: AlertListQuery): SQL[] {
  const { from, to } = query;
  if (from && to && to < from) throw badRequest('value_invalid', {}, 'querystring.to');
  const words = (query.patient ?? '').split(/\s+/).filter(Boolean);
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(alerts.status, query.status) : undefined,
    query.levelIds?.length ? inArray(alerts.levelId, query.levelIds) : undefined,
    query.kinds?.length ? inArray(alerts.kind, query.kinds) : undefined,
    query.patientFileId ? eq(alerts.patientFileId, query.patientFileId) : undefined,
    words.length
      ? sql`${alerts.patientFileId} = any(array(select ${patientFiles.id} from ${patientFiles} join ${users} on ${users.id} = ${patientFiles.patientId}
          where ${and(...words.map((word) => sql`${users.searchName} like '%' || lower(immutable_unaccent(${escapeLike(word)})) || '%'`))}))`
      : undefined,
    from ? gte(alerts.raisedAt, startOfDay(from, care.timeZone)) : undefined,
    to ? lt(alerts.raisedAt, DateTime.fromISO(to, { zone: care.timeZone }).plus({ days: 1 }).startOf('day').toJSDate()) : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** Ids of the establishment's catalogue given in a filter: each must exist there, else 404 on its field. */
function requireKnown(given: readonly string[] | undefined, known: ReadonlySet<string>, field: string) {
  const unknown = (given ?? []).findIndex((id) => !known.has(id));
  if (unknown >= 0) throw new AppError(404, 'not_found', {}, `querystring.${field}.${unknown}`);
}

/**
 * The joined rows of a page whose ids a query gives, read in two statements: with the ids as a
 * subquery the planner expected many rows and hashed every alert and measure (1.4 s at 100k alerts
 * and 1M measures, EXPLAIN); with the ids as values it reads each row by its primary keys.
 */
async function rowsOfPage(care: CareContext, pageIds: SQL, order: SQL[]): Promise<AlertRow[]> {
  // Both drivers (pg, PGlite) answer `{ rows }`.
  const list = ((await care.db.execute(pageIds)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (!list.length) return [];
  return ((await selectAlertRows(care).where(inArray(alerts.id, list)).orderBy(...order)) as Selected[]).map(toAlertRow);
}

/**
 * The page, from `cache` when the database still has the version it was read at (list-cache.ts);
 * the scope is asked of care/access.ts on every request, hit or not.
 */
export async function listAlerts(care: CareContext, establishmentId: string, query: AlertListQuery, cache?: AlertListCache): Promise<Page<AlertRow>> {
  // Professionals who open patient files there; anyone else, patients included, is told it does
  // not exist. The list's version is read first, in the same statement: what is computed after it
  // is at least as new.
  const { opens, version } = cache
    ? await care.patientDataWith(establishmentId, ALERTS_LIST_VERSION).then(({ opens, value }) => ({ opens, version: Number(value) }))
    : { opens: (await care.patientDataIn(establishmentId)).opens, version: undefined };
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const sort = query.sort ?? ALERT_DEFAULT_SORT;
  const servicesKey = `services ${establishmentId}`;
  const cachedServices = version === undefined ? undefined : cache?.get<{ id: string }[]>(servicesKey, version);
  const [all, levels] = await Promise.all([
    cachedServices ?? care.db.select({ id: services.id }).from(services).where(eq(services.establishmentId, establishmentId))
      .then((rows) => { if (version !== undefined) cache?.set(servicesKey, version, rows); return rows; }),
    query.levelIds?.length
      ? care.db.select({ id: interventionLevels.id }).from(interventionLevels).where(eq(interventionLevels.establishmentId, establishmentId))
      : Promise.resolve([]),
  ]);
  requireKnown(query.serviceIds, new Set(all.map((s) => s.id)), 'serviceIds');
  requireKnown(query.levelIds, new Set(levels.map((l) => l.id)), 'levelIds');
  // One file's alerts: a file the caller opens as a professional in this establishment, else 404 on the field.
  if (query.patientFileId) {
    const [file] = await care.db.select({ serviceId: patientFiles.serviceId }).from(patientFiles).where(eq(patientFiles.id, query.patientFileId));
    if (!file || !all.some((s) => s.id === file.serviceId) || !opens(file.serviceId)) throw new AppError(404, 'not_found', {}, 'querystring.patientFileId');
  }
  const wanted = query.serviceIds ?? [];
  const opened = all.filter((s) => opens(s.id) && (!wanted.length || wanted.includes(s.id))).map((s) => s.id);
  if (!opened.length) return { data: [], totalItems: 0, page, pageSize };
  // Only what this caller's scope opens is in the key: a page is shared by callers who open the same services.
  const key = JSON.stringify([establishmentId, opened, care.timeZone, query]);
  const cached = version === undefined ? undefined : cache?.get<Page<AlertRow>>(key, version);
  if (cached) return cached;
  const result = await readPage(care, establishmentId, query, opened, { page, pageSize, sort });
  if (version !== undefined) cache?.set(key, version, result);
  return result;
}

async function readPage(care: CareContext, establishmentId: string, query: AlertListQuery, opened: string[],
  { page, pageSize, sort }: { page: number; pageSize: number; sort: NonNullable<AlertListQuery['sort']> }): Promise<Page<AlertRow>> {

  const filters = filterConditions(care, query);
  const where = and(inArray(alerts.serviceId, opened), ...filters)!;
  const order = orderOf(SORTS, sort);
  const byRaisedAt = sort === 'raisedAt' || sort === '-raisedAt';
  const byLevel = sort === 'level' || sort === '-level';
  const ranks = byLevel
    ? await care.db.select({ id: interventionLevels.id, rank: interventionLevels.rank }).from(interventionLevels)
      .where(and(eq(interventionLevels.establishmentId, establishmentId), query.levelIds?.length ? inArray(interventionLevels.id, query.levelIds) : undefined))
    : [];
  return pageOfRows({ page, pageSize }, {
    rows: async (limit, offset) => {
      if (byLevel) {
        // One index range per service and level (and one for the alerts without a level unless levels are
        // filtered), along (service_id[, status], level_id, id), each cut at offset + limit; their merge by
        // (rank, id) is the page; only its rows are joined.
        const direction = sort === '-level' ? sql`desc` : sql`asc`;
        const levelsOf: { id: string | null; rank: number | null }[] = query.levelIds?.length ? ranks : [...ranks, { id: null, rank: null }];
        const branches = opened.flatMap((serviceId) => levelsOf.map((level) => sql`(select ${alerts.id} as id, ${level.rank}::int as rank from ${alerts}
          where ${and(eq(alerts.serviceId, serviceId), level.id ? eq(alerts.levelId, level.id) : sql`${alerts.levelId} is null`, ...filters)}
          order by ${alerts.id} ${direction} limit ${offset + limit})`));
        return rowsOfPage(care, sql`select p.id from (${sql.join(branches, sql` union all `)}) p order by p.rank ${direction}, p.id ${direction} limit ${limit} offset ${offset}`, order);
      }
      if (!byRaisedAt) return ((await selectAlertRows(care).where(where).orderBy(...order).limit(limit).offset(offset)) as Selected[]).map(toAlertRow);
      // One index range per service, each cut at offset + limit, then the page of their merge.
      const direction = sort === '-raisedAt' ? sql`desc` : sql`asc`;
      const branches = opened.map((serviceId) => sql`(select ${alerts.id} as id, ${alerts.raisedAt} as raised_at from ${alerts}
        where ${and(eq(alerts.serviceId, serviceId), ...filters)} order by ${alerts.raisedAt} ${direction}, ${alerts.id} ${direction} limit ${offset + limit})`);
      return rowsOfPage(care, sql`select p.id from (${sql.join(branches, sql` union all `)}) p order by p.raised_at ${direction}, p.id ${direction} limit ${limit} offset ${offset}`, order);
    },
    // Counted up to a limit (the screen says "more than"): the exact count of 100k alerts was most of the list's time.
    count: async () => {
      const limit = countLimit(ALERTS_COUNTED, { page, pageSize });
      const counted = (await care.db.select({ n: count() }).from(care.db.select({ one: sql`1` }).from(alerts).where(where).limit(limit + 1).as('counted')))[0]?.n ?? 0;
      return { counted: Math.min(counted, limit), more: counted > limit };
    },
  });
}
