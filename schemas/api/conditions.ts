/** Contracts of a patient's conditions and of the establishment's pathologies (issue 10 §4, spec 001 §7). */
import { errorResponses, localeOnlyQuerySchema } from '../common.ts';
import {
  conditionBodySchema, conditionDetailSchema, conditionListSchema, conditionSchema, pathologyListSchema,
} from '../conditions.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['conditions'] as const;

export const conditionRoutes = {
  pathologies: defineRoute({
    method: 'GET', url: '/api/establishments/:id/pathologies', tags, summary: "The establishment's pathologies, from which conditions are chosen",
    params: recordParams({ id: 'establishment' }), querystring: localeOnlyQuerySchema, response: { 200: pathologyListSchema, ...errorResponses },
  }),
  list: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/conditions', tags, summary: "The patient's conditions on a file, by pathology name",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: conditionListSchema, ...errorResponses },
  }),
  add: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/conditions', tags,
    summary: "Adds a condition, a pathology of the file's establishment, to an open file (history CONDITION_ADDED)",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: conditionBodySchema,
    response: { 201: conditionSchema, ...errorResponses },
  }),
  remove: defineRoute({
    method: 'DELETE', url: '/api/patient_files/:id/conditions/:conditionId', tags,
    summary: 'Removes a condition from an open file (history CONDITION_REMOVED)',
    params: recordParams({ id: 'patientFile', conditionId: 'condition' }), querystring: localeOnlyQuerySchema, response: { 204: { type: 'null' }, ...errorResponses },
  }),
  get: defineRoute({
    method: 'GET', url: '/api/conditions/:id', tags, summary: 'A condition with its pathology, its file and patient (the condition screen)',
    params: recordParams({ id: 'condition' }), querystring: localeOnlyQuerySchema, response: { 200: conditionDetailSchema, ...errorResponses },
  }),
} as const;
