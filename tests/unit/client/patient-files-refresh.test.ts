/**
 * The session's patient files follow the server: fetched again on focus, on becoming visible
 * and after a mutation; replaced only when something changed.
 */
import { MutationObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { keepPatientFilesFresh, refreshPatientFiles } from '../../../client/lib/session/patient-files-refresh.ts';
import { resetSessionForTests, sessionStore, startSession } from '../../../client/lib/session/session-store.ts';
import { fakeFetch } from './fake-fetch.ts';
import { AZUR, entry, file } from './fixtures.ts';

const me = { id: 'u1', email: 'a@b.c', roles: ['ROLE_PATIENT'], firstName: 'A', lastName: 'B', language: 'fr', selectedTimezone: 'automatic', timezone: 'UTC' };
let status: 'OPEN' | 'CLOSED' = 'OPEN';
const routes = {
  'GET /api/me': { body: me },
  'GET /api/me/privileges': { body: [entry(AZUR, [])] },
  'GET /api/me/patient_files': () => ({ body: { data: [file(status, 'u1')], totalItems: 1, page: 1, pageSize: 200 } }),
  'GET /api/establishments': { body: { data: [], totalItems: 0, page: 1, pageSize: 999 } },
};
const fileStatus = () => sessionStore.get().data?.patientFiles[0]?.status;

/** A window's events without a browser. */
function fakeWindow() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return Object.assign(new EventTarget(), { document }) as unknown as Window & { document: EventTarget & { visibilityState: string } };
}

describe('patient files refreshed during the session', () => {
  beforeEach(async () => {
    status = 'OPEN';
    resetSessionForTests();
    queryClient.clear();
    configureApi({ language: () => 'fr' });
    fakeFetch(routes);
    await startSession();
  });
  afterEach(() => { vi.unstubAllGlobals(); });

  it('a file closed on the server is in the session after a refresh; nothing changes when nothing changed', async () => {
    const before = sessionStore.get();
    await refreshPatientFiles();
    expect(sessionStore.get()).toBe(before);
    status = 'CLOSED';
    await refreshPatientFiles();
    expect(fileStatus()).toBe('CLOSED');
    expect(sessionStore.get().state).toBe('loggedIn');
  });

  it.each([
    ['the window regains focus', (w: ReturnType<typeof fakeWindow>) => w.dispatchEvent(new Event('focus'))],
    ['the page becomes visible', (w: ReturnType<typeof fakeWindow>) => w.document.dispatchEvent(new Event('visibilitychange'))],
    ['a mutation succeeds', () => void new MutationObserver(queryClient, { mutationFn: async () => 'done' }).mutate()],
  ])('refreshes when %s', async (_, trigger) => {
    const target = fakeWindow();
    const stop = keepPatientFilesFresh(target);
    status = 'CLOSED';
    trigger(target);
    await vi.waitFor(() => expect(fileStatus()).toBe('CLOSED'));
    stop();
  });
});
