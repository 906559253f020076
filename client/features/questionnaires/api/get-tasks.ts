import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '../../../../schemas/form-api.ts';
import { apiFetch } from '../../../lib/api/client.ts';

/** GET /patient_files/{id}/tasks (same key as the questionnaire block's, so they share the cache). */
export const tasksQueryKey = (patientFileId: string) => ['patient_files', patientFileId, 'tasks'] as const;

export const tasksQueryOptions = (patientFileId: string) =>
  queryOptions({
    queryKey: tasksQueryKey(patientFileId),
    queryFn: ({ signal }) => apiFetch<{ data: Task[] }>(`/patient_files/${patientFileId}/tasks`, { signal }).then((r) => r.data),
  });

export const useTasks = (patientFileId: string) => useQuery(tasksQueryOptions(patientFileId));
