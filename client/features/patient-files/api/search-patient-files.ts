/**
 * POST /establishments/{id}/patient_files/search (spec 001 §7: page, pageSize, filters;
 * abortable): the files of the structure the caller may open, one page at a time. The request
 * carries the query's AbortSignal, so a search replaced by the next one is aborted.
 */
import { useQuery } from '@tanstack/react-query';
import type { PatientFileSearchBody, PatientFileSearchResponse } from '../../../../schemas/patient-file-search.ts';
import { apiFetch } from '../../../lib/api/client.ts';
import { listQueryOptions } from '../../../lib/ui/data-table/list-query.ts';

/** Keys of patient-file lists; they sit under 'patient-files', so invalidating that refreshes lists and files. */
export const patientFileListKeys = {
  all: ['patient-files', 'list'] as const,
  search: (establishmentId: string, body: PatientFileSearchBody) => [...patientFileListKeys.all, establishmentId, body] as const,
};

export const searchPatientFiles = (establishmentId: string, body: PatientFileSearchBody, signal?: AbortSignal) =>
  apiFetch<PatientFileSearchResponse>(`/establishments/${encodeURIComponent(establishmentId)}/patient_files/search`, { method: 'POST', body, signal });

export const patientFileSearchQueryOptions = (establishmentId: string, body: PatientFileSearchBody) =>
  listQueryOptions({
    queryKey: patientFileListKeys.search(establishmentId, body),
    fetchPage: (signal) => searchPatientFiles(establishmentId, body, signal),
  });

export const usePatientFileSearch = (establishmentId: string, body: PatientFileSearchBody) =>
  useQuery(patientFileSearchQueryOptions(establishmentId, body));
