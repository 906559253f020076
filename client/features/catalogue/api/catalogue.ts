/**
 * The catalogue's changes (schemas/api/catalogue.ts) other than the reference records' (those are
 * lib/api/records.ts's useRecords, one hook for every kind) as mutations. Every change makes the
 * establishment's whole catalogue stale (catalogueKeys.of): an indicator shows its type's and
 * unit's names, a level's `inUse` follows the indicators' thresholds.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { indicatorRoutes, indicatorVisibilityRoutes, interventionLevelRoutes } from '../../../../schemas/api/catalogue.ts';
import type { BodyOf } from '../../../../schemas/api/contract.ts';
import { call } from '../../../lib/api/client.ts';
import { catalogueKeys } from '../../../lib/api/query-keys.ts';

// The reads are lib/api/catalogue.ts's (pickers of other features read the same lists); re-exported for this feature's screens.
export * from '../../../lib/api/catalogue.ts';

/** A change of the establishment's catalogue, which makes all of it stale once settled. */
function useCatalogueMutation<V, R>(establishmentId: string, mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: catalogueKeys.of(establishmentId) }) });
}

/** Create (no id) or update (an id) of one kind of record. */
type Save<B> = { id?: string; body: B };

export function useIndicatorChanges(establishmentId: string) {
  return {
    save: useCatalogueMutation(establishmentId, ({ id, body }: Save<BodyOf<typeof indicatorRoutes.create>>) => id
      ? call(indicatorRoutes.update, { params: { indicatorId: id }, body })
      : call(indicatorRoutes.create, { params: { id: establishmentId }, body })),
    remove: useCatalogueMutation(establishmentId, (indicatorId: string) => call(indicatorRoutes.delete, { params: { indicatorId } })),
  };
}

type Assignment = { personId: string; levelId: string; serviceId: string };
export function useAssignmentChanges(establishmentId: string) {
  return {
    assign: useCatalogueMutation(establishmentId, (a: Assignment) =>
      call(interventionLevelRoutes.assign, { params: { id: a.personId, levelId: a.levelId }, body: { establishmentService: a.serviceId } })),
    unassign: useCatalogueMutation(establishmentId, (a: Assignment) =>
      call(interventionLevelRoutes.unassign, { params: { id: a.personId, levelId: a.levelId }, body: { establishmentService: a.serviceId } })),
  };
}

export const useVisibilityChange = (establishmentId: string) => useCatalogueMutation(establishmentId, (visibleIndicatorIds: string[]) =>
  call(indicatorVisibilityRoutes.set, { params: { id: establishmentId }, body: { visibleIndicatorIds } }));
