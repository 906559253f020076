// @vitest-environment happy-dom
/**
 * The Caregivers tab as a professional uses it (issue 10 §4 "Caregivers"), with the real i18n,
 * Mantine and TanStack Query, the API answered by a fake fetch: the list; add an existing account
 * by e-mail (the server's refusal on the field); add a new account, then the one-time credentials
 * dialog saying they are shown once, with copy buttons, gone once closed; the new account's
 * field errors on their fields; remove only after a confirmation; a closed file read-only; Arabic.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Caregiver } from '../../../schemas/caregivers.ts';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { CaregiversTab } from '../../../client/features/patient-file-caregivers/caregivers-tab.tsx';
import { PATIENT_FILE_CAREGIVERS } from '../../../client/features/patient-file-caregivers/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';

vi.mock('../../../client/lib/notify.ts', () => ({ notify: vi.fn(async () => {}) }));

const FILE = '00000000-0000-4000-8000-0000000000f1';
const PAUL = '00000000-0000-4000-8000-0000000000e1';
const NEW = '00000000-0000-4000-8000-0000000000e2';
const paul: Caregiver = { userId: PAUL, firstName: 'Paul', lastName: 'Martin', email: 'paul@example.org', phone: '+33612345678', addedAt: '2026-11-20T08:00:00.000Z' };
const jeanne: Caregiver = { userId: NEW, firstName: 'Jeanne', lastName: 'Roy', email: 'jeanne@example.org', phone: null, addedAt: '2026-11-23T08:00:00.000Z' };

const file = (status: 'OPEN' | 'CLOSED' = 'OPEN') => ({ id: FILE, status }) as unknown as PatientFileSummary;

let calls: ReturnType<typeof fakeFetch>;
function serve(extra: Record<string, FakeAnswer | (() => FakeAnswer)> = {}) {
  calls = fakeFetch({ [`GET /api/patient_files/${FILE}/caregivers`]: { body: [paul] }, ...extra });
}
const sent = (method: string) => calls.filter((c) => c.method === method).map((c) => ({ url: c.url.split('?')[0], body: c.body && JSON.parse(c.body) }));

function mount(status: 'OPEN' | 'CLOSED' = 'OPEN') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts"><CaregiversTab file={file(status)} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
const row = async (text: string) => (await screen.findByText(text, { exact: false, selector: 'td' })).closest('tr')!;

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(PATIENT_FILE_CAREGIVERS);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests();
});
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); if (i18n.language !== 'fr') await switchLanguage('fr'); });

describe('the Caregivers tab', () => {
  it('lists the caregivers and adds an existing account by e-mail', async () => {
    serve({ [`POST /api/patient_files/${FILE}/caregivers`]: { status: 201, body: { caregiver: jeanne } } });
    mount();
    const paulRow = await row('Paul Martin');
    expect(within(paulRow).getByText('paul@example.org')).toBeTruthy();
    expect(within(paulRow).getByText('+33612345678')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail du compte' }), { target: { value: 'jeanne@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(sent('POST')).toEqual([{ url: `/api/patient_files/${FILE}/caregivers`, body: { email: 'jeanne@example.org' } }]));
    expect(await screen.findByText('Jeanne Roy est maintenant aidant de ce dossier.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server\'s refusal on the e-mail field', async () => {
    const message = "Aucun compte patient ou aidant de l'établissement n'a cette adresse e-mail : créez un nouveau compte.";
    serve({ [`POST /api/patient_files/${FILE}/caregivers`]: { status: 404, body: { code: 'caregiver_account_not_found', message, field: 'body.email' } } });
    mount();
    await row('Paul Martin');
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail du compte' }), { target: { value: 'x@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'E-mail du compte' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('creates a new account, then shows its one-time credentials once, with copy buttons', async () => {
    serve({ [`POST /api/patient_files/${FILE}/caregivers`]: { status: 201, body: { caregiver: jeanne, credentials: { login: 'jeanne@example.org', temporaryPassword: 'abcd-efgh-jkmn-pqrs' } } } });
    mount();
    await row('Paul Martin');
    fireEvent.click(screen.getByText('Nouveau compte'));
    fireEvent.change(await screen.findByRole('textbox', { name: /Prénom/ }), { target: { value: 'Jeanne' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Roy' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^E-mail/ }), { target: { value: 'jeanne@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: "Créer le compte et l'ajouter" }));
    await waitFor(() => expect(sent('POST')).toEqual([{
      url: `/api/patient_files/${FILE}/caregivers`, body: { newAccount: { firstName: 'Jeanne', lastName: 'Roy', email: 'jeanne@example.org' } },
    }]));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/ne sont affichés qu'une seule fois/)).toBeTruthy();
    expect(within(dialog).getByText('jeanne@example.org')).toBeTruthy();
    expect(within(dialog).getByText('abcd-efgh-jkmn-pqrs')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copier : Mot de passe temporaire' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copier : Identifiant' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: "J'ai noté les identifiants" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('abcd-efgh-jkmn-pqrs')).toBeNull();
  });

  it('shows each invalid field of a new account on its field', async () => {
    serve({
      [`POST /api/patient_files/${FILE}/caregivers`]: {
        status: 400,
        body: {
          code: 'field_required', message: 'Ce champ est obligatoire', field: 'body.newAccount.firstName',
          errors: [{ field: 'body.newAccount.firstName', message: 'Ce champ est obligatoire' }, { field: 'body.newAccount.mobilePhone', message: 'Saisissez un numéro de mobile valide.' }],
        },
      },
    });
    mount();
    await row('Paul Martin');
    fireEvent.click(screen.getByText('Nouveau compte'));
    fireEvent.change(await screen.findByRole('textbox', { name: /Téléphone mobile/ }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: "Créer le compte et l'ajouter" }));
    expect(await screen.findByText('Ce champ est obligatoire')).toBeTruthy();
    expect(screen.getByText('Saisissez un numéro de mobile valide.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Prénom/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes only after a confirmation', async () => {
    serve({ [`DELETE /api/patient_files/${FILE}/caregivers/${PAUL}`]: { status: 204 } });
    mount();
    fireEvent.click(within(await row('Paul Martin')).getByRole('button', { name: 'Retirer Paul Martin' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Annuler' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE')).toEqual([]);
    fireEvent.click(within(await row('Paul Martin')).getByRole('button', { name: 'Retirer Paul Martin' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    await waitFor(() => expect(sent('DELETE').map((c) => c.url)).toEqual([`/api/patient_files/${FILE}/caregivers/${PAUL}`]));
    expect(await screen.findByText("Paul Martin n'est plus aidant de ce dossier.")).toBeTruthy();
  });

  it('shows a closed file read-only', async () => {
    serve();
    mount('CLOSED');
    const paulRow = await row('Paul Martin');
    expect(screen.getByText(/Ce dossier est clôturé/)).toBeTruthy();
    expect(within(paulRow).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('speaks Arabic', async () => {
    await switchLanguage('ar');
    await i18n.loadNamespaces(PATIENT_FILE_CAREGIVERS);
    serve();
    mount();
    await row('Paul Martin');
    expect(screen.getByRole('button', { name: 'إزالة Paul Martin' })).toBeTruthy();
    expect(screen.getByText('إضافة مرافق')).toBeTruthy();
    expect(screen.getByText('حساب جديد')).toBeTruthy();
  });
});
