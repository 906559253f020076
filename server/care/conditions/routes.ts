/** A patient's conditions and the establishment's pathologies (issue 10 §4): server/care/conditions/repository.ts. */
import type { FastifyInstance } from 'fastify';
import { conditionRoutes as contracts } from '../../../schemas/api/conditions.ts';
import { route } from '../../http/route.ts';
import { conditionsRepository } from './repository.ts';

export default async function conditionRoutes(app: FastifyInstance) {
  route(app, contracts.pathologies, async (request) => conditionsRepository(request.care).pathologies(request.params.id));
  route(app, contracts.list, async (request) => conditionsRepository(request.care).list(request.params.id));
  route(app, contracts.add, async (request) => conditionsRepository(request.care).add(request.params.id, request.body));
  route(app, contracts.remove, async (request) => {
    await conditionsRepository(request.care).remove(request.params.id, request.params.conditionId);
    return undefined;
  });
  route(app, contracts.get, async (request) => conditionsRepository(request.care).get(request.params.id));
}
