/** Medical protocols: the establishment's (medical-protocols screens) and a patient file's (issue 11 §8). */
import type { FastifyInstance } from 'fastify';
import { fileProtocolRoutes, protocolRoutes } from '../../../schemas/api/protocols.ts';
import { DEFAULT_PAGE_SIZE } from '../../../schemas/common.ts';
import { route } from '../../http/route.ts';
import { fileProtocolsRepository } from './on-file.ts';
import { protocolsRepository } from './repository.ts';

export default async function protocolsRoutes(app: FastifyInstance) {
  route(app, protocolRoutes.list, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE, sort = 'name', archived = 'false', serviceId } = request.query;
    return protocolsRepository(request.care).list(request.params.id, { page, pageSize, sort, archived, serviceId });
  });
  route(app, protocolRoutes.create, async (request) => protocolsRepository(request.care).create(request.params.id, request.body));
  route(app, protocolRoutes.get, async (request) => protocolsRepository(request.care).get(request.params.protocolId));
  route(app, protocolRoutes.update, async (request) => protocolsRepository(request.care).update(request.params.protocolId, request.body));
  route(app, protocolRoutes.archive, async (request) => protocolsRepository(request.care).archive(request.params.protocolId));
  route(app, protocolRoutes.restore, async (request) => protocolsRepository(request.care).restore(request.params.protocolId));

  route(app, fileProtocolRoutes.ofFile, async (request) => fileProtocolsRepository(request.care).ofFile(request.params.id));
  route(app, fileProtocolRoutes.apply, async (request) => fileProtocolsRepository(request.care).apply(request.params.id, request.params.protocolId));
  route(app, fileProtocolRoutes.activate, async (request) => fileProtocolsRepository(request.care).activate(request.params.id));
  route(app, fileProtocolRoutes.deactivate, async (request) => fileProtocolsRepository(request.care).deactivate(request.params.id));
  route(app, fileProtocolRoutes.exclude, async (request) => fileProtocolsRepository(request.care).exclude(request.params.id));
  route(app, fileProtocolRoutes.restore, async (request) => fileProtocolsRepository(request.care).restore(request.params.id));
}
