/** Contracts of /api/me: the caller's own account, privileges and patient files. */
import { errorResponses, localeOnlyQuerySchema, pageOf, pageQuerySchema } from '../common.ts';
import {
  meSchema, passwordChangeBodySchema, patientFileSummarySchema, privilegesResponseSchema, saveLanguageQuerySchema, timezoneBodySchema,
} from '../me.ts';
import { defineRoute } from './contract.ts';

const tags = ['me'] as const;
const noContent = { 204: { type: 'null' }, ...errorResponses } as const;

export const meRoutes = {
  get: defineRoute({
    method: 'GET', url: '/api/me', tags, summary: 'The current user; extends the session',
    querystring: localeOnlyQuerySchema, response: { 200: meSchema, ...errorResponses },
  }),
  saveLanguage: defineRoute({
    method: 'HEAD', url: '/api/me', tags, summary: 'Saves the language given in query l',
    querystring: saveLanguageQuerySchema, response: noContent,
  }),
  putTimezone: defineRoute({
    method: 'PUT', url: '/api/me/timezone', tags, summary: "Chooses the session time zone ('automatic' or IANA)",
    querystring: localeOnlyQuerySchema, body: timezoneBodySchema, response: noContent,
  }),
  acceptTerms: defineRoute({
    method: 'POST', url: '/api/me/terms-acceptance', tags, summary: 'Accepts the terms of use (CGU)',
    querystring: localeOnlyQuerySchema, response: noContent,
  }),
  consentPersonalData: defineRoute({
    method: 'POST', url: '/api/me/personal-data-consent', tags, summary: 'Consents to the use of personal data',
    querystring: localeOnlyQuerySchema, response: noContent,
  }),
  changePassword: defineRoute({
    method: 'PUT', url: '/api/me/password', tags, summary: "Changes the password (the current one required, every problem on its field) and ends the user's other sessions",
    querystring: localeOnlyQuerySchema, body: passwordChangeBodySchema, response: noContent,
  }),
  privileges: defineRoute({
    method: 'GET', url: '/api/me/privileges', tags, summary: 'Privileges per establishment and per service',
    querystring: localeOnlyQuerySchema, response: { 200: privilegesResponseSchema, ...errorResponses },
  }),
  patientFiles: defineRoute({
    method: 'GET', url: '/api/me/patient_files', tags, summary: "The user's own patient files and those they follow as a caregiver",
    querystring: pageQuerySchema, response: { 200: pageOf(patientFileSummarySchema), ...errorResponses },
  }),
} as const;
