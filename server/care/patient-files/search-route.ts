/** POST /establishments/:id/patient_files/search: the professional's patient-file list (spec 001 §7). */
import type { FastifyInstance } from 'fastify';
import { errorResponses, idParamsSchema, localeOnlyQuerySchema, DEFAULT_PAGE_SIZE, type IdParams } from '../../../schemas/common.ts';
import {
  patientFileSearchBodySchema, patientFileSearchResponseSchema, type PatientFileSearchBody,
} from '../../../schemas/patient-file-search.ts';
import { searchPatientFiles } from './search.ts';

export default async function patientFileSearchRoutes(app: FastifyInstance) {
  app.post<{ Params: IdParams; Body: PatientFileSearchBody }>('/establishments/:id/patient_files/search', {
    schema: {
      tags: ['patient files'],
      summary: "Patient files of an establishment the caller may open: search by name, birth date or identifier, filter by status and service, sorted and paged",
      params: idParamsSchema, querystring: localeOnlyQuerySchema, body: patientFileSearchBodySchema,
      response: { 200: patientFileSearchResponseSchema, ...errorResponses },
    },
  }, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE, sort = 'patientName', filters } = request.body;
    return searchPatientFiles(request.care, request.params.id, { page, pageSize, sort, filters });
  });
}
