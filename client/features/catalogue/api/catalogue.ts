/**
 * The catalogue's calls (schemas/api/catalogue.ts) as queries and mutations. Every change makes the
 * establishment's whole catalogue stale (catalogueKeys.of): an indicator shows its type's and
 * unit's names, a level's `inUse` follows the indicators' thresholds.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alertStatusRoutes, indicatorRoutes, indicatorTypeRoutes, indicatorVisibilityRoutes, interventionLevelRoutes, unitRoutes,
} from '../../../../schemas/api/catalogue.ts';
import type { BodyOf, QueryOf } from '../../../../schemas/api/contract.ts';
import { call } from '../../../lib/api/client.ts';
import { catalogueKeys } from '../../../lib/api/query-keys.ts';
import { listQueryOptions } from '../../../lib/ui/data-table/list-query.ts';

type Query = Partial<QueryOf<typeof indicatorRoutes.list>>;

export const useIndicatorPage = (establishmentId: string, query: Query) => useQuery(listQueryOptions({
  queryKey: catalogueKeys.indicators(establishmentId, query),
  fetchPage: (signal) => call(indicatorRoutes.list, { params: { id: establishmentId }, query, signal }),
}));

export const useIndicatorTypes = (establishmentId: string) => useQuery({
  queryKey: catalogueKeys.list(establishmentId, 'indicator_types'),
  queryFn: ({ signal }) => call(indicatorTypeRoutes.list, { params: { id: establishmentId }, signal }),
});
export const useUnits = (establishmentId: string) => useQuery({
  queryKey: catalogueKeys.list(establishmentId, 'units'),
  queryFn: ({ signal }) => call(unitRoutes.list, { params: { id: establishmentId }, signal }),
});
export const useAlertStatuses = (establishmentId: string) => useQuery({
  queryKey: catalogueKeys.list(establishmentId, 'alert_statuses'),
  queryFn: ({ signal }) => call(alertStatusRoutes.list, { params: { id: establishmentId }, signal }),
});
export const useInterventionLevels = (establishmentId: string) => useQuery({
  queryKey: catalogueKeys.list(establishmentId, 'intervention_levels'),
  queryFn: ({ signal }) => call(interventionLevelRoutes.list, { params: { id: establishmentId }, signal }),
});
export const useLevelAssignments = (establishmentId: string) => useQuery({
  queryKey: catalogueKeys.list(establishmentId, 'assignments'),
  queryFn: ({ signal }) => call(interventionLevelRoutes.assignments, { params: { id: establishmentId }, signal }),
});
export const useCallableProfessionals = (establishmentId: string) => useQuery({
  queryKey: catalogueKeys.list(establishmentId, 'professionals'),
  queryFn: ({ signal }) => call(interventionLevelRoutes.professionals, { params: { id: establishmentId }, signal }),
});
export const useIndicatorsVisibility = (establishmentId: string) => useQuery({
  queryKey: catalogueKeys.list(establishmentId, 'visibility'),
  queryFn: ({ signal }) => call(indicatorVisibilityRoutes.get, { params: { id: establishmentId }, signal }),
});

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

export function useIndicatorTypeChanges(establishmentId: string) {
  return {
    save: useCatalogueMutation(establishmentId, ({ id, body }: Save<BodyOf<typeof indicatorTypeRoutes.create>>) => id
      ? call(indicatorTypeRoutes.update, { params: { typeId: id }, body })
      : call(indicatorTypeRoutes.create, { params: { id: establishmentId }, body })),
    remove: useCatalogueMutation(establishmentId, (typeId: string) => call(indicatorTypeRoutes.delete, { params: { typeId } })),
  };
}

export function useUnitChanges(establishmentId: string) {
  return {
    save: useCatalogueMutation(establishmentId, ({ id, body }: Save<BodyOf<typeof unitRoutes.create>>) => id
      ? call(unitRoutes.update, { params: { unitId: id }, body })
      : call(unitRoutes.create, { params: { id: establishmentId }, body })),
    remove: useCatalogueMutation(establishmentId, (unitId: string) => call(unitRoutes.delete, { params: { unitId } })),
  };
}

export function useAlertStatusChanges(establishmentId: string) {
  return {
    save: useCatalogueMutation(establishmentId, ({ id, body }: Save<BodyOf<typeof alertStatusRoutes.create>>) => id
      ? call(alertStatusRoutes.update, { params: { statusId: id }, body })
      : call(alertStatusRoutes.create, { params: { id: establishmentId }, body })),
    remove: useCatalogueMutation(establishmentId, (statusId: string) => call(alertStatusRoutes.delete, { params: { statusId } })),
  };
}

export function useInterventionLevelChanges(establishmentId: string) {
  return {
    save: useCatalogueMutation(establishmentId, ({ id, body }: Save<BodyOf<typeof interventionLevelRoutes.create>>) => id
      ? call(interventionLevelRoutes.update, { params: { levelId: id }, body })
      : call(interventionLevelRoutes.create, { params: { id: establishmentId }, body })),
    remove: useCatalogueMutation(establishmentId, (levelId: string) => call(interventionLevelRoutes.delete, { params: { levelId } })),
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
