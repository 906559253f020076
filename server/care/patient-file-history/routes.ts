/** GET /patient_files/:id/history: the history tab of the patient file (professionals of the file). */
import type { FastifyInstance } from 'fastify';
import { patientFileHistoryRoutes } from '../../../schemas/api/patient-file-history.ts';
import { route } from '../../http/route.ts';
import { patientFileHistoryPage } from './history.ts';

export default async function patientFileHistoryRoutesPlugin(app: FastifyInstance) {
  route(app, patientFileHistoryRoutes.list, async (request) => patientFileHistoryPage(request.care, request.params.id, request.query));
}
