import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientFileSummary } from '../../../../schemas/me.ts';
import { apiFetch } from '../../../lib/api/client.ts';

/** GET /patient_files/{id}: one file the caller may open; 404 for any other (spec 001 §8). */
export const getPatientFile = (id: string) => apiFetch<PatientFileSummary>(`/patient_files/${encodeURIComponent(id)}`);

export const patientFileQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['patient-files', id], queryFn: () => getPatientFile(id) });

export const usePatientFile = (id: string) => useQuery(patientFileQueryOptions(id));
