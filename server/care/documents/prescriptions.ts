/**
 * An establishment's prescriptions (spec 000 §2 `prescriptions`): the live documents of a
 * prescription type in the files of the services the caller opens there as a professional
 * (care.patientDataIn's `opens`, access.ts), with their status today. A status follows the
 * establishment's calendar (schemas/prescriptions.ts): today is its date in the establishment's
 * time zone, and the filter is the same rule as prescriptionStatus, written in SQL so that pages
 * and counts are the database's.
 */
import { aliasedTable, and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { documents, patientFiles, services, users } from '../../db/schema.ts';
import { defineSorts, orderOf } from '../../lists/sort.ts';
import { pageOfRows, type Page } from '../../lists/page.ts';
import { addDays } from '../../../schemas/patient-form/dates.ts';
import {
  PRESCRIPTION_TYPES, prescriptionDaysLeft, prescriptionStatus, RENEWAL_NOTICE_DAYS,
  type Prescription, type PrescriptionListQuery, type PrescriptionStatus,
} from '../../../schemas/prescriptions.ts';
import type { CareContext } from '../context.ts';

/** The live renewal's id, or null (documents_renews_idx: one at most). */
const renewalId = sql<string | null>`(select r.id from ${documents} r where r.renews_document_id = ${documents.id} and r.entered_in_error_at is null)`;
const patient = aliasedTable(users, 'patient');

const SORTS = defineSorts({
  endDate: [documents.endDate], startDate: [documents.startDate], createdAt: [documents.createdAt],
  patient: [patient.lastName, patient.firstName],
}, documents.id);

type ListQuery = Required<Pick<PrescriptionListQuery, 'page' | 'pageSize' | 'sort'>> & Pick<PrescriptionListQuery, 'status' | 'type'>;

/** prescriptionStatus's rule on the row, for `today` in the establishment's calendar. */
function statusCondition(status: PrescriptionStatus, today: string): SQL | undefined {
  const started = or(isNull(documents.startDate), lte(documents.startDate, today));
  const notEnded = or(isNull(documents.endDate), gte(documents.endDate, today));
  const dueForRenewal = and(isNotNull(documents.endDate), lte(documents.endDate, addDays(today, RENEWAL_NOTICE_DAYS)), sql`${renewalId} is null`);
  switch (status) {
    case 'WAITING': return gt(documents.startDate, today);
    case 'EXPIRED': return lt(documents.endDate, today);
    case 'AWAITING_RENEWAL': return and(started, gte(documents.endDate, today), dueForRenewal);
    case 'ONGOING': return and(started, notEnded, or(isNull(documents.endDate), gt(documents.endDate, addDays(today, RENEWAL_NOTICE_DAYS)), sql`${renewalId} is not null`));
  }
}

export async function listPrescriptions(care: CareContext, establishmentId: string, query: ListQuery): Promise<Page<Prescription>> {
  const { establishment, opens } = await care.patientDataIn(establishmentId);
  const all = await care.db.select({ id: services.id }).from(services).where(eq(services.establishmentId, establishmentId)).orderBy(asc(services.id));
  const opened = all.filter((s) => opens(s.id)).map((s) => s.id);
  if (!opened.length) return { data: [], totalItems: 0, page: query.page, pageSize: query.pageSize };
  const today = DateTime.fromJSDate(care.now(), { zone: establishment.timeZone }).toISODate()!;
  const where = and(
    inArray(patientFiles.serviceId, opened),
    inArray(documents.type, [...(query.type ? [query.type] : PRESCRIPTION_TYPES)]),
    isNull(documents.excludedAt), isNull(documents.enteredInErrorAt),
    query.status ? statusCondition(query.status, today) : undefined,
  );
  const base = () => care.db.select({
    doc: {
      id: documents.id, patientFileId: documents.patientFileId, type: documents.type, title: documents.title, startDate: documents.startDate,
      endDate: documents.endDate, renewsDocumentId: documents.renewsDocumentId, fileId: documents.fileId, createdAt: documents.createdAt,
    },
    renewalId, service: services.name,
    patient: { firstName: patient.firstName, lastName: patient.lastName },
  }).from(documents)
    .innerJoin(patientFiles, eq(patientFiles.id, documents.patientFileId))
    .innerJoin(services, eq(services.id, patientFiles.serviceId))
    .innerJoin(patient, eq(patient.id, patientFiles.patientId));
  return pageOfRows(query, {
    rows: async (limit, offset) => (await base().where(where).orderBy(...orderOf(SORTS, query.sort)).limit(limit).offset(offset)).map(({ doc, renewalId, service, patient: p }) => ({
      id: doc.id, patientFileId: doc.patientFileId, patient: p, service,
      type: doc.type as Prescription['type'], title: doc.title, startDate: doc.startDate, endDate: doc.endDate,
      status: prescriptionStatus({ startDate: doc.startDate, endDate: doc.endDate, renewed: renewalId !== null }, today),
      daysLeft: prescriptionDaysLeft(doc.endDate, today),
      renews: doc.renewsDocumentId, renewedBy: renewalId, hasFile: doc.fileId !== null, createdAt: doc.createdAt.toISOString(),
    })),
    count: async () => (await care.db.select({ n: count() }).from(documents)
      .innerJoin(patientFiles, eq(patientFiles.id, documents.patientFileId))
      .where(where))[0]?.n ?? 0,
  });
}
