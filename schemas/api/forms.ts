/** Contracts of questionnaires: forms of an establishment, assignment, tasks, responses, versions. */
import { errorResponses, errorSchema, localeOnlyQuerySchema, uuidSchema } from '../common.ts';
import {
  assignmentSchema, fileFormListSchema, formListSchema, formResponseListSchema, formResponseSchema, formVersionListSchema, formVersionSchema,
  overloadBodySchema, responseBodySchema, startBodySchema, taskListSchema,
} from '../form-api.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['questionnaires'] as const;
const idResponse = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: uuidSchema } } as const;
/** Every change to a file's questionnaires answers 409 on a closed file (patient_file_closed). */
const assignment = { 200: assignmentSchema, ...errorResponses, 409: errorSchema } as const;

export const formRoutes = {
  ofEstablishment: defineRoute({
    method: 'GET', url: '/api/establishments/:id/forms', tags, summary: 'Questionnaires of an establishment',
    params: recordParams({ id: 'establishment' }), querystring: localeOnlyQuerySchema, response: { 200: formListSchema, ...errorResponses },
  }),
  assign: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/forms/:formId', tags, summary: 'Assigns a questionnaire to a patient file',
    params: recordParams({ id: 'patientFile', formId: 'form' }), querystring: localeOnlyQuerySchema, response: assignment,
  }),
  activate: defineRoute({
    method: 'POST', url: '/api/patient_file_forms/:id/activate', tags, summary: 'Activates a questionnaire of a patient file',
    params: recordParams({ id: 'assignment' }), querystring: localeOnlyQuerySchema, response: assignment,
  }),
  deactivate: defineRoute({
    method: 'POST', url: '/api/patient_file_forms/:id/deactivate', tags, summary: 'Deactivates a questionnaire of a patient file',
    params: recordParams({ id: 'assignment' }), querystring: localeOnlyQuerySchema, response: assignment,
  }),
  overload: defineRoute({
    method: 'POST', url: '/api/patient_file_forms/:id/overload', tags, summary: 'Gives this patient file its own planning of the questionnaire',
    params: recordParams({ id: 'assignment' }), querystring: localeOnlyQuerySchema, body: overloadBodySchema, response: assignment,
  }),
  exclude: defineRoute({
    method: 'POST', url: '/api/patient_file_forms/:id/exclude', tags,
    summary: 'Excludes a questionnaire from the patient file: out of the plan, not answerable, never late, until restored',
    params: recordParams({ id: 'assignment' }), querystring: localeOnlyQuerySchema, response: assignment,
  }),
  restore: defineRoute({
    method: 'POST', url: '/api/patient_file_forms/:id/restore', tags,
    summary: 'Restores an excluded questionnaire: occurrences that opened while it was excluded stay given up (never late), the next ones are offered',
    params: recordParams({ id: 'assignment' }), querystring: localeOnlyQuerySchema, response: assignment,
  }),
  ofFile: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/forms', tags,
    summary: "A patient file's questionnaires with their status, planning, next occurrence, last answer and late count, for its professionals",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: fileFormListSchema, ...errorResponses },
  }),
  tasks: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/tasks', tags, summary: 'My Tasks: what is to be answered, with status and limit date',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: taskListSchema, ...errorResponses },
  }),
  definition: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/forms/:formId', tags, summary: 'The current version of an assigned questionnaire, to answer it',
    params: recordParams({ id: 'patientFile', formId: 'form' }), querystring: localeOnlyQuerySchema, response: { 200: formVersionSchema, ...errorResponses },
  }),
  start: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/form_responses/start', tags, summary: 'Marks a questionnaire as opened (ongoing)',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: startBodySchema, response: { 200: idResponse, ...errorResponses, 409: errorSchema },
  }),
  submit: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/form_responses', tags, summary: 'Sends the answers of a questionnaire',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: responseBodySchema,
    response: { 201: idResponse, ...errorResponses, 409: errorSchema, 413: errorSchema, 429: errorSchema },
  }),
  responses: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/form_responses', tags, summary: "A patient file's questionnaire responses, newest first",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: formResponseListSchema, ...errorResponses },
  }),
  response: defineRoute({
    method: 'GET', url: '/api/form_responses/:id', tags, summary: 'A response, with the version of the questionnaire it was answered in',
    params: recordParams({ id: 'response' }), querystring: localeOnlyQuerySchema, response: { 200: formResponseSchema, ...errorResponses },
  }),
  versions: defineRoute({
    method: 'GET', url: '/api/forms/:id/versions', tags, summary: "A questionnaire's versions, newest first, for its establishment's managers and super admins",
    params: recordParams({ id: 'form' }), querystring: localeOnlyQuerySchema, response: { 200: formVersionListSchema, ...errorResponses },
  }),
} as const;
