/** Contracts of patient creation (POST /api/patient_files) and the patient profile (/api/persons/:id), issue 10 §1 and §3. */
import { errorResponses, localeOnlyQuerySchema } from '../common.ts';
import { patientCreateBodySchema, patientCreatedSchema, patientProfileBodySchema, patientProfileSchema } from '../patient-profile.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['patients'] as const;

export const patientRoutes = {
  create: defineRoute({
    method: 'POST', url: '/api/patient_files', tags,
    summary: 'Creates a patient and opens their file in a service (patient-data privilege there): every invalid field answered at once; '
      + 'the first-login credentials are answered here, once, and never again',
    querystring: localeOnlyQuerySchema, body: patientCreateBodySchema,
    response: { 201: patientCreatedSchema, ...errorResponses },
  }),
  profile: defineRoute({
    method: 'GET', url: '/api/persons/:id', tags,
    summary: "A patient's profile, for a professional with a patient-data privilege on one of the person's files",
    params: recordParams({ id: 'person' }), querystring: localeOnlyQuerySchema, response: { 200: patientProfileSchema, ...errorResponses },
  }),
  updateProfile: defineRoute({
    method: 'PUT', url: '/api/persons/:id', tags,
    summary: "Changes a patient's profile (the whole form); identity traits only while the identity is provisional",
    params: recordParams({ id: 'person' }), querystring: localeOnlyQuerySchema, body: patientProfileBodySchema,
    response: { 200: patientProfileSchema, ...errorResponses },
  }),
} as const;
