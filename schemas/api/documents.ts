/**
 * Contracts of documents (spec 001 §7 "Documents and files"): a patient file's documents (GET
 * paged, POST), one document (GET, PATCH = edit, DELETE = entered in error), its bytes viewed or downloaded,
 * acknowledged by a professional (POST acquit), excluded and restored; an establishment's documents
 * waiting for acknowledgement (the dashboard block). A document is reached
 * through its patient file's scope: the patient, her caregivers (documents visible to
 * caregivers), the file's professionals; anyone else gets 404.
 */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { enteredInErrorBodySchema } from '../measures.ts';
import {
  documentBodySchema, documentChangeBodySchema, documentListQuerySchema, documentPageSchema, documentSchema, waitingDocumentListQuerySchema, waitingDocumentPageSchema,
} from '../documents.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['documents'] as const;
const one = { 200: documentSchema, ...errorResponses, 409: errorSchema } as const;
/** Bytes, not JSON: the handler streams them and returns the reply. */
const bytes = { 200: { description: 'The bytes of the document', type: 'string', format: 'binary' }, ...errorResponses } as const;
const documentParams = recordParams({ id: 'document' });

export const documentRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/documents', tags,
    summary: "A patient file's documents, newest first, paged, sorted, filtered by type; the patient sees those visible to her, a caregiver those visible to caregivers, professionals all (and the excluded or entered-in-error ones with state)",
    params: recordParams({ id: 'patientFile' }), querystring: documentListQuerySchema, response: { 200: documentPageSchema, ...errorResponses },
  }),
  add: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/documents', tags,
    summary: 'Adds a document (an uploaded file of the caller, or an external link) to an open patient file (history DOCUMENT_ADDED); from the patient or a caregiver it waits for acknowledgement',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: documentBodySchema, response: { 201: documentSchema, ...errorResponses, 409: errorSchema },
  }),
  waiting: defineRoute({
    method: 'GET', url: '/api/establishments/:id/documents/waiting', tags,
    summary: "The documents the patient's side added that wait for a professional's acknowledgement, in the establishment's files the caller opens; oldest first (default); live ones only",
    params: recordParams({ id: 'establishment' }), querystring: waitingDocumentListQuerySchema, response: { 200: waitingDocumentPageSchema, ...errorResponses },
  }),
  get: defineRoute({
    method: 'GET', url: '/api/documents/:id', tags, summary: 'One document, for whoever may see it',
    params: documentParams, querystring: localeOnlyQuerySchema, response: { 200: documentSchema, ...errorResponses },
  }),
  view: defineRoute({
    method: 'GET', url: '/api/documents/:id/stream', tags,
    summary: 'The bytes to show in the browser: PDF and images inline (sandboxed), anything else as an attachment (history DOCUMENT_VIEWED)',
    params: documentParams, querystring: localeOnlyQuerySchema, response: bytes,
  }),
  download: defineRoute({
    method: 'GET', url: '/api/documents/:id/download', tags, summary: 'The bytes as an attachment (history DOCUMENT_DOWNLOADED)',
    params: documentParams, querystring: localeOnlyQuerySchema, response: bytes,
  }),
  acknowledge: defineRoute({
    method: 'POST', url: '/api/documents/:id/acquit', tags,
    summary: 'A professional of the file acknowledges a waiting document: by whom and when (history DOCUMENT_ACKNOWLEDGED); already acknowledged: 409',
    params: documentParams, querystring: localeOnlyQuerySchema, response: one,
  }),
  update: defineRoute({
    method: 'PATCH', url: '/api/documents/:id', tags,
    summary: 'Edits a document: title, description, type, dates, visibility (professionals only). Whoever added it or a professional of the open file; not once entered in error (409). History DOCUMENT_UPDATED with the changed fields; nothing changed, nothing recorded',
    params: documentParams, querystring: localeOnlyQuerySchema, body: documentChangeBodySchema, response: one,
  }),
  exclude: defineRoute({
    method: 'PUT', url: '/api/documents/:id/exclude', tags,
    summary: "A professional excludes a document: hidden from the patient's side and the default list, kept, restorable (history DOCUMENT_EXCLUDED)",
    params: documentParams, querystring: localeOnlyQuerySchema, response: one,
  }),
  restore: defineRoute({
    method: 'PUT', url: '/api/documents/:id/restore', tags, summary: 'Restores an excluded document (history DOCUMENT_RESTORED)',
    params: documentParams, querystring: localeOnlyQuerySchema, response: one,
  }),
  delete: defineRoute({
    method: 'DELETE', url: '/api/documents/:id', tags,
    summary: 'Deletes a document as clinical records are deleted: marked entered in error with who, when and why, for good, never removed (history DOCUMENT_ENTERED_IN_ERROR). A professional of the file, or whoever added it',
    params: documentParams, querystring: localeOnlyQuerySchema, body: enteredInErrorBodySchema, response: one,
  }),
} as const;
