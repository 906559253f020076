/**
 * What an answer says of one patient file, written once for the file opened by id
 * (repository.ts) and each row of the establishment's list (search.ts).
 */
import type { patientFiles } from '../../db/schema.ts';
import type { PatientFileSummary } from '../../../schemas/me.ts';

type FileRecord = typeof patientFiles.$inferSelect;
interface Patient { firstName: string; lastName: string; birthDate: string | null }
/** Always written here, though optional in the summary's schema: the list's rows require them. */
type Summary = PatientFileSummary & Required<Pick<PatientFileSummary, 'patientName' | 'patientBirthDate' | 'caregiver'>>;

export function fileSummary(
  userId: string,
  file: FileRecord,
  patient: Patient,
  isCaregiver: boolean | null,
  service: PatientFileSummary['service'],
): Summary {
  const own = file.patientId === userId;
  return {
    id: file.id,
    status: file.status,
    createdAt: file.createdAt.toISOString(),
    startDate: file.startDate,
    endDate: file.endDate,
    closedAt: file.closedAt?.toISOString() ?? null,
    closingReasonType: file.closingReasonType,
    closingReason: file.closingReason,
    // spec 001 §3: `patient` is absent when the file is not the user's own.
    ...(own ? { patient: { id: file.patientId, firstName: patient.firstName, lastName: patient.lastName } } : {}),
    patientName: `${patient.firstName} ${patient.lastName}`,
    patientBirthDate: patient.birthDate,
    caregiver: !own && Boolean(isCaregiver),
    patientDataActive: file.patientDataActive,
    service,
  };
}
