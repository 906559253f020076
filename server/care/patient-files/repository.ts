/** Patient files, always read through an access scope (care/access.ts) of the caller's care context. */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { establishments, patientFiles, services, users } from '../../db/schema.ts';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { notFound } from '../../errors.ts';
import type { CareContext } from '../context.ts';
import { followsAsCaregiver, patientSideFileScope } from '../access.ts';
import { fileSummary } from './summary.ts';
import type { Identity } from '../../../schemas/identity.ts';
import { textIn, type LocalizedText } from '../../../schemas/localized-text.ts';
import { effectiveBoundaries } from '../measures/boundaries.ts';
import { boundaryState } from '../measures/evaluate.ts';

/** The identity shape of schemas/identity.ts from the patient's columns (0009). */
function identityOf(r: { identityStatus: string; identityDoubtful: boolean; identityFictitious: boolean; identityNamesake: boolean; identityVerifiedAt: Date | null }): Identity {
  return {
    status: r.identityStatus as Identity['status'],
    doubtful: r.identityDoubtful, fictitious: r.identityFictitious, namesake: r.identityNamesake,
    verifiedAt: r.identityVerifiedAt?.toISOString() ?? null,
  };
}

export function patientFilesRepository(care: CareContext) {
  const { db, userId } = care;

  const select = (where: SQL) => db.select({
    file: patientFiles,
    serviceName: services.name,
    establishmentId: establishments.id,
    establishmentName: establishments.name,
    patientFirstName: users.firstName,
    patientLastName: users.lastName,
    patientBirthDate: users.birthDate,
    identityStatus: users.identityStatus,
    identityDoubtful: users.identityDoubtful,
    identityFictitious: users.identityFictitious,
    identityNamesake: users.identityNamesake,
    identityVerifiedAt: users.identityVerifiedAt,
    isCaregiver: followsAsCaregiver(userId).mapWith(Boolean),
  }).from(patientFiles)
    .innerJoin(services, eq(services.id, patientFiles.serviceId))
    .innerJoin(establishments, eq(establishments.id, services.establishmentId))
    .innerJoin(users, eq(users.id, patientFiles.patientId))
    .where(where);

  type Row = Awaited<ReturnType<typeof select>>[number];
  const toSummary = (r: Row): PatientFileSummary => fileSummary(userId, r.file,
    { firstName: r.patientFirstName, lastName: r.patientLastName, birthDate: r.patientBirthDate }, r.isCaregiver,
    { id: r.file.serviceId, name: r.serviceName, establishment: { id: r.establishmentId, name: r.establishmentName } });

  /** The header's word on thresholds that raise nothing (issue 18): the rule of effectiveBoundaries. */
  async function inactiveThresholdsOf(fileId: string): Promise<NonNullable<PatientFileSummary['inactiveThresholds']>> {
    const inForce = [...(await effectiveBoundaries(db, fileId)).values()];
    return inForce.flatMap((entry) => {
      const inactiveBoundaries = entry.boundaries.filter((b) => boundaryState(b, entry.referenceValue).state === 'inactive').length;
      return inactiveBoundaries === 0 ? [] : [{ indicatorId: entry.indicatorId, reference: entry.reference, name: entry.name as LocalizedText, inactiveBoundaries }];
    }).sort((a, b) => (textIn(a.name, 'fr') ?? '').localeCompare(textIn(b.name, 'fr') ?? '', 'fr') || a.indicatorId.localeCompare(b.indicatorId));
  }

  return {
    /** The patient side: own files first, then files followed as a caregiver, oldest first (the order of /p/:index). */
    async listPatientSide(page: number, pageSize: number) {
      const scope = patientSideFileScope(userId);
      const [rows, [total]] = await Promise.all([
        select(scope).orderBy(sql`${patientFiles.patientId} <> ${userId}`, patientFiles.createdAt, patientFiles.id)
          .limit(pageSize).offset((page - 1) * pageSize),
        db.select({ n: count() }).from(patientFiles).where(scope),
      ]);
      return { data: rows.map(toSummary), totalItems: total?.n ?? 0 };
    },

    /** One file the caller may open; anything else, including another establishment's file, is not found. */
    async get(id: string): Promise<PatientFileSummary> {
      const [row] = await select(and(care.fileScope, eq(patientFiles.id, id))!);
      if (!row) throw notFound();
      const summary = toSummary(row);
      // The digital identity is the professional's to see (the header of their workspace), not the patient side's.
      const professional = row.file.patientId !== userId && !row.isCaregiver;
      if (!professional) return summary;
      return { ...summary, identity: identityOf(row), ...(row.file.status === 'CLOSED' ? {} : { inactiveThresholds: await inactiveThresholdsOf(row.file.id) }) };
    },
  };
}
