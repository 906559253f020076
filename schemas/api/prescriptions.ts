/**
 * Contracts of prescriptions (spec 000 §2 `prescriptions`, spec 001 §3): the prescriptions of an
 * establishment's files the caller opens as a professional, with their status today in the
 * establishment's calendar; renewing one creates the next, linked to it.
 */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { documentSchema } from '../documents.ts';
import { prescriptionListQuerySchema, prescriptionPageSchema, renewalBodySchema } from '../prescriptions.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['prescriptions'] as const;

export const prescriptionRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/establishments/:id/prescriptions', tags,
    summary: "The prescriptions of the establishment's files the caller opens, what ends first first (default), filtered by status today (the establishment's calendar) and type; live documents only",
    params: recordParams({ id: 'establishment' }), querystring: prescriptionListQuerySchema, response: { 200: prescriptionPageSchema, ...errorResponses },
  }),
  renew: defineRoute({
    method: 'POST', url: '/api/documents/:id/renew', tags,
    summary: "A professional of the file renews a prescription: the next one (the same type, its own file or link and period) linked to it (history DOCUMENT_ADDED); one live renewal each (409 prescription_already_renewed)",
    params: recordParams({ id: 'document' }), querystring: localeOnlyQuerySchema, body: renewalBodySchema, response: { 201: documentSchema, ...errorResponses, 409: errorSchema },
  }),
} as const;
