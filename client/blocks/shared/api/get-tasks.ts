import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '../../../../schemas/form-api.ts';
import { apiFetch } from '../../../lib/api/client.ts';

/** GET /patient_files/{id}/tasks: the questionnaires to answer, with status and dates. */
export const getTasks = (patientFileId: string) => apiFetch<{ data: Task[] }>(`/patient_files/${patientFileId}/tasks`);

export const tasksQueryOptions = (patientFileId: string | undefined) =>
  queryOptions({
    queryKey: ['patient_files', patientFileId, 'tasks'],
    queryFn: () => getTasks(patientFileId!),
    enabled: Boolean(patientFileId),
  });

export const useTasks = (patientFileId: string | undefined) => useQuery(tasksQueryOptions(patientFileId));
