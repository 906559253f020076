/**
 * The patient-file context (spec 000 §4): 'caregiver' when the active file's patient is not
 * the user, 'patient' when a file is active, 'professional' on the professional side when not
 * a caregiver. A file whose `patient` is absent is not the user's own (spec 001 §3).
 */
import type { PatientFileSummary } from '../../../schemas/me.ts';

export type PatientFileContext = 'caregiver' | 'patient' | 'professional' | undefined;

export function patientFileContext(input: {
  userId: string;
  activeFile?: Pick<PatientFileSummary, 'patient' | 'caregiver'>;
  professionalSide: boolean;
}): PatientFileContext {
  const { activeFile } = input;
  if (activeFile) {
    const own = activeFile.patient?.id === input.userId && !activeFile.caregiver;
    return own ? 'patient' : 'caregiver';
  }
  return input.professionalSide ? 'professional' : undefined;
}
