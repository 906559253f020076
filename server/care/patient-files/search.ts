/**
 * The professional's patient-file list of one establishment (spec 000 §2, spec 001 §7): the files
 * the caller may open there, searched by name, birth date and identifier, filtered by status and
 * service, sorted and paged with the list pattern (server/lists/).
 *
 * Names are matched on users.search_name (every name, lower case, accents removed; 0007) with
 * LIKE '%word%', which the GIN trigram index answers for words of three letters or more; the
 * input goes through the same lower(immutable_unaccent()) in SQL so "éloïse", "ELOISE" and
 * "Eloise" find the same people on PGlite and PostgreSQL.
 */
import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { caregivers, establishments, patientFiles, services, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { defineSorts, orderOf } from '../../lists/sort.ts';
import { pageOfRows, type Page } from '../../lists/page.ts';
import type { PatientFileRow, PatientFileSearchFilters, PatientFileSort } from '../../../schemas/patient-file-search.ts';

const SORTS = defineSorts({
  patientName: [users.sortName],
  birthDate: [users.birthDate],
  status: [patientFiles.status],
  service: [services.name],
  createdAt: [patientFiles.createdAt],
  startDate: [patientFiles.startDate],
}, patientFiles.id);

export interface SearchScope {
  establishmentId: string;
  /** The caller, for `patient` and `caregiver` of each row. */
  userId: string;
  /** The files the caller may open, as a condition on patient_files rows (care/access.ts). */
  fileScope: SQL;
}

export interface SearchRequest {
  page: number;
  pageSize: number;
  sort: PatientFileSort;
  filters?: PatientFileSearchFilters;
}

/** LIKE's wildcards typed by a person are letters to find, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function nameCondition(text: string | undefined): SQL[] {
  const words = (text ?? '').split(/\s+/).filter(Boolean);
  return words.map((word) => sql`${users.searchName} like '%' || lower(immutable_unaccent(${escapeLike(word)})) || '%'`);
}

/** External ID exactly or by prefix; INS and social security numbers the same, spaces ignored; or the file's id. */
function identifierCondition(identifier: string | undefined): SQL | undefined {
  const typed = identifier?.trim();
  if (!typed) return undefined;
  const digits = typed.replace(/\s+/g, '');
  return or(
    sql`${users.externalId} like ${`${escapeLike(typed)}%`}`,
    sql`${users.insNumber} like ${`${escapeLike(digits)}%`}`,
    sql`${users.socialSecurityNumber} like ${`${escapeLike(digits)}%`}`,
    UUID.test(typed) ? eq(patientFiles.id, typed.toLowerCase()) : undefined,
  );
}

/** A service of the filter that is not one of the establishment's: not found, naming the field. */
async function checkServices(db: Db, establishmentId: string, serviceIds: readonly string[]): Promise<void> {
  if (!serviceIds.length) return;
  const known = new Set((await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, establishmentId), inArray(services.id, [...serviceIds])))).map((s) => s.id));
  const missing = serviceIds.findIndex((id) => !known.has(id));
  if (missing >= 0) throw new AppError(404, 'not_found', {}, `body.filters.serviceIds.${missing}`);
}

export async function searchPatientFiles(db: Db, scope: SearchScope, request: SearchRequest): Promise<Page<PatientFileRow>> {
  const filters = request.filters ?? {};
  await checkServices(db, scope.establishmentId, filters.serviceIds ?? []);
  const where = and(
    eq(services.establishmentId, scope.establishmentId),
    scope.fileScope,
    filters.status?.length ? inArray(patientFiles.status, [...filters.status]) : undefined,
    filters.serviceIds?.length ? inArray(patientFiles.serviceId, [...filters.serviceIds]) : undefined,
    filters.birthDate ? eq(users.birthDate, filters.birthDate) : undefined,
    identifierCondition(filters.identifier),
    ...nameCondition(filters.text),
  );
  function selectRows() {
    return db.select({
      file: patientFiles,
      serviceName: services.name,
      establishmentId: establishments.id,
      establishmentName: establishments.name,
      firstName: users.firstName,
      lastName: users.lastName,
      birthName: users.birthName,
      usedName: users.usedName,
      birthDate: users.birthDate,
      externalId: users.externalId,
      isCaregiver: sql<boolean>`exists(select 1 from ${caregivers} where ${caregivers.patientFileId} = ${patientFiles.id} and ${caregivers.userId} = ${scope.userId})`,
    }).from(patientFiles)
      .innerJoin(services, eq(services.id, patientFiles.serviceId))
      .innerJoin(establishments, eq(establishments.id, services.establishmentId))
      .innerJoin(users, eq(users.id, patientFiles.patientId))
      .where(where);
  }
  function selectCount() {
    return db.select({ n: count() }).from(patientFiles)
      .innerJoin(services, eq(services.id, patientFiles.serviceId))
      .innerJoin(users, eq(users.id, patientFiles.patientId))
      .where(where);
  }

  return pageOfRows(request, {
    rows: async (limit, offset) => (await selectRows().orderBy(...orderOf(SORTS, request.sort)).limit(limit).offset(offset)).map((r) => {
      const own = r.file.patientId === scope.userId;
      return {
        id: r.file.id,
        status: r.file.status,
        createdAt: r.file.createdAt.toISOString(),
        startDate: r.file.startDate,
        endDate: r.file.endDate,
        closedAt: r.file.closedAt?.toISOString() ?? null,
        closingReasonType: r.file.closingReasonType,
        closingReason: r.file.closingReason,
        ...(own ? { patient: { id: r.file.patientId, firstName: r.firstName, lastName: r.lastName } } : {}),
        patientName: `${r.firstName} ${r.lastName}`,
        patientFirstName: r.firstName,
        patientLastName: r.lastName,
        patientBirthName: r.birthName,
        patientUsedName: r.usedName,
        patientBirthDate: r.birthDate,
        patientExternalId: r.externalId,
        caregiver: !own && Boolean(r.isCaregiver),
        service: { id: r.file.serviceId, name: r.serviceName, establishment: { id: r.establishmentId, name: r.establishmentName } },
      };
    }),
    count: async () => (await selectCount())[0]?.n ?? 0,
  });
}
