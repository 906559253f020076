/** A patient file's alert thresholds (issue 11 §3, spec 001 §7): GET indicator_boundaries, PUT/DELETE indicators/:indicatorId/boundaries, POST deactivate. */
import type { FastifyInstance } from 'fastify';
import { boundaryRoutes } from '../../../schemas/api/boundaries.ts';
import { route } from '../../http/route.ts';
import { deactivateBoundary, deleteBoundaries, listBoundaries, putBoundaries } from './repository.ts';

export default async function boundariesRoutes(app: FastifyInstance) {
  route(app, boundaryRoutes.list, async (request) =>
    listBoundaries(request.care, await request.care.patientFile(request.params.id)));
  route(app, boundaryRoutes.put, async (request) =>
    putBoundaries(request.care, await request.care.patientFile(request.params.id), request.params.indicatorId, request.body));
  route(app, boundaryRoutes.remove, async (request) =>
    deleteBoundaries(request.care, await request.care.patientFile(request.params.id), request.params.indicatorId));
  route(app, boundaryRoutes.deactivate, async (request) =>
    deactivateBoundary(request.care, await request.care.patientFile(request.params.id), request.params.boundaryId));
}
