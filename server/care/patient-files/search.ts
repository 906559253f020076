/**
 * The professional's patient-file list of one establishment (spec 000 §2, spec 001 §7): the files
 * the caller may open there, searched by name, birth date and identifier, filtered by status and
 * service, sorted and paged with the list pattern (server/lists/).
 *
 * Names are matched on users.search_name (every name, lower case, accents removed; 0007) with
 * LIKE '%word%', which the GIN trigram index answers for words of three letters or more; the
 * input goes through the same lower(immutable_unaccent()) in SQL so "éloïse", "ELOISE" and
 * "Eloise" find the same people on PGlite and PostgreSQL.
 *
 * Fast at 100,000 files (tests/bench/patient-file-search.ts): the scope is the list of services
 * the caller's grants open in the establishment (no per-row privilege subquery, so the planner
 * estimates rows right and walks the sort's index, stopping after one page); the services' and
 * the establishment's names come from that list rather than from joins; the count joins the
 * patients only when a filter reads them. A name search counts up to 100 files ("more than 100")
 * and walks the sort's index when the name is common (issue 18: the same work at 10k and 100k).
 */
import { and, asc, count, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { patientFiles, services, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { defineSorts, orderOf } from '../../lists/sort.ts';
import { countLimit, pageOfRows, type Page } from '../../lists/page.ts';
import type { PatientFileRow, PatientFileSearchFilters, PatientFileSort } from '../../../schemas/patient-file-search.ts';
import { followsAsCaregiver } from '../access.ts';
import type { CareContext } from '../context.ts';
import { fileSummary } from './summary.ts';
import { isUuid } from '../../../schemas/common.ts';

/**
 * How many files the list counts at least, without a filter on the patient, before it says "more
 * than" (issue 18: counting every file of an establishment grew with it). Filters on the files alone
 * that match no more than that are read whole and then sorted; past it, the page is found along
 * the sort's index.
 */
export const PATIENT_FILES_COUNTED = 1000;

/**
 * How many files a search on the patient (name, birth date, identifier) counts at least before it
 * says "more than". Lower than the whole list's: each match counted is a look-up of the patient's
 * files, so counting a common first name up to 1,000 grew with the establishment (issue 18), and
 * a person searching a name refines it rather than read past a hundred of them.
 */
export const PATIENT_NAMES_COUNTED = 100;

/**
 * A name search past its count's limit walks the sort's index when that passes at most this many
 * index entries (estimated high: from the files counted, not all those matching); each is read
 * from the index alone, a comparison of search_name (a few milliseconds for 50,000).
 */
const WALK_MOST = 50_000;

/** How many rows `query` answers, reading at most `limit + 1`: `{ counted ≤ limit, more }`. */
async function countUpTo(db: CareContext['db'], query: SQLWrapper, limit: number) {
  const [row] = await db.select({ n: count() }).from(sql`(${query} limit ${limit + 1}) as counted`);
  const n = row?.n ?? 0;
  return { counted: Math.min(n, limit), more: n > limit };
}

export interface SearchRequest {
  page: number;
  pageSize: number;
  sort: PatientFileSort;
  filters?: PatientFileSearchFilters;
}

/** LIKE's wildcards typed by a person are letters to find, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);


function nameConditions(text: string | undefined): SQL[] {
  const words = (text ?? '').split(/\s+/).filter(Boolean);
  return words.map((word) => sql`${users.searchName} like '%' || lower(immutable_unaccent(${escapeLike(word)})) || '%'`);
}

/**
 * Files of the patients matching every condition. The patients are found first, from their own
 * indexes (trigram, birth date, identifiers), into an array computed once: the files are then
 * read by patient_id, never by scanning every file of the establishment to join them
 * (the hash join PostgreSQL chose, 14-40 ms at 100k files for a common first name).
 */
const ofPatients = (...conditions: SQL[]): SQL =>
  sql`${patientFiles.patientId} = any(array(select ${users.id} from ${users} where ${and(...conditions)}))`;

/** External ID exactly or by prefix; INS and social security numbers the same, spaces ignored; or the file's id. */
function identifierCondition(identifier: string | undefined): SQL | undefined {
  const typed = identifier?.trim();
  if (!typed) return undefined;
  const digits = typed.replace(/\s+/g, '');
  return or(
    ofPatients(or(
      sql`${users.externalId} like ${`${escapeLike(typed)}%`}`,
      sql`${users.insNumber} like ${`${escapeLike(digits)}%`}`,
      sql`${users.socialSecurityNumber} like ${`${escapeLike(digits)}%`}`,
    )!),
    isUuid(typed) ? eq(patientFiles.id, typed.toLowerCase()) : undefined,
  );
}

const SORTS = defineSorts({
  patientName: [users.sortName],
  birthDate: [users.birthDate],
  status: [patientFiles.status],
  // By the services' names: read service by service (pageByService), each in id order.
  service: [patientFiles.serviceId],
  createdAt: [patientFiles.createdAt],
  startDate: [patientFiles.startDate],
}, patientFiles.id);

/**
 * The rows `offset` to `offset + limit` in the order of the services' names, from the count of
 * each: one query per service the page spans (usually one), each walking the (service_id, id)
 * index, instead of sorting every file of the establishment by its service's name.
 */
async function pageByService<T>(
  ordered: readonly { id: string }[], counts: ReadonlyMap<string, number>, limit: number, offset: number,
  read: (serviceId: string, limit: number, offset: number) => Promise<T[]>,
): Promise<T[]> {
  const parts: Promise<T[]>[] = [];
  let skip = offset;
  let left = limit;
  for (const service of ordered) {
    const n = counts.get(service.id) ?? 0;
    if (skip >= n) { skip -= n; continue; }
    const take = Math.min(left, n - skip);
    parts.push(read(service.id, take, skip));
    left -= take;
    skip = 0;
    if (!left) break;
  }
  return (await Promise.all(parts)).flat();
}

export async function searchPatientFiles(care: CareContext, establishmentId: string, request: SearchRequest): Promise<Page<PatientFileRow>> {
  const { db, userId } = care;
  // Professionals who open patient files there (spec 000 §2); anyone else, patients included, is told it does not exist.
  const { establishment, opens } = await care.patientDataIn(establishmentId);
  const all = await db.select({ id: services.id, name: services.name }).from(services)
    .where(eq(services.establishmentId, establishmentId)).orderBy(asc(services.name), asc(services.id));
  const filters = request.filters ?? {};
  const wanted = filters.serviceIds ?? [];
  const unknown = wanted.findIndex((id) => !all.some((s) => s.id === id));
  if (unknown >= 0) throw new AppError(404, 'not_found', {}, `body.filters.serviceIds.${unknown}`);
  const opened = all.filter((s) => opens(s.id) && (!wanted.length || wanted.includes(s.id)));
  if (!opened.length) return { data: [], totalItems: 0, page: request.page, pageSize: request.pageSize };
  const serviceById = new Map(opened.map((s) => [s.id, s]));

  const person = [...(filters.birthDate ? [eq(users.birthDate, filters.birthDate)] : []), ...nameConditions(filters.text)];
  const patientConditions = [person.length ? ofPatients(...person) : undefined, identifierCondition(filters.identifier)]
    .filter((c): c is SQL => c !== undefined);
  // Conditions on patient_files alone: the count reads no other table.
  const where = and(
    inArray(patientFiles.serviceId, opened.map((s) => s.id)),
    filters.status?.length ? inArray(patientFiles.status, [...filters.status]) : undefined,
    ...patientConditions,
  );
  const descending = request.sort.startsWith('-');
  const byService = request.sort === 'service' || request.sort === '-service';

  const fields = {
    file: patientFiles,
    firstName: users.firstName,
    lastName: users.lastName,
    birthName: users.birthName,
    usedName: users.usedName,
    birthDate: users.birthDate,
    externalId: users.externalId,
    isCaregiver: followsAsCaregiver(userId).mapWith(Boolean),
  };
  const select = (condition: SQL | undefined, order: SQL[], limit: number, offset: number) => db.select(fields)
    .from(patientFiles).innerJoin(users, eq(users.id, patientFiles.patientId))
    .where(condition).orderBy(...order).limit(limit).offset(offset);
  type Found = Awaited<ReturnType<typeof select>>[number];

  const toRow = (r: Found): PatientFileRow => ({
    ...fileSummary(userId, r.file, r, r.isCaregiver,
      { id: r.file.serviceId, name: serviceById.get(r.file.serviceId)!.name, establishment: { id: establishment.id, name: establishment.name } }),
    patientFirstName: r.firstName,
    patientLastName: r.lastName,
    patientBirthName: r.birthName,
    patientUsedName: r.usedName,
    patientExternalId: r.externalId,
  });

  const limit = countLimit(PATIENT_FILES_COUNTED, request);

  /**
   * Filters on the patient (name, birth date, identifier). First, in one query: the caller's files
   * of the matching patients counted up to the limit, patient after patient as the name's index
   * gives them, stopping there ("more than 100"), and how many people the table holds (the
   * planner's statistics). Then the page, one of two ways, the same rows in the same order:
   * - past the limit (a common first name), walking the sort's index (name or birth date, which
   *   carry search_name: 0026) with the conditions on the joined patients until the page is full:
   *   at most `page end × people / limit` index entries, read from the index alone;
   * - otherwise (a rare name, or two words that each match often but seldom together, which
   *   PostgreSQL, multiplying their shares, would walk for: 20 ms at 100k files instead of 2),
   *   reading the files of the patients found and sorting them.
   * Counting every match of a common first name exactly and sorting them all grew with the
   * establishment (issue 18: p95 3.05× from 10k to 100k files).
   */
  if (patientConditions.length && !byService) {
    const limit = countLimit(PATIENT_NAMES_COUNTED, request);
    const inScope = and(
      inArray(patientFiles.serviceId, opened.map((s) => s.id)),
      filters.status?.length ? inArray(patientFiles.status, [...filters.status]) : undefined,
    );
    const found = (async () => {
      if (!person.length) {
        const { counted, more } = await countUpTo(db, db.select({ one: sql`1` }).from(patientFiles).where(where), limit);
        return { counted, more, walk: false };
      }
      // The patients in a CTE of their own: planned for reading them all, from the name's index (with
      // the LIMIT in sight, PostgreSQL would read every patient in turn, hoping to stop early), yet
      // read only as far as the count goes.
      const result = await db.execute(sql`with matched as materialized (select ${users.id} as id from ${users} where ${and(...person)})
        select
          (select count(*) from (select 1 from matched cross join lateral (select 1 from ${patientFiles}
            where ${patientFiles.patientId} = matched.id and ${and(inScope, identifierCondition(filters.identifier))}) as files
            limit ${limit + 1}) as counted) as files,
          (select reltuples from pg_class where oid = 'users'::regclass) as people`) as unknown as { rows: { files: number | string; people: number | string }[] };
      const files = Number(result.rows[0]!.files);
      const people = Number(result.rows[0]!.people);
      const more = files > limit;
      return { counted: Math.min(files, limit), more, walk: more && people > 0 && (request.page * request.pageSize * people) / files <= WALK_MOST };
    })();
    const order = orderOf(SORTS, request.sort);
    /**
     * The page's ids along the sort's index, then their rows. The walk is decided here, from the
     * count: PostgreSQL, seeing the scope or the status as rare, may otherwise read every patient
     * of the name and sort them (13 ms instead of 1 for "marie" in one service at 100k files), so
     * the walk's query runs without bitmap scans, explicit sorts or parallel workers (whose start
     * costs more than the walk) in its own transaction.
     */
    const walkedIds = (take: number, offset: number) => db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true),
        set_config('max_parallel_workers_per_gather', '0', true)`);
      return tx.select({ id: patientFiles.id })
        .from(patientFiles).innerJoin(users, eq(users.id, patientFiles.patientId))
        .where(and(inScope, ...person, identifierCondition(filters.identifier))).orderBy(...order).limit(take).offset(offset);
    });
    return pageOfRows(request, {
      rows: async (take, offset) => {
        const { counted, walk } = await found;
        if (!counted) return [];
        if (!walk) return (await select(where, order, take, offset)).map(toRow);
        const ids = (await walkedIds(take, offset)).map((r) => r.id);
        const page = ids.length ? await select(inArray(patientFiles.id, ids), order, take, 0) : [];
        return page.map(toRow);
      },
      count: async () => {
        const { counted, more } = await found;
        return { counted, more };
      },
    });
  }

  /**
   * Counted per service, each up to the limit: the total, and where each service's files fall in
   * the order by service name (a service counted to the limit holds the rest of the page).
   */
  const counts = Promise.all(opened.map(async (service) => [service.id,
    await countUpTo(db, db.select({ one: sql`1` }).from(patientFiles).where(and(where, eq(patientFiles.serviceId, service.id))), limit)] as const))
    .then((rows) => new Map(rows));
  const total = counts.then((byId) => {
    const sum = [...byId.values()].reduce((a, b) => a + b.counted, 0);
    return { counted: Math.min(sum, limit), more: sum > limit || [...byId.values()].some((c) => c.more) };
  });

  /**
   * Filters on the files alone (status, service) that match few (counted, not past the limit):
   * read them all first, then sort. Left alone, the planner may walk the sort's index expecting
   * them to match as often as they do on average, and read the whole table when they match rarely
   * or never here (AWAITING files of another establishment's services). An ARRAY(subquery) is
   * computed once, before the outer query: a fence the planner cannot see through.
   */
  const narrowed = async () => {
    if ((await total).more) return where;
    return sql`${patientFiles.id} = any(array(${db.select({ id: patientFiles.id }).from(patientFiles).where(where)}))`;
  };

  return pageOfRows(request, {
    rows: async (take, offset) => {
      const condition = await narrowed();
      if (!byService) return (await select(condition, orderOf(SORTS, request.sort), take, offset)).map(toRow);
      const ordered = descending ? [...opened].reverse() : opened;
      const byId = new Map([...(await counts)].map(([id, c]) => [id, c.counted]));
      const found = await pageByService(ordered, byId, take, offset,
        (serviceId, take, skip) => select(and(condition, eq(patientFiles.serviceId, serviceId)), orderOf(SORTS, request.sort), take, skip));
      return found.map(toRow);
    },
    count: () => total,
  });
}
