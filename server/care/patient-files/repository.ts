/** Patient files, always read through an access scope (care/access.ts). */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { caregivers, establishments, patientFiles, services, users } from '../../db/schema.ts';
import type { Identity } from '../../identity.ts';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { notFound } from '../../errors.ts';
import { patientFileScope, patientSideFileScope, scoped } from '../access.ts';

export function patientFilesRepository(db: Db, identity: Identity) {
  const userId = identity.user.id;

  const select = (where: SQL) => db.select({
    file: patientFiles,
    serviceName: services.name,
    establishmentId: establishments.id,
    establishmentName: establishments.name,
    patientFirstName: users.firstName,
    patientLastName: users.lastName,
    patientBirthDate: users.birthDate,
    isCaregiver: sql<boolean>`exists(select 1 from ${caregivers} where ${caregivers.patientFileId} = ${patientFiles.id} and ${caregivers.userId} = ${userId})`,
  }).from(patientFiles)
    .innerJoin(services, eq(services.id, patientFiles.serviceId))
    .innerJoin(establishments, eq(establishments.id, services.establishmentId))
    .innerJoin(users, eq(users.id, patientFiles.patientId))
    .where(where);

  type Row = Awaited<ReturnType<typeof select>>[number];
  const toSummary = (r: Row): PatientFileSummary => {
    const own = r.file.patientId === userId;
    return {
      id: r.file.id,
      status: r.file.status,
      createdAt: r.file.createdAt.toISOString(),
      startDate: r.file.startDate,
      endDate: r.file.endDate,
      closedAt: r.file.closedAt?.toISOString() ?? null,
      closingReasonType: r.file.closingReasonType,
      closingReason: r.file.closingReason,
      // spec 001 §3: `patient` is absent when the file is not the user's own.
      ...(own ? { patient: { id: r.file.patientId, firstName: r.patientFirstName, lastName: r.patientLastName } } : {}),
      patientName: `${r.patientFirstName} ${r.patientLastName}`,
      patientBirthDate: r.patientBirthDate,
      caregiver: !own && Boolean(r.isCaregiver),
      service: { id: r.file.serviceId, name: r.serviceName, establishment: { id: r.establishmentId, name: r.establishmentName } },
    };
  };

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
      const [row] = await select(scoped(patientFileScope(userId), and(eq(patientFiles.id, id))));
      if (!row) throw notFound();
      return toSummary(row);
    },
  };
}
