/**
 * The Caregivers tab's calls: the file's caregivers (GET /patient_files/{id}/caregivers), add (an
 * existing account by e-mail, or a new account whose one-time credentials the answer carries)
 * and remove. A change makes the list and the file's history (under the file's key) stale.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { caregiverRoutes } from '../../../../schemas/api/caregivers.ts';
import type { AddCaregiverBody } from '../../../../schemas/caregivers.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys } from '../../../lib/api/query-keys.ts';

export const useCaregivers = (patientFileId: string) => useQuery({
  queryKey: patientFileKeys.caregivers(patientFileId),
  queryFn: ({ signal }) => call(caregiverRoutes.list, { params: { id: patientFileId }, signal }),
});

function useInvalidate(patientFileId: string) {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: patientFileKeys.caregivers(patientFileId) }),
    client.invalidateQueries({ queryKey: patientFileKeys.history(patientFileId, {}).slice(0, 3) }),
  ]);
}

export function useAddCaregiver(patientFileId: string) {
  const invalidate = useInvalidate(patientFileId);
  return useMutation({
    mutationFn: (body: AddCaregiverBody) => call(caregiverRoutes.add, { params: { id: patientFileId }, body }),
    onSettled: invalidate,
  });
}

export function useRemoveCaregiver(patientFileId: string) {
  const invalidate = useInvalidate(patientFileId);
  return useMutation({
    mutationFn: (userId: string) => call(caregiverRoutes.remove, { params: { id: patientFileId, userId } }),
    onSettled: invalidate,
  });
}
