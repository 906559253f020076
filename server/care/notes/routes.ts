/** /patient_files/:id/notes: the Notes tab of the patient file (issue 10 §4, spec 001 §7). */
import type { FastifyInstance } from 'fastify';
import { noteRoutes } from '../../../schemas/api/notes.ts';
import { DEFAULT_PAGE_SIZE } from '../../../schemas/common.ts';
import { route } from '../../http/route.ts';
import { addNote, archiveNote, editNote, listNotes } from './repository.ts';

export default async function notesRoutes(app: FastifyInstance) {
  route(app, noteRoutes.list, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE, sort = '-createdAt', archived = 'false' } = request.query;
    return listNotes(request.care, await request.care.patientFile(request.params.id), { page, pageSize, sort, archived });
  });
  route(app, noteRoutes.add, async (request) =>
    addNote(request.care, await request.care.patientFile(request.params.id), request.body.text));
  route(app, noteRoutes.edit, async (request) =>
    editNote(request.care, await request.care.patientFile(request.params.id), request.params.noteId, request.body.text));
  route(app, noteRoutes.archive, async (request) =>
    archiveNote(request.care, await request.care.patientFile(request.params.id), request.params.noteId));
}
