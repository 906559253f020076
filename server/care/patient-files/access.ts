/**
 * Opens one patient file for the caller through the care context (care.patientFile), for code
 * that does not take the context yet (server/care/files, being moved to it). New code reads
 * `request.care.patientFile(id)`.
 */
import type { Db } from '../../db/client.ts';
import type { Identity } from '../../identity.ts';
import { careContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';

export type OpenedFile = PatientFileHandle;

export const openPatientFile = (db: Db, identity: Identity, id: string): Promise<PatientFileHandle> =>
  careContext(db, identity, () => new Date()).patientFile(id);
