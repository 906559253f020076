import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { checkSession, resetSessionForTests, sessionStore, startSession } from '../../../client/lib/session/session-store.ts';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';
import { AZUR, entry, file } from './fixtures.ts';

const me = { id: 'u1', email: 'a@b.c', roles: ['ROLE_PROFESSIONAL'], firstName: 'A', lastName: 'B', language: 'fr', selectedTimezone: 'automatic', timezone: 'UTC' };
const loggedIn: Record<string, FakeAnswer> = {
  'GET /api/me': { body: me },
  'GET /api/me/privileges': { body: [entry(AZUR, ['MANAGER'])] },
  'GET /api/me/patient_files': { body: { data: [file('OPEN', 'u1')], totalItems: 1, page: 1, pageSize: 200 } },
  'GET /api/establishments': { body: { data: [], totalItems: 0, page: 1, pageSize: 999 } },
};
const failing = (status: number, code: string): Record<string, FakeAnswer> => ({ 'GET /api/me': { status, body: { code, message: code } } });

describe('session state machine (spec 000 §4)', () => {
  beforeEach(() => { resetSessionForTests(); queryClient.clear(); configureApi({ language: () => 'fr' }); });
  afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

  it('loads privileges, patient files (200 a page) and structures (999, by name) with the session, before logged in', async () => {
    const calls = fakeFetch(loggedIn);
    const states: string[] = [];
    const unsubscribe = sessionStore.subscribe(() => states.push(sessionStore.get().state));
    await startSession();
    unsubscribe();
    expect(states).toEqual(['loading', 'loggedIn']);
    // All four together (one round trip), not GET /me first and the others after it.
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/api/establishments?page=1&pageSize=999&sort=name&l=fr', '/api/me/patient_files?page=1&pageSize=200&l=fr', '/api/me/privileges?l=fr', '/api/me?l=fr',
    ]);
    expect(sessionStore.get().data).toMatchObject({ kind: 'professional', patientFiles: [{ status: 'OPEN' }], structures: [] });
  });

  it('asks for the other three before GET /me has answered (one round trip on a mobile network, not two)', async () => {
    fakeFetch(loggedIn);
    const answer = globalThis.fetch;
    let others = 0;
    let releaseMe!: () => void;
    const meHeld = new Promise<void>((resolve) => { releaseMe = resolve; });
    // GET /me answers only once the three others were asked: sent one after the other, the session never starts.
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/me?')) await meHeld;
      else if (++others === 3) releaseMe();
      return answer(url, init);
    });
    const stuck = new Promise((_, reject) => { setTimeout(() => reject(new Error('GET /me was waited for before the others were asked')), 2000); });
    await Promise.race([startSession(), stuck]);
    expect(sessionStore.get().state).toBe('loggedIn');
  });

  it("a second start only warns 'Session already started'", async () => {
    const calls = fakeFetch(loggedIn);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await startSession();
    await startSession();
    expect(warn).toHaveBeenCalledWith('Session already started');
    expect(calls.filter((c) => c.url.startsWith('/api/me?'))).toHaveLength(1);
  });

  it('skips a check while logged in', async () => {
    const calls = fakeFetch(loggedIn);
    await startSession();
    await checkSession();
    expect(calls).toHaveLength(4);
  });

  it.each([
    ['insufficient_authentication', 'notLoggedIn'],
    ['cgu_not_accepted', 'termsRequired'],
    ['personal_data_use_not_approved', 'personalDataRequired'],
  ])('401 %s → %s, and a later check runs again', async (code, state) => {
    const calls = fakeFetch(failing(401, code));
    await startSession();
    expect(sessionStore.get()).toEqual({ state, data: undefined });
    await checkSession();
    expect(calls.filter((c) => c.url.startsWith('/api/me?'))).toHaveLength(2);
    expect(sessionStore.get()).toEqual({ state, data: undefined });
  });

  it('an unknown error is rethrown and leads to the auth-error state', async () => {
    fakeFetch(failing(500, 'internal_error'));
    await expect(startSession()).rejects.toMatchObject({ status: 500 });
    expect(sessionStore.get().state).toBe('unknownError');
  });
});
