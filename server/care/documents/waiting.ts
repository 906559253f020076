/**
 * Documents waiting for acknowledgement in an establishment (the dashboard's documents-and-
 * messaging block): the live documents the patient's side added (a professional's own are
 * acknowledged by their author when added) and no professional has acknowledged yet, in the files
 * of the services the caller opens there (care.patientDataIn's `opens`, as the prescriptions'
 * list). documents_waiting_idx holds only those rows, so the list stays small to read however
 * many documents the establishment keeps.
 */
import { aliasedTable, and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { documents, patientFiles, services, users } from '../../db/schema.ts';
import { defineSorts, orderOf } from '../../lists/sort.ts';
import { pageOfRows, type Page } from '../../lists/page.ts';
import type { WaitingDocument, WaitingDocumentListQuery } from '../../../schemas/documents.ts';
import type { CareContext } from '../context.ts';

const patient = aliasedTable(users, 'patient');
const SORTS = defineSorts({ createdAt: [documents.createdAt], patient: [patient.lastName, patient.firstName] }, documents.id);

type ListQuery = Required<Pick<WaitingDocumentListQuery, 'page' | 'pageSize' | 'sort'>>;

export async function listWaitingDocuments(care: CareContext, establishmentId: string, query: ListQuery): Promise<Page<WaitingDocument>> {
  const { opens } = await care.patientDataIn(establishmentId);
  const all = await care.db.select({ id: services.id }).from(services).where(eq(services.establishmentId, establishmentId)).orderBy(asc(services.id));
  const opened = all.filter((s) => opens(s.id)).map((s) => s.id);
  if (!opened.length) return { data: [], totalItems: 0, page: query.page, pageSize: query.pageSize };
  const where = and(
    inArray(patientFiles.serviceId, opened),
    isNull(documents.acknowledgedAt), isNull(documents.excludedAt), isNull(documents.enteredInErrorAt),
  );
  return pageOfRows(query, {
    rows: async (limit, offset) => (await care.db.select({
      id: documents.id, patientFileId: documents.patientFileId, type: documents.type, title: documents.title,
      source: documents.source, createdAt: documents.createdAt, service: services.name,
      patient: { firstName: patient.firstName, lastName: patient.lastName },
    }).from(documents)
      .innerJoin(patientFiles, eq(patientFiles.id, documents.patientFileId))
      .innerJoin(services, eq(services.id, patientFiles.serviceId))
      .innerJoin(patient, eq(patient.id, patientFiles.patientId))
      .where(where).orderBy(...orderOf(SORTS, query.sort)).limit(limit).offset(offset))
      .map((row) => ({
        ...row, type: row.type as WaitingDocument['type'], source: row.source as WaitingDocument['source'], createdAt: row.createdAt.toISOString(),
      })),
    count: async () => (await care.db.select({ n: count() }).from(documents)
      .innerJoin(patientFiles, eq(patientFiles.id, documents.patientFileId))
      .where(where))[0]?.n ?? 0,
  });
}
