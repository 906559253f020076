import type { FastifyInstance } from 'fastify';
import { establishmentRoutes as contracts } from '../../../schemas/api/establishments.ts';
import { route } from '../../http/route.ts';
import { establishmentsRepository } from './repository.ts';

export default async function establishmentRoutes(app: FastifyInstance) {
  route(app, contracts.list, async (request) => {
    const { page = 1, pageSize = 15, sort = 'name' } = request.query;
    const result = await establishmentsRepository(request.care).list({ page, pageSize, sort });
    return { ...result, page, pageSize };
  });

  route(app, contracts.theme, async (request) => establishmentsRepository(request.care).theme(request.params.id, app.provisioned));
}
