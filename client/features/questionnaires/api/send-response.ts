import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseBody } from '../../../../schemas/form-api.ts';
import { apiFetch } from '../../../lib/api/client.ts';
import { responsesQueryKey } from './get-responses.ts';
import { tasksQueryKey } from '../../../blocks/shared/api/get-tasks.ts';

/** POST /patient_files/{id}/form_responses → 201 {id}; 400 answer_invalid, 409 for the answering rules. */
export const sendResponse = (patientFileId: string, body: ResponseBody) =>
  apiFetch<{ id: string }>(`/patient_files/${patientFileId}/form_responses`, { method: 'POST', body });

export function useSendResponse(patientFileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResponseBody) => sendResponse(patientFileId, body),
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: tasksQueryKey(patientFileId) }),
      queryClient.invalidateQueries({ queryKey: responsesQueryKey(patientFileId) }),
    ]),
  });
}
