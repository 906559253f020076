import type { FastifyInstance } from 'fastify';
import { patientFileRoutes as contracts } from '../../../schemas/api/establishments.ts';
import { route } from '../../http/route.ts';
import { patientFilesRepository } from './repository.ts';

export default async function patientFileRoutes(app: FastifyInstance) {
  route(app, contracts.get, async (request) => patientFilesRepository(request.care).get(request.params.id));
}
