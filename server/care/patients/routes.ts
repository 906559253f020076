import type { FastifyInstance } from 'fastify';
import { patientRoutes as contracts } from '../../../schemas/api/patients.ts';
import { route } from '../../http/route.ts';
import { patientsRepository } from './repository.ts';

export default async function patientRoutes(app: FastifyInstance) {
  route(app, contracts.create, async (request) => patientsRepository(request.care, request.locale).create(request.body));
  route(app, contracts.profile, async (request) => patientsRepository(request.care, request.locale).profile(request.params.id));
  route(app, contracts.updateProfile, async (request) => patientsRepository(request.care, request.locale).update(request.params.id, request.body));
}
