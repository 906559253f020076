import type { PatientFileSummary } from '../../schemas/me.ts';

/** The patient's name on a file: their own when it is the user's file, else the name given for caregivers. */
export function patientNameOf(file: PatientFileSummary): string {
  return file.patient ? `${file.patient.firstName} ${file.patient.lastName}` : file.patientName ?? '';
}
