import type { FastifyInstance } from 'fastify';
import { errorResponses, idParamsSchema, localeOnlyQuerySchema, type IdParams } from '../../../schemas/common.ts';
import { patientFileSummarySchema } from '../../../schemas/me.ts';
import { patientFilesRepository } from './repository.ts';

export default async function patientFileRoutes(app: FastifyInstance) {
  app.get<{ Params: IdParams }>('/patient_files/:id', {
    schema: { tags: ['patient files'], summary: 'A patient file the caller may open', params: idParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: patientFileSummarySchema, ...errorResponses } },
  }, async (request) => patientFilesRepository(app.db, request.identity!).get(request.params.id));
}
