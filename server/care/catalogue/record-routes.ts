/**
 * A catalogue kind's four routes in one call (records.ts says how to add a kind):
 *
 *   catalogueRecordRoutes(app, unitRoutes, unitsOf);
 *
 * `contracts` are the list, create, update and delete contracts of the kind (recordRoutes in
 * schemas/api/catalogue.ts makes them; a kind may have more routes beside, registered as usual);
 * `repositoryOf` opens the kind's repository for the request's caller. The list and a creation
 * name the establishment (`params.id`); an update and a deletion the record, by the one other path
 * parameter of their address, and the establishment too when the address has it
 * (`/api/establishments/:id/identity_document_types/:typeId`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BodyOf, ReplyOf, RouteContract } from '../../../schemas/api/contract.ts';
import { route } from '../../http/route.ts';
import type { CareContext } from '../context.ts';
import type { CatalogueRecords } from './records.ts';

export interface RecordContracts { list: RouteContract; create: RouteContract; update: RouteContract; delete: RouteContract }

/** The record as answered (the created one) and the body it is written from: the repository must agree with the contracts. */
type RepositoryFor<C extends RecordContracts> = CatalogueRecords<ReplyOf<C['create']>, BodyOf<C['create']>>;

/** The path parameter naming the record in an update or a deletion: the one that is not the establishment's `id`. */
function recordParam(contract: RouteContract): string {
  const names = (contract.params as { required?: readonly string[] } | undefined)?.required ?? [];
  const [name, ...others] = names.filter((n) => n !== 'id');
  if (!name || others.length > 0) throw new Error(`${contract.method} ${contract.url}: expected one record parameter besides :id, got ${names.join(', ')}`);
  return name;
}

export function catalogueRecordRoutes<const C extends RecordContracts>(
  app: FastifyInstance, contracts: C, repositoryOf: (care: CareContext) => RepositoryFor<C>,
): void {
  const updated = recordParam(contracts.update);
  const deleted = recordParam(contracts.delete);
  // The contracts are generic here: their params and bodies are read as the checks above made sure they are.
  const params = (request: FastifyRequest) => request.params as Record<string, string>;
  const body = (request: FastifyRequest) => request.body as BodyOf<C['create']>;
  const repository = (request: FastifyRequest) => repositoryOf(request.care);

  route(app, contracts.list, async (r) => repository(r).list(params(r).id!) as never);
  route(app, contracts.create, async (r) => repository(r).create(params(r).id!, body(r)) as never);
  route(app, contracts.update, async (r) => repository(r).update(params(r)[updated]!, body(r), params(r).id) as never);
  route(app, contracts.delete, async (r) => { await repository(r).delete(params(r)[deleted]!, params(r).id); return undefined as never; });
}
