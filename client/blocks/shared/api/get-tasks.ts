import { queryOptions, useQuery } from '@tanstack/react-query';
import { formRoutes } from '../../../../schemas/api/forms.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys } from '../../../lib/api/query-keys.ts';

/**
 * GET /patient_files/{id}/tasks: the questionnaires to answer, with status and dates. The one
 * fetcher and key of this endpoint: blocks (questionnaire launcher, scheduling) and My Tasks share
 * its cache, so they must agree on its shape (tests/unit/client/query-owners.test.ts).
 */
export const tasksQueryKey = patientFileKeys.tasks;

export const tasksQueryOptions = (patientFileId: string | undefined) =>
  queryOptions({
    queryKey: tasksQueryKey(patientFileId),
    queryFn: ({ signal }) => call(formRoutes.tasks, { params: { id: patientFileId! }, signal }).then((r) => r.data),
    enabled: Boolean(patientFileId),
  });

export const useTasks = (patientFileId: string | undefined) => useQuery(tasksQueryOptions(patientFileId));
