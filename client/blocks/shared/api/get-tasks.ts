import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '../../../../schemas/form-api.ts';
import { apiFetch } from '../../../lib/api/client.ts';

/**
 * GET /patient_files/{id}/tasks: the questionnaires to answer, with status and dates. The one
 * fetcher and key of this endpoint: blocks (questionnaire launcher, scheduling) and My Tasks share
 * its cache, so they must agree on its shape (tests/unit/client/query-owners.test.ts).
 */
export const tasksQueryKey = (patientFileId: string | undefined) => ['patient_files', patientFileId, 'tasks'] as const;

export const tasksQueryOptions = (patientFileId: string | undefined) =>
  queryOptions({
    queryKey: tasksQueryKey(patientFileId),
    queryFn: ({ signal }) => apiFetch<{ data: Task[] }>(`/patient_files/${patientFileId}/tasks`, { signal }).then((r) => r.data),
    enabled: Boolean(patientFileId),
  });

export const useTasks = (patientFileId: string | undefined) => useQuery(tasksQueryOptions(patientFileId));
