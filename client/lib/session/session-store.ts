/**
 * The session state machine (spec 000 §4). `startSession` runs once; `checkSession` asks the
 * gateway who the user is and, when logged in, loads privileges, patient files and
 * structures before announcing `loggedIn`, so that routes open on complete data.
 */
import type { Establishment } from '../../../schemas/establishments.ts';
import type { Me, PatientFileSummary, PrivilegeEntry } from '../../../schemas/me.ts';
import { isApiError } from '../api/api-error.ts';
import { queryClient } from '../query-client.ts';
import { createStore } from '../store.ts';
import { meQueryOptions } from './api/get-me.ts';
import { patientFilesQueryOptions } from './api/get-patient-files.ts';
import { privilegesQueryOptions } from './api/get-privileges.ts';
import { structuresQueryOptions } from './api/get-structures.ts';
import { sessionKindOf, type SessionKind } from './session-kind.ts';
import { checkIsSkipped, transition, type SessionEvent, type SessionState } from './session-state.ts';

export interface SessionData {
  me: Me;
  kind: SessionKind;
  privileges: PrivilegeEntry[];
  patientFiles: PatientFileSummary[];
  structures: Establishment[];
}

export interface SessionSnapshot { state: SessionState; data?: SessionData }

export const sessionStore = createStore<SessionSnapshot>({ state: 'notLoggedIn' });

const dispatch = (event: SessionEvent, data?: SessionData) =>
  sessionStore.set((s) => ({ state: transition(s.state, event), data: data ?? (event.type === 'failed' ? undefined : s.data) }));

let started = false;

export async function startSession(options: { sendLanguage?: boolean } = {}): Promise<void> {
  if (started) {
    console.warn('Session already started');
    return;
  }
  started = true;
  await checkSession(options);
}

export async function checkSession(options: { sendLanguage?: boolean } = {}): Promise<void> {
  if (checkIsSkipped(sessionStore.get().state)) return;
  dispatch({ type: 'checkStarted' });
  try {
    // The four start together (one round trip, not two: 300 ms on a mobile network, issue 18);
    // the session's own answer decides: without a session the others fail the same way and are
    // not reported (caught), GET /me's failure is.
    const rest = Promise.all([
      queryClient.fetchQuery({ ...privilegesQueryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...patientFilesQueryOptions(), staleTime: 0 }),
      queryClient.fetchQuery({ ...structuresQueryOptions(), staleTime: 0 }),
    ]);
    rest.catch(() => {});
    const me = await queryClient.fetchQuery({ ...meQueryOptions(options), staleTime: 0 });
    const [privileges, files, structures] = await rest;
    const data = { me, kind: sessionKindOf(me.roles), privileges, patientFiles: files.data, structures: structures.data };
    dispatch({ type: 'loggedIn' }, data);
  } catch (error) {
    dispatch({ type: 'failed', status: isApiError(error) ? error.status : undefined, code: isApiError(error) ? error.code : undefined });
    if (sessionStore.get().state === 'unknownError') throw error;
  }
}

/** For tests: back to the state before start. */
export function resetSessionForTests() {
  started = false;
  sessionStore.set({ state: 'notLoggedIn' });
}
