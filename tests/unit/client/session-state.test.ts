import { describe, expect, it } from 'vitest';
import { checkIsSkipped, stateForFailure, transition, type SessionState } from '../../../client/lib/session/session-state.ts';
import { routerKindFor } from '../../../client/app/router/router-kind.ts';

describe('401 codes → session states (spec 000 §4)', () => {
  it.each([
    [401, 'insufficient_authentication', 'notLoggedIn'],
    [401, 'cgu_not_accepted', 'termsRequired'],
    [401, 'personal_data_use_not_approved', 'personalDataRequired'],
    [401, 'invalid_credentials', 'unknownError'],
    [401, undefined, 'unknownError'],
    [403, 'csrf_token_invalid', 'unknownError'],
    [500, 'internal_error', 'unknownError'],
    [undefined, undefined, 'unknownError'],
  ] as const)('%s %s → %s', (status, code, state) => {
    expect(stateForFailure(status, code)).toBe(state);
  });
});

const STATES: SessionState[] = ['loading', 'notLoggedIn', 'loggedIn', 'unknownError', 'termsRequired', 'personalDataRequired'];

describe('transitions', () => {
  it.each(STATES)('a check from %s', (state) => {
    const skipped = state === 'loading' || state === 'loggedIn';
    expect(checkIsSkipped(state)).toBe(skipped);
    expect(transition(state, { type: 'checkStarted' })).toBe(skipped ? state : 'loading');
  });

  it.each([
    [{ type: 'loggedIn' } as const, 'loggedIn'],
    [{ type: 'failed', status: 401, code: 'cgu_not_accepted' } as const, 'termsRequired'],
    [{ type: 'failed', status: 0 } as const, 'unknownError'],
  ])('loading + %j → %s', (event, expected) => {
    expect(transition('loading', event)).toBe(expected);
  });
});

describe('which routes exist in each state', () => {
  it.each([
    ['loggedIn', '/p/0', 'app'],
    ['termsRequired', '/p/0', 'consent'],
    ['personalDataRequired', '/accept-cgu', 'consent'],
    ['unknownError', '/s/0', 'authError'],
    ['notLoggedIn', '/auth-error', 'authError'],
    ['notLoggedIn', '/p/0', 'none'],
    ['loading', '/auth-error', 'none'],
  ] as const)('%s on %s → %s', (state, path, kind) => {
    expect(routerKindFor(state, path)).toBe(kind);
  });
});
