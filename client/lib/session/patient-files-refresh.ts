/**
 * The user's patient files stay as fresh as the server's: a file closed (or reopened) by the
 * care team is seen by the route guards, the navigation and the shortcuts without logging in
 * again. They were copied into the session once at login; now they are fetched again when the
 * window regains focus, when the page becomes visible, and after any mutation succeeds, and the
 * session's copy is replaced only when something changed (so nothing re-renders for nothing).
 * A call refused with 409 patient_file_closed (the file was closed meanwhile) fetches them at once
 * too: the session's file turns CLOSED, the router revalidates and the only-opened screen is left.
 */
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { isApiError } from '../api/api-error.ts';
import { queryClient } from '../query-client.ts';
import { patientFilesQueryOptions } from './api/get-patient-files.ts';
import { sessionStore } from './session-store.ts';

const sameFiles = (a: readonly PatientFileSummary[], b: readonly PatientFileSummary[]) =>
  a.length === b.length && a.every((file, i) => JSON.stringify(file) === JSON.stringify(b[i]));

let inFlight: Promise<void> | undefined;

/** The server refused a change because the file is closed now (server: file.requireOpen()). */
const closedMeanwhile = (error: unknown) => isApiError(error) && error.code === 'patient_file_closed';

/** Fetches the files again and puts them in the session when they changed. Failures are left to the next try. */
export function refreshPatientFiles(): Promise<void> {
  if (sessionStore.get().state !== 'loggedIn') return Promise.resolve();
  inFlight ??= queryClient.fetchQuery({ ...patientFilesQueryOptions(), staleTime: 0 })
    .then((page) => {
      sessionStore.set((s) => (s.state !== 'loggedIn' || !s.data || sameFiles(s.data.patientFiles, page.data)
        ? s
        : { ...s, data: { ...s.data, patientFiles: page.data } }));
    })
    .catch(() => {})
    .finally(() => { inFlight = undefined; });
  return inFlight;
}

/** Starts the refreshes; returns what stops them. */
export function keepPatientFilesFresh(target: Window = window): () => void {
  const onFocus = () => void refreshPatientFiles();
  const onVisible = () => { if (target.document.visibilityState === 'visible') void refreshPatientFiles(); };
  target.addEventListener('focus', onFocus);
  target.document.addEventListener('visibilitychange', onVisible);
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'success' || (event.action.type === 'error' && closedMeanwhile(event.action.error))) void refreshPatientFiles();
  });
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && closedMeanwhile(event.action.error)) void refreshPatientFiles();
  });
  return () => {
    target.removeEventListener('focus', onFocus);
    target.document.removeEventListener('visibilitychange', onVisible);
    stopMutations();
    stopQueries();
  };
}
