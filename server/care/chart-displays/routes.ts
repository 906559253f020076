/** /patient_files/:id/chart_displays and /chart_displays/:chartDisplayId: the charts of the indicators tab (issue 11 §6). */
import type { FastifyInstance } from 'fastify';
import { chartDisplayRoutes, customizableIndicatorRoutes } from '../../../schemas/api/indicators-tab.ts';
import { route } from '../../http/route.ts';
import { listCustomizableIndicators } from './customizable-indicators.ts';
import {
  createChartDisplay, deleteChartDisplay, listChartDisplays, patientChartDisplays, setChartDisplayExcluded, updateChartDisplay,
} from './repository.ts';

export default async function chartDisplaysRoutes(app: FastifyInstance) {
  route(app, chartDisplayRoutes.list, async (request) => listChartDisplays(request.care, await request.care.patientFile(request.params.id)));
  route(app, chartDisplayRoutes.patient, async (request) => patientChartDisplays(request.care, await request.care.patientFile(request.params.id)));
  route(app, chartDisplayRoutes.create, async (request) =>
    createChartDisplay(request.care, await request.care.patientFile(request.params.id), request.body));
  route(app, chartDisplayRoutes.update, async (request) => updateChartDisplay(request.care, request.params.chartDisplayId, request.body));
  route(app, chartDisplayRoutes.remove, async (request) => { await deleteChartDisplay(request.care, request.params.chartDisplayId); return undefined; });
  route(app, chartDisplayRoutes.exclude, async (request) => setChartDisplayExcluded(request.care, request.params.chartDisplayId, true));
  route(app, chartDisplayRoutes.restore, async (request) => setChartDisplayExcluded(request.care, request.params.chartDisplayId, false));
  route(app, customizableIndicatorRoutes.list, async (request) => {
    const { page = 1, pageSize = 100 } = request.query;
    return listCustomizableIndicators(request.care, await request.care.patientFile(request.params.id), { page, pageSize });
  });
}
