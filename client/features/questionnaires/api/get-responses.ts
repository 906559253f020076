import { queryOptions, useQuery } from '@tanstack/react-query';
import { formRoutes } from '../../../../schemas/api/forms.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys } from '../../../lib/api/query-keys.ts';

/** GET /patient_files/{id}/form_responses: answered questionnaires, newest first. */
export const responsesQueryOptions = (patientFileId: string) =>
  queryOptions({
    queryKey: patientFileKeys.responses(patientFileId),
    queryFn: ({ signal }) => call(formRoutes.responses, { params: { id: patientFileId }, signal }).then((r) => r.data),
  });

export const useResponses = (patientFileId: string) => useQuery(responsesQueryOptions(patientFileId));
