/** GET /establishments/:id/inactive-thresholds: open files whose thresholds raise nothing (dashboard block). */
import type { FastifyInstance } from 'fastify';
import { inactiveThresholdRoutes } from '../../../schemas/api/inactive-thresholds.ts';
import { DEFAULT_PAGE_SIZE } from '../../../schemas/common.ts';
import { route } from '../../http/route.ts';
import { listInactiveThresholds } from './repository.ts';

export default async function inactiveThresholdListRoutes(app: FastifyInstance) {
  route(app, inactiveThresholdRoutes.list, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE } = request.query;
    return listInactiveThresholds(request.care, request.params.id, { page, pageSize });
  });
}
