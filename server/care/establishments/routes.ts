import type { FastifyInstance } from 'fastify';
import { establishmentRoutes as contracts } from '../../../schemas/api/establishments.ts';
import { DEFAULT_PAGE_SIZE } from '../../../schemas/common.ts';
import { route } from '../../http/route.ts';
import { measureSettingsOf, updateMeasureSettings } from './measure-settings.ts';
import { establishmentsRepository } from './repository.ts';

export default async function establishmentRoutes(app: FastifyInstance) {
  route(app, contracts.list, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE, sort = 'name' } = request.query;
    return establishmentsRepository(request.care).list({ page, pageSize, sort });
  });

  route(app, contracts.theme, async (request) => establishmentsRepository(request.care).theme(request.params.id, app.provisioned));
  route(app, contracts.measureSettings, async (request) => measureSettingsOf(request.care, request.params.id));
  route(app, contracts.updateMeasureSettings, async (request) => updateMeasureSettings(request.care, request.params.id, request.body));
}
