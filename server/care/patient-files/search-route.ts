/** POST /establishments/:id/patient_files/search: the professional's patient-file list (spec 001 §7). */
import type { FastifyInstance } from 'fastify';
import { patientFileRoutes } from '../../../schemas/api/establishments.ts';
import { DEFAULT_PAGE_SIZE } from '../../../schemas/common.ts';
import { route } from '../../http/route.ts';
import { searchPatientFiles } from './search.ts';

export default async function patientFileSearchRoutes(app: FastifyInstance) {
  route(app, patientFileRoutes.search, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE, sort = 'patientName', filters } = request.body;
    return searchPatientFiles(request.care, request.params.id, { page, pageSize, sort, filters });
  });
}
