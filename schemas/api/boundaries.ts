/**
 * Contracts of a patient file's alert thresholds and reference values (issue 11 §3, spec 001 §7).
 * Reading: anyone who may open the file as a professional. Writing: professionals of an open
 * file, each change one transaction with its history entry.
 */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import {
  boundariesBodySchema, boundarySchema, indicatorBoundariesListSchema, indicatorBoundariesSchema, referenceValueBodySchema, referenceValueListSchema, referenceValueSchema,
} from '../boundaries.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const changeErrors = { ...errorResponses, 409: errorSchema } as const;

export const boundaryRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/indicator_boundaries', tags: ['alert thresholds'],
    summary: "Per indicator of the file's establishment: the thresholds in force on the file and their origin (default, file, protocol), the defaults, the reference value in force. Professionals of the file",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: indicatorBoundariesListSchema, ...errorResponses },
  }),
  put: defineRoute({
    method: 'PUT', url: '/api/patient_files/:id/indicators/:indicatorId/boundaries', tags: ['alert thresholds'],
    summary: "Sets the file's own thresholds of an indicator, replacing its defaults on this file (history ALERT_THRESHOLD_CREATED, or ALERT_THRESHOLD_UPDATED with what changed)",
    params: recordParams({ id: 'patientFile', indicatorId: 'indicator' }), querystring: localeOnlyQuerySchema, body: boundariesBodySchema, response: { 200: indicatorBoundariesSchema, ...changeErrors },
  }),
  remove: defineRoute({
    method: 'DELETE', url: '/api/patient_files/:id/indicators/:indicatorId/boundaries', tags: ['alert thresholds'],
    summary: "Removes the file's own thresholds of an indicator: its defaults apply again (history ALERT_THRESHOLD_DELETED)",
    params: recordParams({ id: 'patientFile', indicatorId: 'indicator' }), querystring: localeOnlyQuerySchema, response: { 200: indicatorBoundariesSchema, ...changeErrors },
  }),
  deactivate: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/indicator_boundaries/:boundaryId/deactivate', tags: ['alert thresholds'],
    summary: "Deactivates one of the file's thresholds (its own or one a protocol brought); history ALERT_THRESHOLD_DEACTIVATED",
    params: recordParams({ id: 'patientFile', boundaryId: 'boundary' }), querystring: localeOnlyQuerySchema, response: { 200: boundarySchema, ...changeErrors },
  }),
} as const;

export const referenceValueRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/reference-values', tags: ['reference values'],
    summary: "The file's reference values, active and past, newest first. Professionals of the file",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: referenceValueListSchema, ...errorResponses },
  }),
  create: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/reference-value', tags: ['reference values'],
    summary: 'Sets the reference value of an indicator on the file; the previous active one is deactivated in the same transaction (history REFERENCE_VALUE_CREATED)',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: referenceValueBodySchema, response: { 201: referenceValueSchema, ...changeErrors },
  }),
  deactivate: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/reference-values/:referenceValueId/deactivate', tags: ['reference values'],
    summary: "Deactivates a reference value: the indicator's global one applies again (history REFERENCE_VALUE_DEACTIVATED)",
    params: recordParams({ id: 'patientFile', referenceValueId: 'referenceValue' }), querystring: localeOnlyQuerySchema, response: { 200: referenceValueSchema, ...changeErrors },
  }),
} as const;
