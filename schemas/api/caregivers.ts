/** Contracts of /api/patient_files/{id}/caregivers (issue 10 §4 "Caregivers"). */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { addCaregiverBodySchema, addedCaregiverSchema, caregiverListSchema } from '../caregivers.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['patient file caregivers'] as const;
const changeErrors = { ...errorResponses, 409: errorSchema } as const;

export const caregiverRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/caregivers', tags, summary: "A patient file's caregivers, by name. Professionals of the file only",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: caregiverListSchema, ...errorResponses },
  }),
  add: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/caregivers', tags,
    summary: 'Adds a caregiver: an existing patient-side account by e-mail, or a new account whose one-time credentials this answer carries once (history CAREGIVER_ADDED)',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: addCaregiverBodySchema, response: { 201: addedCaregiverSchema, ...changeErrors },
  }),
  remove: defineRoute({
    method: 'DELETE', url: '/api/patient_files/:id/caregivers/:userId', tags,
    summary: 'Removes a caregiver: they lose the file at once (history CAREGIVER_REMOVED)',
    params: recordParams({ id: 'patientFile', userId: 'caregiver' }), querystring: localeOnlyQuerySchema, response: { 204: { type: 'null' }, ...changeErrors },
  }),
} as const;
