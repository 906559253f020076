/** GET /patient_files/{id}/history: one page of the file's history, abortable (a replaced filter aborts its request). */
import { useQuery } from '@tanstack/react-query';
import { patientFileHistoryRoutes } from '../../../../schemas/api/patient-file-history.ts';
import type { PatientFileHistoryQuery } from '../../../../schemas/patient-file-history.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys } from '../../../lib/api/query-keys.ts';
import { listQueryOptions } from '../../../lib/ui/data-table/list-query.ts';

export const patientFileHistoryQueryOptions = (patientFileId: string, query: PatientFileHistoryQuery) =>
  listQueryOptions({
    queryKey: patientFileKeys.history(patientFileId, query),
    fetchPage: (signal) => call(patientFileHistoryRoutes.list, { params: { id: patientFileId }, query, signal }),
  });

export const usePatientFileHistory = (patientFileId: string, query: PatientFileHistoryQuery) =>
  useQuery(patientFileHistoryQueryOptions(patientFileId, query));
