/** Contracts of /api/establishments and /api/patient_files/{id}. */
import { errorResponses, idParamsSchema, localeOnlyQuerySchema, pageOf } from '../common.ts';
import { establishmentListQuerySchema, establishmentSchema } from '../establishments.ts';
import { patientFileSummarySchema } from '../me.ts';
import { patientFileSearchBodySchema, patientFileSearchResponseSchema } from '../patient-file-search.ts';
import { themeSchema } from '../theme.ts';
import { defineRoute } from './contract.ts';

const tags = ['establishments'] as const;

export const establishmentRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/establishments', tags, summary: 'Structures the caller may work in',
    querystring: establishmentListQuerySchema, response: { 200: pageOf(establishmentSchema), ...errorResponses },
  }),
  theme: defineRoute({
    method: 'GET', url: '/api/establishments/:id/theme', tags, summary: "An establishment's light and dark colour sets",
    params: idParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: themeSchema, ...errorResponses },
  }),
} as const;

export const patientFileRoutes = {
  get: defineRoute({
    method: 'GET', url: '/api/patient_files/:id', tags: ['patient files'], summary: 'A patient file the caller may open',
    params: idParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: patientFileSummarySchema, ...errorResponses },
  }),
  search: defineRoute({
    method: 'POST', url: '/api/establishments/:id/patient_files/search', tags: ['patient files'],
    summary: 'Patient files of an establishment the caller may open: search by name, birth date or identifier, filter by status and service, sorted and paged',
    params: idParamsSchema, querystring: localeOnlyQuerySchema, body: patientFileSearchBodySchema,
    response: { 200: patientFileSearchResponseSchema, ...errorResponses },
  }),
} as const;
