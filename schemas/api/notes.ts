/** Contracts of /api/patient_files/{id}/notes (spec 001 §7: GET paged; POST {text}; PUT {text}; PUT archive). */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { noteBodySchema, noteListQuerySchema, notePageSchema, noteSchema } from '../notes.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['patient file notes'] as const;
const changeErrors = { ...errorResponses, 409: errorSchema } as const;

export const noteRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/notes', tags,
    summary: "A patient file's notes, newest first, paged; live ones by default, archived ones with archived=true (or all). Professionals of the file only",
    params: recordParams({ id: 'patientFile' }), querystring: noteListQuerySchema, response: { 200: notePageSchema, ...errorResponses },
  }),
  add: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/notes', tags, summary: 'Adds a note to an open patient file (history NOTE_ADDED)',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: noteBodySchema, response: { 201: noteSchema, ...changeErrors },
  }),
  edit: defineRoute({
    method: 'PUT', url: '/api/patient_files/:id/notes/:noteId', tags,
    summary: 'Changes the text of a note: its author only, while it is not archived (history NOTE_EDITED)',
    params: recordParams({ id: 'patientFile', noteId: 'note' }), querystring: localeOnlyQuerySchema, body: noteBodySchema, response: { 200: noteSchema, ...changeErrors },
  }),
  archive: defineRoute({
    method: 'PUT', url: '/api/patient_files/:id/notes/:noteId/archive', tags,
    summary: 'Archives a note: kept and viewable, no longer editable (history NOTE_ARCHIVED)',
    params: recordParams({ id: 'patientFile', noteId: 'note' }), querystring: localeOnlyQuerySchema, response: { 200: noteSchema, ...changeErrors },
  }),
} as const;
