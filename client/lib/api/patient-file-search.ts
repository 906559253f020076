/**
 * POST /establishments/{id}/patient_files/search (spec 001 §7: page, pageSize, filters;
 * abortable): the files of the structure the caller may open, one page at a time. The request
 * carries the query's AbortSignal, so a search replaced by the next one is aborted. In lib/ because
 * the patient-file list and the patient-file picker (lib/ui/patient-file-picker) both search.
 */
import { useQuery } from '@tanstack/react-query';
import { patientFileRoutes } from '../../../schemas/api/establishments.ts';
import type { PatientFileSearchBody } from '../../../schemas/patient-file-search.ts';
import { call } from './client.ts';
import { patientFileKeys } from './query-keys.ts';
import { listQueryOptions } from '../ui/data-table/list-query.ts';

export const patientFileSearchQueryOptions = (establishmentId: string, body: PatientFileSearchBody) =>
  listQueryOptions({
    queryKey: patientFileKeys.list(establishmentId, body),
    fetchPage: (signal) => call(patientFileRoutes.search, { params: { id: establishmentId }, body, signal }),
  });

export const usePatientFileSearch = (establishmentId: string, body: PatientFileSearchBody) =>
  useQuery(patientFileSearchQueryOptions(establishmentId, body));
