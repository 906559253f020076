/**
 * The patient side follows a close at once (issue 10 §4): a call the server refuses with 409
 * patient_file_closed — an answer sent, a page of tasks fetched — makes the session fetch its
 * patient files again, so the file is CLOSED in the session (the router then revalidates and the
 * only-opened screens refuse it). Any other error does not.
 */
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { ApiError } from '../../../client/lib/api/api-error.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { keepPatientFilesFresh } from '../../../client/lib/session/patient-files-refresh.ts';
import { resetSessionForTests, sessionStore, startSession } from '../../../client/lib/session/session-store.ts';
import { fakeFetch } from './fake-fetch.ts';
import { AZUR, entry, file } from './fixtures.ts';

const me = { id: 'u1', email: 'a@b.c', roles: ['ROLE_PATIENT'], firstName: 'A', lastName: 'B', language: 'fr', selectedTimezone: 'automatic', timezone: 'UTC' };
let status: 'OPEN' | 'CLOSED' = 'OPEN';
let fetches = 0;
const routes = {
  'GET /api/me': { body: me },
  'GET /api/me/privileges': { body: [entry(AZUR, [])] },
  'GET /api/me/patient_files': () => { fetches++; return { body: { data: [file(status, 'u1')], totalItems: 1, page: 1, pageSize: 200 } }; },
  'GET /api/establishments': { body: { data: [], totalItems: 0, page: 1, pageSize: 999 } },
};
const fileStatus = () => sessionStore.get().data?.patientFiles[0]?.status;
const closedError = () => new ApiError(409, { code: 'patient_file_closed', message: 'Ce dossier est clôturé : il ne peut plus être modifié.' });
function fakeWindow() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return Object.assign(new EventTarget(), { document }) as unknown as Window;
}

describe('a 409 patient_file_closed refreshes the session\'s files', () => {
  beforeEach(async () => {
    status = 'OPEN';
    resetSessionForTests();
    queryClient.clear();
    configureApi({ language: () => 'fr' });
    fakeFetch(routes);
    await startSession();
    fetches = 0;
  });
  afterEach(() => { vi.unstubAllGlobals(); });

  it('after a change refused because the file was closed', async () => {
    const stop = keepPatientFilesFresh(fakeWindow());
    status = 'CLOSED';
    await new MutationObserver(queryClient, { mutationFn: async () => { throw closedError(); } }).mutate().catch(() => {});
    await vi.waitFor(() => expect(fileStatus()).toBe('CLOSED'));
    stop();
  });

  it('after a read refused because the file was closed', async () => {
    const stop = keepPatientFilesFresh(fakeWindow());
    status = 'CLOSED';
    const observer = new QueryObserver(queryClient, { queryKey: ['test', 'closed'], queryFn: async () => { throw closedError(); }, retry: false });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(fileStatus()).toBe('CLOSED'));
    unsubscribe();
    stop();
  });

  it('not after another error', async () => {
    const stop = keepPatientFilesFresh(fakeWindow());
    status = 'CLOSED';
    await new MutationObserver(queryClient, { mutationFn: async () => { throw new ApiError(409, { code: 'form_already_answered', message: 'x' }); } }).mutate().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetches).toBe(0);
    expect(fileStatus()).toBe('OPEN');
    stop();
  });
});
