/** Contracts of monitoring (issue 11 §6): a file's indicators, an indicator's series, the file's values list. */
import { errorResponses, localeOnlyQuerySchema } from '../common.ts';
import {
  indicatorSeriesSchema, measureListQuerySchema, measurePageSchema, monitoredIndicatorsSchema, seriesQuerySchema,
} from '../monitoring.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['monitoring'] as const;

export const monitoringRoutes = {
  indicators: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/indicators', tags,
    summary: "The indicators of the file's establishment the caller may see (patients and caregivers: those visible to patients), each with its unit, the units a value may be entered in, and its last value",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: monitoredIndicatorsSchema, ...errorResponses },
  }),
  series: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/indicators/:indicatorId/values', tags,
    summary: "An indicator's values over a period (default: the last 30 days), oldest first, downsampled past maxPoints (each bucket's min and max kept), with the thresholds and reference value in force. Patients: 404 for an indicator not visible to them",
    params: recordParams({ id: 'patientFile', indicatorId: 'indicator' }), querystring: seriesQuerySchema, response: { 200: indicatorSeriesSchema, ...errorResponses },
  }),
  measures: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/measures', tags,
    summary: "The file's values, newest first, paged; filters indicator and period; each with its unit, as typed, its source, who recorded it and on whose behalf",
    params: recordParams({ id: 'patientFile' }), querystring: measureListQuerySchema, response: { 200: measurePageSchema, ...errorResponses },
  }),
} as const;
