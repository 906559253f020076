/**
 * A reference catalogue of an establishment (indicator types, units, alert statuses, intervention
 * levels, identity-document types, …) from its contract group `{ list, create, update, delete }`
 * (schemas/api): the list query and the save/remove mutations, for any kind, so a new kind costs
 * no hook. The list's key is the collection of its route (`/api/establishments/:id/units` →
 * catalogueKeys.list(id, 'units')), so the catalogue screen and every picker of the same list
 * share one cache entry; a change makes the establishment's whole catalogue stale (an indicator
 * shows its type's and unit's names, a level's `inUse` follows the thresholds).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ReplyOf, RouteContract } from '../../../schemas/api/contract.ts';
import { call } from './client.ts';
import { catalogueKeys, type CataloguePart } from './query-keys.ts';

type ListRoute = RouteContract & { method: 'GET'; url: `/api/establishments/:id/${CataloguePart}` };
export interface RecordRoutes { list: ListRoute; create: RouteContract; update: RouteContract; delete: RouteContract }

/** A row of the kind's list. */
export type RecordOf<G extends RecordRoutes> = ReplyOf<G['list']> extends readonly (infer R)[] ? R : never;
/** What a save sends: the creation's body (an update takes the same). */
export type RecordBody<G extends RecordRoutes> = BodyOf<G['create']>;
/** Create (no id) or update (an id). */
export interface RecordSave<B> { id?: string; body: B }

const collectionOf = (list: ListRoute) => list.url.slice(list.url.lastIndexOf('/') + 1) as CataloguePart;

/**
 * The path parameters of a route of the kind: `id` is the establishment, any other one the
 * record (`typeId`, `unitId`); the routes under the establishment (identity-document types) take
 * both. Read from the contract's params schema, so no kind spells its parameter names.
 */
function paramsOf(contract: RouteContract, establishmentId: string, recordId = ''): Record<string, string> {
  const names = (contract.params as { required?: readonly string[] } | undefined)?.required ?? [];
  return Object.fromEntries(names.map((name) => [name, name === 'id' ? establishmentId : recordId]));
}

/** The kind's list of the establishment (in lib so the pickers of other features read the same entry). */
export function recordListOptions<G extends RecordRoutes>(routes: G, establishmentId: string) {
  const { list } = routes;
  return queryOptions({
    queryKey: catalogueKeys.list(establishmentId, collectionOf(list)),
    queryFn: ({ signal }) => call(list, { params: paramsOf(list, establishmentId), signal } as never) as Promise<RecordOf<G>[]>,
  });
}

export function useRecords<G extends RecordRoutes>(routes: G, establishmentId: string) {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: catalogueKeys.of(establishmentId) });
  // Each contract taken out of the group before the call: tests/unit/client/query-owners.test.ts names
  // a fetcher by the contract written inside its call, and this module fetches for every kind.
  const { create, update, delete: drop } = routes;
  return {
    /** The body's schema, the one the server checks: the form checks it too before sending (lib/forms/body-errors.ts). */
    bodySchema: create.body as object,
    query: useQuery(recordListOptions(routes, establishmentId)),
    save: useMutation({
      mutationFn: ({ id, body }: RecordSave<RecordBody<G>>) => (id
        ? call(update, { params: paramsOf(update, establishmentId, id), body } as never)
        : call(create, { params: paramsOf(create, establishmentId), body } as never)) as Promise<unknown>,
      onSettled,
    }),
    remove: useMutation({ mutationFn: (recordId: string) => call(drop, { params: paramsOf(drop, establishmentId, recordId) } as never) as Promise<unknown>, onSettled }),
  };
}

export type Records<G extends RecordRoutes> = ReturnType<typeof useRecords<G>>;
