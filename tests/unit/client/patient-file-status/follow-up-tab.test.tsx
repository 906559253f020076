// @vitest-environment happy-dom
/**
 * The Follow-up tab as a professional uses it: a file closed by the scheduled job says so (no
 * person, the reason type translated); reopening asks first, then shows the file open; the
 * patient data are switched off after a confirmation; each change posts once.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FollowUpTab } from '../../../../client/features/patient-file-status/follow-up-tab.tsx';
import { PATIENT_FILE_STATUS } from '../../../../client/features/patient-file-status/texts.ts';
import { configureApi } from '../../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n } from '../../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../../helpers/client-session.ts';
import { fakeFetch } from '../fake-fetch.ts';
import { file } from '../fixtures.ts';

const FILE = file('CLOSED').id;
const base = {
  id: FILE, startDate: '2026-01-05', endDate: '2026-06-30', closedBy: null, closingReason: null, patientDataActive: true,
} as const;
const closedByJob = { ...base, status: 'CLOSED', closedAt: '2026-07-01T00:15:00.000Z', closingReasonType: 'END_OF_FOLLOW_UP' };
const open = { ...base, status: 'OPEN', closedAt: null, closingReasonType: null };

let current: object;
let calls: ReturnType<typeof fakeFetch>;
const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.url.split('?')[0]);

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <FollowUpTab file={file(current === open ? 'OPEN' : 'CLOSED')} /> }]);
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts"><RouterProvider router={router} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(PATIENT_FILE_STATUS);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language as 'fr' });
  resetSessionForTests();
  signInProfessionalForTests();
  current = closedByJob;
  calls = fakeFetch({
    [`GET /api/patient_files/${FILE}/status`]: () => ({ body: current }),
    [`POST /api/patient_files/${FILE}/reopen`]: () => { current = open; return { body: open }; },
    [`POST /api/patient_files/${FILE}/patient_data/deactivate`]: () => { current = { ...open, patientDataActive: false }; return { body: current }; },
  });
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('the Follow-up tab', () => {
  it('says a file was closed by the end date, with its reason type; reopens after a confirmation', async () => {
    mount();
    const closed = await screen.findByTestId('closed-state');
    expect(closed.textContent).toContain('Clôturé automatiquement le 01/07/2026');
    expect(closed.textContent).toContain('Motif de clôture : Fin du suivi');
    expect(screen.queryByRole('button', { name: 'Clôturer le dossier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Désactiver les données du patient' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Rouvrir le dossier' }));
    expect(await screen.findByText('Rouvrir le dossier ?')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Rouvrir' }));
    expect(await screen.findByText('Dossier rouvert.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('closed-state')).toBeNull());
    expect(screen.getByRole('button', { name: 'Clôturer le dossier' })).toBeTruthy();
    expect(posts()).toEqual([`/api/patient_files/${FILE}/reopen`]);
  });

  it('shows the closing date as the end of the follow-up of a closed file, not "Non renseignée"', async () => {
    current = { ...base, endDate: null, status: 'CLOSED', closedAt: '2026-03-10T09:30:00.000Z', closedBy: { id: 'p', name: 'Paul Prescripteur' }, closingReasonType: 'TRANSFERRED' };
    mount();
    await screen.findByTestId('closed-state');
    const end = screen.getByText('Fin du suivi').nextElementSibling!;
    expect(end.textContent).toBe('10 mars 2026');
  });

  it('switches the patient data off after a confirmation', async () => {
    current = open;
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Désactiver les données du patient' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Données du patient désactivées.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Les données du patient n'alimentent plus le suivi.")).toBeTruthy());
    expect(posts()).toEqual([`/api/patient_files/${FILE}/patient_data/deactivate`]);
  });
});
