/** Contracts of /api/establishments and /api/patient_files/{id}. */
import { errorResponses, localeOnlyQuerySchema, pageOf } from '../common.ts';
import { establishmentListQuerySchema, establishmentSchema, measureSettingsSchema } from '../establishments.ts';
import { patientFileSummarySchema } from '../me.ts';
import { patientFileSearchBodySchema, patientFileSearchResponseSchema } from '../patient-file-search.ts';
import { themeSchema } from '../theme.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['establishments'] as const;

export const establishmentRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/establishments', tags, summary: 'Structures the caller may work in',
    querystring: establishmentListQuerySchema, response: { 200: pageOf(establishmentSchema), ...errorResponses },
  }),
  theme: defineRoute({
    method: 'GET', url: '/api/establishments/:id/theme', tags, summary: "An establishment's light and dark colour sets",
    params: recordParams({ id: 'establishment' }), querystring: localeOnlyQuerySchema, response: { 200: themeSchema, ...errorResponses },
  }),
  measureSettings: defineRoute({
    method: 'GET', url: '/api/establishments/:id/measure_settings', tags, summary: 'How the establishment takes in measures: the bound on late values',
    params: recordParams({ id: 'establishment' }), querystring: localeOnlyQuerySchema, response: { 200: measureSettingsSchema, ...errorResponses },
  }),
  updateMeasureSettings: defineRoute({
    method: 'PUT', url: '/api/establishments/:id/measure_settings', tags,
    summary: "Sets how the establishment takes in measures (its admins and super admins, back-office admins): values measured more than `lateMeasureMaxDays` days before they are received are refused (null removes the bound); a patient may correct a value she typed for `measureCorrectionMinutes` minutes",
    params: recordParams({ id: 'establishment' }), querystring: localeOnlyQuerySchema, body: measureSettingsSchema, response: { 200: measureSettingsSchema, ...errorResponses },
  }),
} as const;

export const patientFileRoutes = {
  get: defineRoute({
    method: 'GET', url: '/api/patient_files/:id', tags: ['patient files'], summary: 'A patient file the caller may open',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: patientFileSummarySchema, ...errorResponses },
  }),
  search: defineRoute({
    method: 'POST', url: '/api/establishments/:id/patient_files/search', tags: ['patient files'],
    summary: 'Patient files of an establishment the caller may open: search by name, birth date or identifier, filter by status and service, sorted and paged',
    params: recordParams({ id: 'establishment' }), querystring: localeOnlyQuerySchema, body: patientFileSearchBodySchema,
    response: { 200: patientFileSearchResponseSchema, ...errorResponses }, readOnly: true,
  }),
} as const;
