/**
 * The care API: domain routes, one folder per domain. They expect `request.identity` to be set
 * by whoever stands in front (the session layer, or the identity-header check in split mode).
 */
import type { FastifyInstance } from 'fastify';
import meRoutes from './me/routes.ts';
import establishmentRoutes from './establishments/routes.ts';
import patientFileRoutes from './patient-files/routes.ts';
import formRoutes from './forms/routes.ts';
import formVersionRoutes from './forms/versions.ts';
import fileRoutes from './files/routes.ts';

export default async function careApi(app: FastifyInstance) {
  await app.register(meRoutes);
  await app.register(establishmentRoutes);
  await app.register(patientFileRoutes);
  await app.register(formRoutes);
  await app.register(formVersionRoutes);
  await app.register(fileRoutes);
}
