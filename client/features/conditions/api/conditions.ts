/**
 * The conditions' calls: the establishment's pathologies, the file's conditions (GET
 * /patient_files/{id}/conditions), add and remove (which make the list, the file's history and the
 * condition's screen stale), and one condition for its screen (GET /conditions/{id}).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conditionRoutes } from '../../../../schemas/api/conditions.ts';
import type { ConditionBody } from '../../../../schemas/conditions.ts';
import { call } from '../../../lib/api/client.ts';
import { conditionKeys, establishmentKeys, patientFileKeys } from '../../../lib/api/query-keys.ts';

export const usePathologies = (establishmentId: string) => useQuery({
  queryKey: establishmentKeys.pathologies(establishmentId),
  queryFn: ({ signal }) => call(conditionRoutes.pathologies, { params: { id: establishmentId }, signal }),
  staleTime: 5 * 60_000,
});

export const useConditions = (patientFileId: string) => useQuery({
  queryKey: patientFileKeys.conditions(patientFileId),
  queryFn: ({ signal }) => call(conditionRoutes.list, { params: { id: patientFileId }, signal }),
});

export const useCondition = (id: string) => useQuery({
  queryKey: conditionKeys.detail(id),
  queryFn: ({ signal }) => call(conditionRoutes.get, { params: { id }, signal }),
});

function useInvalidate(patientFileId: string) {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: patientFileKeys.conditions(patientFileId) }),
    client.invalidateQueries({ queryKey: patientFileKeys.history(patientFileId, {}).slice(0, 3) }),
    client.invalidateQueries({ queryKey: conditionKeys.all }),
  ]);
}

export function useAddCondition(patientFileId: string) {
  const invalidate = useInvalidate(patientFileId);
  return useMutation({
    mutationFn: (body: ConditionBody) => call(conditionRoutes.add, { params: { id: patientFileId }, body }),
    onSettled: invalidate,
  });
}

export function useRemoveCondition(patientFileId: string) {
  const invalidate = useInvalidate(patientFileId);
  return useMutation({
    mutationFn: (conditionId: string) => call(conditionRoutes.remove, { params: { id: patientFileId, conditionId } }),
    onSettled: invalidate,
  });
}
