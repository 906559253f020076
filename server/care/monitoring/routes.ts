/** /patient_files/:id/indicators, …/indicators/:indicatorId/values, /patient_files/:id/measures: monitoring reads (issue 11 §6). */
import type { FastifyInstance } from 'fastify';
import { monitoringRoutes } from '../../../schemas/api/monitoring.ts';
import { DEFAULT_PAGE_SIZE } from '../../../schemas/common.ts';
import { route } from '../../http/route.ts';
import { indicatorSeries, listMeasures, monitoredIndicators } from './repository.ts';

export default async function monitoringApiRoutes(app: FastifyInstance) {
  route(app, monitoringRoutes.indicators, async (request) =>
    ({ data: await monitoredIndicators(request.care, await request.care.patientFile(request.params.id)) }));
  route(app, monitoringRoutes.series, async (request) =>
    indicatorSeries(request.care, await request.care.patientFile(request.params.id), request.params.indicatorId, request.query));
  route(app, monitoringRoutes.measures, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE, sort = '-measuredAt', ...filters } = request.query;
    return listMeasures(request.care, await request.care.patientFile(request.params.id), { page, pageSize, sort, ...filters });
  });
}
