// @vitest-environment happy-dom
/**
 * The Identity tab's search (issue 18): the identity found shows its OID and its birth date as the
 * interface writes dates (not 1985-06-12), and is taken in one action (INS and OID stored and
 * verified by the server), never retyped by hand.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityTab } from '../../../client/features/identity/identity-tab.tsx';
import { IDENTITY } from '../../../client/features/identity/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch } from './fake-fetch.ts';
import { file } from './fixtures.ts';

const FILE = file('OPEN').id;
const PERSON = '00000000-0000-4000-8000-000000000001';
const traits = { birthName: 'DUPRÉ', firstNames: 'Hélène, Marie', firstBirthName: null, birthDate: '1985-06-12', sex: 'female', birthPlaceInsee: null, insNumber: null, oid: null };
const provisional = { personId: PERSON, identity: { status: 'PROVISIONAL', doubtful: false, fictitious: false, namesake: false, verifiedAt: null }, traits };
const found = { insNumber: '285067505600112', oid: '1.2.250.1.213.1.4.8', birthName: 'DUPRÉ', firstNames: 'Hélène, Marie', sex: 'female', birthDate: '1985-06-12', birthPlaceInseeCode: '75056' };
const taken = { ...provisional, identity: { ...provisional.identity, status: 'RECOVERED', verifiedAt: '2026-11-27T10:00:00.000Z' }, traits: { ...traits, insNumber: found.insNumber, oid: found.oid } };
let calls: ReturnType<typeof fakeFetch>;

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(IDENTITY);
});
beforeEach(() => {
  configureApi({ language: () => 'fr' });
  resetSessionForTests();
  signInProfessionalForTests();
  calls = fakeFetch({
    [`GET /api/patient_files/${FILE}/identity`]: { body: provisional },
    [`GET /api/persons/${PERSON}/identity_documents`]: { body: [] },
    [`POST /api/persons/${PERSON}/identity/search`]: { body: { outcome: 'found', candidates: [found] } },
    [`POST /api/persons/${PERSON}/identity/take`]: { body: { outcome: 'found', person: taken } },
  });
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('the identity found', () => {
  it('shows its OID and its date as the interface writes dates, and is taken in one action', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/', element: <IdentityTab file={file('OPEN')} structureIndex={0} /> }]);
    render(<MantineProvider><QueryClientProvider client={client}><Suspense fallback="…"><RouterProvider router={router} /></Suspense></QueryClientProvider></MantineProvider>);
    fireEvent.click(await screen.findByRole('button', { name: "Rechercher au service national d'identité" }));
    const candidate = (await screen.findByTestId('identity-candidate')).textContent!;
    expect(candidate).toContain('12/06/1985');
    expect(candidate).not.toContain('1985-06-12');
    expect(candidate).toContain('OID 1.2.250.1.213.1.4.8');
    fireEvent.click(screen.getByRole('button', { name: 'Reprendre cette identité' }));
    expect(await screen.findByText('Identité reprise : INS 285067505600112, OID 1.2.250.1.213.1.4.8, statut Récupérée')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.split('?')[0])).toEqual([`/api/persons/${PERSON}/identity/search`, `/api/persons/${PERSON}/identity/take`]);
  });
});
