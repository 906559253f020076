/** Contracts of files (spec 001 §7): prepare, upload (multipart), rename, download. */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { filePrepareBodySchema, fileSchema } from '../form-api.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['files'] as const;
const file = { 200: fileSchema, ...errorResponses } as const;
/** Bytes, not JSON: the handler sends them (a Buffer or a stream, never serialized) and returns the reply. */
const bytes = { 200: { description: 'The bytes of the file', type: 'string', format: 'binary' }, ...errorResponses } as const;

export const fileRoutes = {
  prepare: defineRoute({
    method: 'POST', url: '/api/files/prepare', tags, summary: 'Prepares a file: answers its upload_url',
    querystring: localeOnlyQuerySchema, body: filePrepareBodySchema, response: file,
  }),
  upload: defineRoute({
    method: 'POST', url: '/api/files/:id/upload', tags, summary: 'Uploads the bytes of a prepared file (multipart, one file)',
    params: recordParams({ id: 'upload' }), querystring: localeOnlyQuerySchema, consumes: ['multipart/form-data'], response: file,
  }),
  update: defineRoute({
    method: 'PUT', url: '/api/files/:id', tags, summary: "Changes a file's name, description or visibility (409 once attached to a closed patient file)",
    params: recordParams({ id: 'upload' }), querystring: localeOnlyQuerySchema, body: filePrepareBodySchema, response: { ...file, 409: errorSchema },
  }),
  downloadOfPatientFile: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/files/:fileId/download', tags, summary: "A file of a patient file's questionnaire answers",
    params: recordParams({ id: 'patientFile', fileId: 'answerFile' }), querystring: localeOnlyQuerySchema, response: bytes,
  }),
  download: defineRoute({
    method: 'GET', url: '/api/files/:id/download', tags, summary: 'The bytes of a file the caller uploaded',
    params: recordParams({ id: 'upload' }), querystring: localeOnlyQuerySchema, response: bytes,
  }),
} as const;
