import { queryOptions, useQuery } from '@tanstack/react-query';
import { formRoutes } from '../../../schemas/api/forms.ts';
import { call } from '../api/client.ts';
import { patientFileKeys } from '../api/query-keys.ts';

/**
 * GET /patient_files/{id}/form_responses: answered questionnaires, newest first. In lib: the
 * patient's tasks, the file's Questionnaires tab and the patient's monitoring screen read it.
 */
export const responsesQueryOptions = (patientFileId: string) =>
  queryOptions({
    queryKey: patientFileKeys.responses(patientFileId),
    queryFn: ({ signal }) => call(formRoutes.responses, { params: { id: patientFileId }, signal }).then((r) => r.data),
  });

export const useResponses = (patientFileId: string) => useQuery(responsesQueryOptions(patientFileId));
