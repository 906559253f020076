import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '../../../../schemas/api/contract.ts';
import { formRoutes } from '../../../../schemas/api/forms.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys } from '../../../lib/api/query-keys.ts';

export type SentResponse = CallInput<typeof formRoutes.submit>['body'];

/** POST /patient_files/{id}/form_responses → 201 {id}; 400 answer_invalid, 409 for the answering rules. */
export const sendResponse = (patientFileId: string, body: SentResponse) =>
  call(formRoutes.submit, { params: { id: patientFileId }, body });

export function useSendResponse(patientFileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SentResponse) => sendResponse(patientFileId, body),
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: patientFileKeys.tasks(patientFileId) }),
      queryClient.invalidateQueries({ queryKey: patientFileKeys.responses(patientFileId) }),
    ]),
  });
}
