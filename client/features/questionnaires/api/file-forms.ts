/**
 * The Questionnaires tab's calls: the file's questionnaires (GET /patient_files/{id}/forms) and
 * every change to them (assign, activate, deactivate, exclude, restore, overload). A change makes
 * the file's questionnaires, its tasks and its history stale.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formRoutes } from '../../../../schemas/api/forms.ts';
import type { Planning } from '../../../../schemas/form-api.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys } from '../../../lib/api/query-keys.ts';

export const fileFormsQueryOptions = (patientFileId: string) =>
  queryOptions({
    queryKey: patientFileKeys.forms(patientFileId),
    queryFn: ({ signal }) => call(formRoutes.ofFile, { params: { id: patientFileId }, signal }).then((r) => r.data),
  });

export const useFileForms = (patientFileId: string) => useQuery(fileFormsQueryOptions(patientFileId));

export type FileFormChange =
  | { action: 'assign'; formId: string }
  | { action: 'activate' | 'deactivate' | 'exclude' | 'restore'; assignmentId: string }
  | { action: 'overload'; assignmentId: string; planning: Planning };

function send(patientFileId: string, change: FileFormChange) {
  switch (change.action) {
    case 'assign': return call(formRoutes.assign, { params: { id: patientFileId, formId: change.formId } });
    case 'overload': return call(formRoutes.overload, { params: { id: change.assignmentId }, body: { planning: change.planning } });
    default: return call(formRoutes[change.action], { params: { id: change.assignmentId } });
  }
}

export function useChangeFileForm(patientFileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: FileFormChange) => send(patientFileId, change),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: patientFileKeys.forms(patientFileId) }),
      client.invalidateQueries({ queryKey: patientFileKeys.tasks(patientFileId) }),
    ]),
  });
}
