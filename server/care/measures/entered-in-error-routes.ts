/** A value entered in error (issue 18): marked by a professional of the file, corrected by the patient who typed it (entered-in-error.ts). */
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { measureRoutes } from '../../../schemas/api/measures.ts';
import { correctMeasure, markEnteredInError } from './entered-in-error.ts';

export default async function enteredInErrorRoutes(app: FastifyInstance) {
  route(app, measureRoutes.markEnteredInError, async (request) =>
    markEnteredInError(request.care, await request.care.patientFile(request.params.id), request.params.measureId, request.body));
  route(app, measureRoutes.correct, async (request) =>
    correctMeasure(request.care, await request.care.patientFile(request.params.id), request.params.measureId, request.body));
}
