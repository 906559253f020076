import type { FastifyInstance } from 'fastify';
import { errorResponses, idParamsSchema, localeOnlyQuerySchema, type IdParams } from '../../../schemas/common.ts';
import {
  assignmentSchema, formListSchema, formResponseListSchema, formResponseSchema, formVersionSchema, overloadBodySchema,
  patientFileFormParamsSchema, responseBodySchema, startBodySchema, taskListSchema,
  type OverloadBody, type PatientFileFormParams, type ResponseBody, type StartBody,
} from '../../../schemas/form-api.ts';
import type { Identity } from '../../identity.ts';
import { formsRepository } from './repository.ts';
import { MAX_ANSWER_BODY_BYTES } from './limits.ts';

const tags = ['questionnaires'];
const idResponse = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'string' } } } as const;

export default async function formRoutes(app: FastifyInstance) {
  const repo = (request: { identity?: Identity }) => formsRepository(app.db, request.identity!, app.now);
  const assignmentOut = (a: { id: string; patientFileId: string; formId: string; active: boolean; overload: unknown; assignedAt: Date }) =>
    ({ ...a, overload: (a.overload as object | null) ?? null, assignedAt: a.assignedAt.toISOString() });

  app.get<{ Params: IdParams }>('/establishments/:id/forms', {
    schema: { tags, summary: 'Questionnaires of an establishment', params: idParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: formListSchema, ...errorResponses } },
  }, async (request) => ({ data: await repo(request).listForEstablishment(request.params.id) }));

  app.post<{ Params: PatientFileFormParams }>('/patient_files/:id/forms/:formId', {
    schema: { tags, summary: 'Assigns a questionnaire to a patient file', params: patientFileFormParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: assignmentSchema, ...errorResponses, 409: errorResponses[400] } },
  }, async (request) => assignmentOut(await repo(request).assign(request.params.id, request.params.formId)));

  for (const [action, active] of [['activate', true], ['deactivate', false]] as const) {
    app.post<{ Params: IdParams }>(`/patient_file_forms/:id/${action}`, {
      schema: { tags, summary: `${action[0]!.toUpperCase()}${action.slice(1)}s a questionnaire of a patient file`, params: idParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: assignmentSchema, ...errorResponses } },
    }, async (request) => assignmentOut(await repo(request).update(request.params.id, { active })));
  }

  app.post<{ Params: IdParams; Body: OverloadBody }>('/patient_file_forms/:id/overload', {
    schema: { tags, summary: 'Gives this patient file its own planning of the questionnaire', params: idParamsSchema, querystring: localeOnlyQuerySchema, body: overloadBodySchema, response: { 200: assignmentSchema, ...errorResponses } },
  }, async (request) => assignmentOut(await repo(request).update(request.params.id, { planning: request.body.planning })));

  app.get<{ Params: IdParams }>('/patient_files/:id/tasks', {
    schema: { tags, summary: 'My Tasks: what is to be answered, with status and limit date', params: idParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: taskListSchema, ...errorResponses } },
  }, async (request) => ({ data: await repo(request).tasks(request.params.id) }));

  app.get<{ Params: PatientFileFormParams }>('/patient_files/:id/forms/:formId', {
    schema: { tags, summary: 'The current version of an assigned questionnaire, to answer it', params: patientFileFormParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: formVersionSchema, ...errorResponses } },
  }, async (request) => repo(request).definitionFor(request.params.id, request.params.formId));

  app.post<{ Params: IdParams; Body: StartBody }>('/patient_files/:id/form_responses/start', {
    schema: { tags, summary: 'Marks a questionnaire as opened (ongoing)', params: idParamsSchema, querystring: localeOnlyQuerySchema, body: startBodySchema, response: { 200: idResponse, ...errorResponses, 409: errorResponses[400] } },
  }, async (request) => ({ id: await repo(request).start(request.params.id, request.body.formId, request.body.occurrenceId) }));

  app.post<{ Params: IdParams; Body: ResponseBody }>('/patient_files/:id/form_responses', {
    // Answers are bounded (limits.ts): a larger body is refused with 413 before it is parsed.
    bodyLimit: MAX_ANSWER_BODY_BYTES,
    schema: {
      tags, summary: 'Sends the answers of a questionnaire', params: idParamsSchema, querystring: localeOnlyQuerySchema, body: responseBodySchema,
      response: { 201: idResponse, ...errorResponses, 409: errorResponses[400], 413: errorResponses[400], 429: errorResponses[400] },
    },
  }, async (request, reply) => reply.code(201).send({ id: await repo(request).submit(request.params.id, request.body) }));

  app.get<{ Params: IdParams }>('/patient_files/:id/form_responses', {
    schema: { tags, summary: "A patient file's questionnaire responses, newest first", params: idParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: formResponseListSchema, ...errorResponses } },
  }, async (request) => ({ data: await repo(request).listResponses(request.params.id) }));

  app.get<{ Params: IdParams }>('/form_responses/:id', {
    schema: { tags, summary: 'A response, with the version of the questionnaire it was answered in', params: idParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: formResponseSchema, ...errorResponses } },
  }, async (request) => repo(request).getResponse(request.params.id));
}
