/** /patient_files/:id/caregivers: the Caregivers tab of the patient file (issue 10 §4). */
import type { FastifyInstance } from 'fastify';
import { caregiverRoutes } from '../../../schemas/api/caregivers.ts';
import { route } from '../../http/route.ts';
import { markIdentityChanged } from '../../identity.ts';
import { addCaregiver, listCaregivers, removeCaregiver } from './repository.ts';

export default async function caregiversRoutes(app: FastifyInstance) {
  route(app, caregiverRoutes.list, async (request) =>
    listCaregivers(request.care, await request.care.patientFile(request.params.id)));

  route(app, caregiverRoutes.add, async (request, reply) => {
    const added = await addCaregiver(request.care, await request.care.patientFile(request.params.id), request.body);
    // The person's cached sessions reload their patient-side establishments (what /ui shows them).
    markIdentityChanged(reply, added.caregiver.userId);
    return added;
  });

  route(app, caregiverRoutes.remove, async (request, reply) => {
    await removeCaregiver(request.care, await request.care.patientFile(request.params.id), request.params.userId);
    markIdentityChanged(reply, request.params.userId);
    return undefined;
  });
}
