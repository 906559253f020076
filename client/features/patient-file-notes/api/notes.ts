/**
 * The Notes tab's calls: a page of the file's notes (GET /patient_files/{id}/notes) and the
 * changes (add, edit, archive). A change makes every page of the notes and the file's history
 * (under the file's key) stale.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noteRoutes } from '../../../../schemas/api/notes.ts';
import type { QueryOf } from '../../../../schemas/api/contract.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys } from '../../../lib/api/query-keys.ts';

export type NotesQuery = Pick<QueryOf<typeof noteRoutes.list>, 'page' | 'pageSize' | 'archived'>;

export const useNotes = (patientFileId: string, query: NotesQuery) => useQuery({
  queryKey: patientFileKeys.notes(patientFileId, query),
  queryFn: ({ signal }) => call(noteRoutes.list, { params: { id: patientFileId }, query, signal }),
  placeholderData: keepPreviousData,
});

export type NoteChange =
  | { action: 'add'; text: string }
  | { action: 'edit'; noteId: string; text: string }
  | { action: 'archive'; noteId: string };

function send(patientFileId: string, change: NoteChange) {
  switch (change.action) {
    case 'add': return call(noteRoutes.add, { params: { id: patientFileId }, body: { text: change.text } });
    case 'edit': return call(noteRoutes.edit, { params: { id: patientFileId, noteId: change.noteId }, body: { text: change.text } });
    default: return call(noteRoutes.archive, { params: { id: patientFileId, noteId: change.noteId } });
  }
}

export function useChangeNote(patientFileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: NoteChange) => send(patientFileId, change),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: patientFileKeys.notes(patientFileId) }),
      client.invalidateQueries({ queryKey: patientFileKeys.history(patientFileId, {}).slice(0, 3) }),
    ]),
  });
}
