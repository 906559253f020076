/**
 * A person (a patient) as a professional reaches them: through their patient files in the caller's
 * scope, reached as a professional (not the caller's own file, not one they follow as a caregiver),
 * in an establishment where the caller holds a patient-data privilege. No such file: 404, whoever
 * the person is (no existence oracle). Each file is opened through `care.patientFile`, so its
 * history is written by its handle.
 */
import { and, asc, eq, not } from 'drizzle-orm';
import { patientFiles, services, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { patientSideFileScope } from '../access.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';

export interface ReachedPerson {
  row: typeof users.$inferSelect;
  /** The person's files the caller reaches as a professional, oldest first. */
  files: PatientFileHandle[];
  /** Establishments of those files. */
  establishmentIds: string[];
  /** Those files, open ones only (a closed file is read-only: no history is written to it). */
  openFiles(establishmentId?: string): PatientFileHandle[];
}

export async function reachPerson(care: CareContext, personId: string): Promise<ReachedPerson> {
  const rows = await care.db.select({ id: patientFiles.id, serviceId: patientFiles.serviceId, establishmentId: services.establishmentId }).from(patientFiles)
    .innerJoin(services, eq(services.id, patientFiles.serviceId))
    .where(and(eq(patientFiles.patientId, personId), care.fileScope, not(patientSideFileScope(care.userId))))
    .orderBy(asc(patientFiles.createdAt), asc(patientFiles.id));
  const reached = rows.filter((r) => care.opensFilesOf({ id: r.serviceId, establishmentId: r.establishmentId }));
  if (reached.length === 0) throw notFound();
  const files = await Promise.all(reached.map((r) => care.patientFile(r.id)));
  for (const file of files) file.requireProfessional();
  const [row] = await care.db.select().from(users).where(eq(users.id, personId));
  if (!row) throw notFound();
  return {
    row,
    files,
    establishmentIds: [...new Set(files.map((f) => f.establishmentId))],
    openFiles: (establishmentId) => files.filter((f) => f.status === 'OPEN' && (!establishmentId || f.establishmentId === establishmentId)),
  };
}

/** The open files a change to the person is written to; none open: 409 patient_file_closed (requireOpen of the first). */
export function openFilesOrClosed(person: ReachedPerson, establishmentId?: string): PatientFileHandle[] {
  const open = person.openFiles(establishmentId);
  if (open.length === 0) {
    const any = person.files.find((f) => !establishmentId || f.establishmentId === establishmentId);
    if (!any) throw notFound();
    any.requireOpen();
  }
  return open;
}

