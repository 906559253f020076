/**
 * Contracts of a patient's digital identity (issue 10 §2, spec 000 §1, spec 001 §5, §7, §8): search and
 * verification against the national service, the establishment's identity-document types, identity
 * documents (proofs of identity uploaded as files), and the change of identity traits, which needs a proof
 * a professional confirms. Every route taking a person answers 404 unless the caller is a professional with
 * a patient-data privilege on one of that person's files.
 */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import {
  personIdentitySchema, identitySearchResultSchema, identityTakeResultSchema, identityVerifyResultSchema, identityDocumentTypeSchema, identityDocumentTypeBodySchema, identityDocumentSchema, identityChangeBodySchema,
} from '../person-identity.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['identity'] as const;
/** 409: a closed file (patient_file_closed), a label already used, a type in use. */
const errors = { ...errorResponses, 409: errorSchema } as const;

const bytes = { 200: { description: 'The bytes of the document', type: 'string', format: 'binary' }, ...errors } as const;

export const identityRoutes = {
  get: defineRoute({
    method: 'GET', url: '/api/persons/:id/identity', tags, summary: "A patient's identity status, attributes and traits",
    params: recordParams({ id: 'person' }), querystring: localeOnlyQuerySchema, response: { 200: personIdentitySchema, ...errors },
  }),
  ofPatientFile: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/identity', tags, summary: "The identity of a patient file's patient (for a professional of the file): where the Identity tab finds the person",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: personIdentitySchema, ...errors },
  }),
  search: defineRoute({
    method: 'POST', url: '/api/persons/:id/identity/search', tags,
    summary: "Searches the patient's stored traits (birth name, first names, birth date, sex) in the national identity service. "
      + 'Every outcome, the service\'s failures included, is a 200 and an IDENTITY_SEARCH history entry on each of the person\'s open files the caller reaches; a missing trait is a 400 on its field and no call',
    params: recordParams({ id: 'person' }), querystring: localeOnlyQuerySchema, response: { 200: identitySearchResultSchema, ...errors },
  }),
  take: defineRoute({
    method: 'POST', url: '/api/persons/:id/identity/take', tags,
    summary: 'Takes the identity the national service finds for the stored traits, in one action: searches again (IDENTITY_SEARCH) and, '
      + 'when exactly one identity is found, stores its INS number and OID as the person\'s (PROFILE_UPDATED) and verified: status RECOVERED '
      + '(QUALIFIED with a confirmed proof of identity), IDENTITY_VERIFIED. Any other outcome changes nothing',
    params: recordParams({ id: 'person' }), querystring: localeOnlyQuerySchema, response: { 200: identityTakeResultSchema, ...errors },
  }),
  verify: defineRoute({
    method: 'POST', url: '/api/persons/:id/identity/verify', tags,
    summary: 'Verifies the stored traits with the INS number and its OID. Verified: status RECOVERED (QUALIFIED with a confirmed proof of identity), '
      + 'IDENTITY_VERIFIED; otherwise IDENTITY_VERIFICATION_FAILED with the reason, status unchanged',
    params: recordParams({ id: 'person' }), querystring: localeOnlyQuerySchema, response: { 200: identityVerifyResultSchema, ...errors },
  }),
  change: defineRoute({
    method: 'PUT', url: '/api/persons/:id/identity', tags,
    summary: 'Changes identity traits and attributes with a proof of identity the caller confirms: status VALIDATED '
      + '(a verification no longer holds once traits change: RECOVERED and QUALIFIED become VALIDATED, verify again to qualify)',
    params: recordParams({ id: 'person' }), querystring: localeOnlyQuerySchema, body: identityChangeBodySchema, response: { 200: personIdentitySchema, ...errors },
  }),
  documents: defineRoute({
    method: 'GET', url: '/api/persons/:id/identity_documents', tags, summary: "The person's identity documents in the establishments where the caller reaches one of their files, newest first",
    params: recordParams({ id: 'person' }), querystring: localeOnlyQuerySchema, response: { 200: { type: 'array', items: identityDocumentSchema }, ...errors },
  }),
  document: defineRoute({
    method: 'GET', url: '/api/persons/:id/identity_documents/:documentId', tags, summary: 'One identity document of the person',
    params: recordParams({ id: 'person', documentId: 'identityDocument' }), querystring: localeOnlyQuerySchema, response: { 200: identityDocumentSchema, ...errors },
  }),
  downloadDocument: defineRoute({
    method: 'GET', url: '/api/persons/:id/identity_documents/:documentId/download', tags,
    summary: "The bytes of an identity document (a DOCUMENT_VIEWED history entry on the person's file it is attached to)",
    params: recordParams({ id: 'person', documentId: 'identityDocument' }), querystring: localeOnlyQuerySchema, response: bytes,
  }),
  fromFile: defineRoute({
    method: 'POST', url: '/api/persons/:id/identity_documents/:typeId/from_file/:fileId', tags,
    summary: "Creates an identity document of the person from the caller's own unattached upload (PNG, JPEG or PDF). "
      + "`typeId` is the spec's `{docId}`: the identity-document type, of an establishment where the caller reaches one of the person's files",
    params: recordParams({ id: 'person', typeId: 'identityDocumentType', fileId: 'upload' }), querystring: localeOnlyQuerySchema, response: { 201: identityDocumentSchema, ...errors },
  }),
} as const;

export const identityDocumentTypeRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/establishments/:id/identity_document_types', tags, summary: "The establishment's identity-document types, by label",
    params: recordParams({ id: 'establishment' }), querystring: localeOnlyQuerySchema, response: { 200: { type: 'array', items: identityDocumentTypeSchema }, ...errors },
  }),
  create: defineRoute({
    method: 'POST', url: '/api/establishments/:id/identity_document_types', tags, summary: 'Adds an identity-document type (establishment admin or super admin); label unique in the establishment',
    params: recordParams({ id: 'establishment' }), querystring: localeOnlyQuerySchema, body: identityDocumentTypeBodySchema, response: { 201: identityDocumentTypeSchema, ...errors },
  }),
  update: defineRoute({
    method: 'PUT', url: '/api/establishments/:id/identity_document_types/:typeId', tags, summary: 'Renames an identity-document type',
    params: recordParams({ id: 'establishment', typeId: 'identityDocumentType' }), querystring: localeOnlyQuerySchema, body: identityDocumentTypeBodySchema, response: { 200: identityDocumentTypeSchema, ...errors },
  }),
  delete: defineRoute({
    method: 'DELETE', url: '/api/establishments/:id/identity_document_types/:typeId', tags, summary: 'Deletes an identity-document type no document uses (409 identity_document_type_in_use otherwise)',
    params: recordParams({ id: 'establishment', typeId: 'identityDocumentType' }), querystring: localeOnlyQuerySchema, response: { 204: { type: 'null' }, ...errors },
  }),
} as const;
