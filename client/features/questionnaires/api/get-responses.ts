import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormResponse } from '../../../../schemas/form-api.ts';
import { apiFetch } from '../../../lib/api/client.ts';

/** GET /patient_files/{id}/form_responses: answered questionnaires, newest first. */
export const responsesQueryKey = (patientFileId: string) => ['patient_files', patientFileId, 'form_responses'] as const;

export const responsesQueryOptions = (patientFileId: string) =>
  queryOptions({
    queryKey: responsesQueryKey(patientFileId),
    queryFn: ({ signal }) => apiFetch<{ data: FormResponse[] }>(`/patient_files/${patientFileId}/form_responses`, { signal }).then((r) => r.data),
  });

export const useResponses = (patientFileId: string) => useQuery(responsesQueryOptions(patientFileId));
