/**
 * The Follow-up tab's calls (schemas/api/patient-file-status.ts): the file's status, close,
 * reopen, patient data on and off. A change makes everything of the file stale (its header,
 * tabs and history, under patientFileKeys.detail) and the lists that show its status.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { patientFileStatusRoutes } from '../../../../schemas/api/patient-file-status.ts';
import type { CloseBody } from '../../../../schemas/patient-file-status.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys } from '../../../lib/api/query-keys.ts';

export const useFileStatus = (patientFileId: string) => useQuery({
  queryKey: patientFileKeys.status(patientFileId),
  queryFn: ({ signal }) => call(patientFileStatusRoutes.get, { params: { id: patientFileId }, signal }),
});

export type StatusChange = { action: 'close'; body: CloseBody } | { action: 'reopen' | 'activatePatientData' | 'deactivatePatientData' };

export function useChangeStatus(patientFileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => {
      const params = { id: patientFileId };
      return change.action === 'close'
        ? call(patientFileStatusRoutes.close, { params, body: change.body })
        : call(patientFileStatusRoutes[change.action], { params });
    },
    onSuccess: (status) => client.setQueryData(patientFileKeys.status(patientFileId), status),
    // Whatever happened (a 409 says the file changed meanwhile), the file and the lists are fetched again.
    onSettled: () => client.invalidateQueries({ queryKey: patientFileKeys.all }),
  });
}
