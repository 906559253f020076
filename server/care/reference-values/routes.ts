/** A patient file's reference values (issue 11 §3, spec 001 §7): GET reference-values, POST reference-value, POST deactivate. */
import type { FastifyInstance } from 'fastify';
import { referenceValueRoutes } from '../../../schemas/api/boundaries.ts';
import { route } from '../../http/route.ts';
import { createReferenceValue, deactivateReferenceValue, listReferenceValues } from './repository.ts';

export default async function referenceValuesRoutes(app: FastifyInstance) {
  route(app, referenceValueRoutes.list, async (request) =>
    listReferenceValues(request.care, await request.care.patientFile(request.params.id)));
  route(app, referenceValueRoutes.create, async (request) =>
    createReferenceValue(request.care, await request.care.patientFile(request.params.id), request.body));
  route(app, referenceValueRoutes.deactivate, async (request) =>
    deactivateReferenceValue(request.care, await request.care.patientFile(request.params.id), request.params.referenceValueId));
}
