import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientFileSummary } from '../../../../schemas/me.ts';
import { apiFetch } from '../../api/client.ts';

export interface Page<T> { data: T[]; totalItems: number; page: number; pageSize: number }

/** Patient files loaded at start: 200 per page (spec 001 §9). */
export const PATIENT_FILES_PAGE_SIZE = 200;

/** GET /me/patient_files: the user's own files and those they follow as a caregiver. */
export const getPatientFiles = (page = 1, pageSize = PATIENT_FILES_PAGE_SIZE) =>
  apiFetch<Page<PatientFileSummary>>('/me/patient_files', { query: { page, pageSize } });

export const patientFilesQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'patient-files'], queryFn: () => getPatientFiles(), staleTime: Infinity });

export const usePatientFiles = () => useQuery(patientFilesQueryOptions());
