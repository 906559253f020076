/** /patient_files/:id/indicator_values_table(_settings): the value table of the indicators tab and the summary (issue 11 §6, §7). */
import type { FastifyInstance } from 'fastify';
import { valueTableRoutes } from '../../../schemas/api/indicators-tab.ts';
import { route } from '../../http/route.ts';
import { saveValueTableSettings, valueTable, valueTableSettings } from './repository.ts';

export default async function valueTablesRoutes(app: FastifyInstance) {
  route(app, valueTableRoutes.settings, async (request) => valueTableSettings(request.care, await request.care.patientFile(request.params.id)));
  route(app, valueTableRoutes.saveSettings, async (request) =>
    saveValueTableSettings(request.care, await request.care.patientFile(request.params.id), request.body));
  route(app, valueTableRoutes.table, async (request) => valueTable(request.care, await request.care.patientFile(request.params.id), request.query));
}
