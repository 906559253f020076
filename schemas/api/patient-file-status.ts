/** Contracts of the Follow-up tab: a file's status, close, reopen, patient data on and off (spec 001 §7). */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { closeBodySchema, patientFileStatusSchema } from '../patient-file-status.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['patient files'] as const;
const answer = { 200: patientFileStatusSchema, ...errorResponses, 409: errorSchema } as const;

export const patientFileStatusRoutes = {
  get: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/status', tags, summary: "A patient file's follow-up: status, dates, closing, patient data",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: patientFileStatusSchema, ...errorResponses },
  }),
  close: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/close', tags, summary: 'Closes a patient file with a reason type and a reason: it becomes read-only for everyone',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: closeBodySchema, response: answer,
  }),
  reopen: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/reopen', tags, summary: 'Reopens a closed patient file',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: answer,
  }),
  activatePatientData: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/patient_data/activate', tags, summary: "The patient's data feeds the follow-up again",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: answer,
  }),
  deactivatePatientData: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/patient_data/deactivate', tags, summary: "The patient's data no longer feeds the follow-up",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: answer,
  }),
} as const;
