/**
 * The session states and transitions of spec 000 §4, as a pure reducer.
 */
export type SessionState =
  | 'loading'
  | 'notLoggedIn'
  | 'loggedIn'
  | 'unknownError'
  | 'termsRequired'
  | 'personalDataRequired';

export type SessionEvent =
  | { type: 'checkStarted' }
  | { type: 'loggedIn' }
  | { type: 'failed'; status?: number; code?: string };

/** 401 codes of the gateway → session state; any other code or status is an unknown error. */
export function stateForFailure(status: number | undefined, code: string | undefined): SessionState {
  if (status !== 401) return 'unknownError';
  switch (code) {
    case 'insufficient_authentication': return 'notLoggedIn';
    case 'cgu_not_accepted': return 'termsRequired';
    case 'personal_data_use_not_approved': return 'personalDataRequired';
    default: return 'unknownError';
  }
}

/** A session check is skipped when one is under way or the user is already logged in. */
export const checkIsSkipped = (state: SessionState): boolean => state === 'loading' || state === 'loggedIn';

export function transition(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'checkStarted': return checkIsSkipped(state) ? state : 'loading';
    case 'loggedIn': return 'loggedIn';
    case 'failed': return stateForFailure(event.status, event.code);
  }
}
