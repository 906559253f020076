/** Opens one patient file for the caller, through the access scopes; anything else is not found. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { caregivers, patientFiles, services } from '../../db/schema.ts';
import type { Identity } from '../../identity.ts';
import { notFound } from '../../errors.ts';
import { patientFileScope } from '../access.ts';

export interface OpenedFile {
  id: string;
  patientId: string;
  status: 'OPEN' | 'CLOSED' | 'AWAITING';
  establishmentId: string;
  /** How the caller reaches it: their own, as a caregiver, or as a professional of its service. */
  as: 'patient' | 'caregiver' | 'professional';
}

export async function openPatientFile(db: Db, identity: Identity, id: string): Promise<OpenedFile> {
  const userId = identity.user.id;
  const [row] = await db.select({
    id: patientFiles.id, patientId: patientFiles.patientId, status: patientFiles.status, establishmentId: services.establishmentId,
    caregiver: sql<boolean>`exists (select 1 from ${caregivers} where ${caregivers.patientFileId} = ${patientFiles.id} and ${caregivers.userId} = ${userId})`,
  }).from(patientFiles).innerJoin(services, eq(services.id, patientFiles.serviceId))
    .where(and(eq(patientFiles.id, id), patientFileScope(userId)));
  if (!row) throw notFound();
  const as = row.patientId === userId ? 'patient' : row.caregiver ? 'caregiver' : 'professional';
  return { id: row.id, patientId: row.patientId, status: row.status, establishmentId: row.establishmentId, as };
}
