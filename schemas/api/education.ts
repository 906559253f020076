/**
 * Contracts of therapeutic content (issue 20 §2, spec 001 "GET content"): the patient side reads
 * its file's service library through the patient file (`/patient_files/:id/content`); the
 * service's protocol managers keep the library (`/services/:id/education`, `/education/:contentId`).
 * Items are archived (hidden from patients, kept), never deleted: content is not clinical data,
 * but what a patient was shown stays known.
 */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import {
  educationBodySchema, educationEditSchema, educationItemSchema, educationListQuerySchema, educationListSchema,
  patientContentQuerySchema, patientContentSchema,
} from '../education.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['therapeutic content'] as const;
const one = { 200: educationItemSchema, ...errorResponses, 409: errorSchema } as const;
/** Bytes, not JSON: the handler streams them (206 for a Range) and returns the reply. */
const bytes = {
  200: { description: 'The bytes of the item', type: 'string', format: 'binary' },
  206: { description: 'The requested range of the bytes (Range: bytes=…)', type: 'string', format: 'binary' },
  ...errorResponses,
} as const;
const fileItem = recordParams({ id: 'patientFile', contentId: 'educationContent' });
const item = recordParams({ contentId: 'educationContent' });

export const educationRoutes = {
  content: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/content', tags,
    summary: "What the patient's monitoring screen offers: the free questionnaires of the file (submissionTypes=FREE) and the therapeutic content of its service (withDocuments, default true), live items only",
    params: recordParams({ id: 'patientFile' }), querystring: patientContentQuerySchema, response: { 200: patientContentSchema, ...errorResponses },
  }),
  item: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/content/:contentId', tags,
    summary: "One item of the file's service library (history EDUCATION_VIEWED when the patient or a caregiver opens it); an archived item is not found",
    params: fileItem, querystring: localeOnlyQuerySchema, response: { 200: educationItemSchema, ...errorResponses },
  }),
  itemFile: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/content/:contentId/file', tags,
    summary: "The item's bytes: PDF and images inline (sandboxed), videos streamed with Range support",
    params: fileItem, querystring: localeOnlyQuerySchema, response: bytes,
  }),
  list: defineRoute({
    method: 'GET', url: '/api/services/:id/education', tags,
    summary: "A service's therapeutic content by title, for its protocol managers; live items, or archived ones too (archived=all)",
    params: recordParams({ id: 'service' }), querystring: educationListQuerySchema, response: { 200: educationListSchema, ...errorResponses },
  }),
  add: defineRoute({
    method: 'POST', url: '/api/services/:id/education', tags,
    summary: 'Adds an item: an uploaded file of the caller (video, PDF document, image) or a YouTube address, kept as its video id',
    params: recordParams({ id: 'service' }), querystring: localeOnlyQuerySchema, body: educationBodySchema,
    response: { 201: educationItemSchema, ...errorResponses, 409: errorSchema },
  }),
  edit: defineRoute({
    method: 'PUT', url: '/api/education/:contentId', tags, summary: "Changes an item's title and description",
    params: item, querystring: localeOnlyQuerySchema, body: educationEditSchema, response: one,
  }),
  archive: defineRoute({
    method: 'POST', url: '/api/education/:contentId/archive', tags, summary: 'Archives an item: hidden from patients and caregivers, kept',
    params: item, querystring: localeOnlyQuerySchema, response: one,
  }),
  restore: defineRoute({
    method: 'POST', url: '/api/education/:contentId/restore', tags, summary: 'Shows an archived item again',
    params: item, querystring: localeOnlyQuerySchema, response: one,
  }),
  file: defineRoute({
    method: 'GET', url: '/api/education/:contentId/file', tags, summary: "An item's bytes, for the service's protocol managers (preview)",
    params: item, querystring: localeOnlyQuerySchema, response: bytes,
  }),
} as const;
