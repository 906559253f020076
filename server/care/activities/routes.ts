/** GET /establishments/:id/activities: patients' last connections, answers and measures (dashboard block). */
import type { FastifyInstance } from 'fastify';
import { activityRoutes } from '../../../schemas/api/activities.ts';
import { DEFAULT_PAGE_SIZE } from '../../../schemas/common.ts';
import { route } from '../../http/route.ts';
import { listActivities } from './repository.ts';

export default async function activityListRoutes(app: FastifyInstance) {
  route(app, activityRoutes.list, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE, sort = '-lastActivityAt' } = request.query;
    return listActivities(request.care, request.params.id, { page, pageSize, sort });
  });
}
