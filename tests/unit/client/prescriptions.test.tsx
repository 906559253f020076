// @vitest-environment happy-dom
/**
 * The prescriptions screen (issue 20 §3) with the real i18n, Mantine, router and TanStack Query,
 * the API answered by a fake fetch: the list asks the server for what ends first by default, then
 * for the status and type chosen (kept in the address); a row names its patient (a link to the
 * file) and its status; renewing puts the server's refusals on their fields, and once renewed the
 * list shows both prescriptions linked, without Renew on the renewed one.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Prescription } from '../../../schemas/prescriptions.ts';
import { Component as PrescriptionsPage } from '../../../client/features/documents/prescriptions-page.tsx';
import { DOCUMENTS } from '../../../client/features/documents/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { AREA_ROUTE_IDS } from '../../../client/lib/areas.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch } from './fake-fetch.ts';

vi.mock('../../../client/lib/notify.ts', () => ({ notify: vi.fn(async () => {}) }));

const EST = '00000000-0000-4000-8000-0000000000e0';
const FILE = '00000000-0000-4000-8000-0000000000f1';
const RX = '00000000-0000-4000-8000-0000000000d1';
const NEXT = '00000000-0000-4000-8000-0000000000d2';
const LIST = `GET /api/establishments/${EST}/prescriptions`;
const due: Prescription = {
  id: RX, patientFileId: FILE, patient: { firstName: 'Camille', lastName: 'Martin' }, service: 'Cardiologie',
  type: 'TELEMONITORING_PRESCRIPTION', title: 'Télésurveillance IC', startDate: '2026-06-01', endDate: '2026-12-10',
  status: 'AWAITING_RENEWAL', daysLeft: 12, renews: null, renewedBy: null, hasFile: true, createdAt: '2026-06-01T08:00:00.000Z',
};
const page = (data: Prescription[]) => ({ body: { data, totalItems: data.length, page: 1, pageSize: 15 } });

let calls: ReturnType<typeof fakeFetch>;
const lists = () => calls.filter((c) => c.method === 'GET' && c.url.includes('/prescriptions')).map((c) => new URL(c.url, 'http://x').searchParams);

function mount(address = '/s/0/prescriptions') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{
    id: AREA_ROUTE_IDS.structure, path: '/s/:structureIndex', loader: () => ({ index: 0, structure: { id: EST } }), hydrateFallbackElement: <span />,
    children: [{ path: 'prescriptions', element: <PrescriptionsPage /> }],
  }], { initialEntries: [address] });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts"><RouterProvider router={router} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(DOCUMENTS);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests({ id: '00000000-0000-4000-8000-0000000000a2', firstName: 'Claire', lastName: 'Dubois' });
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('the prescriptions list', () => {
  it('asks what ends first, then the status and type chosen, kept in the address', async () => {
    calls = fakeFetch({ [LIST]: page([due]) });
    const router = mount();
    const row = (await screen.findByText('Télésurveillance IC')).closest('tr')!;
    expect(lists()[0]!.get('sort')).toBe('endDate');
    expect(within(row).getByRole('link', { name: 'Camille Martin' }).getAttribute('href')).toBe(`/s/0/patient-file/${FILE}`);
    expect(within(row).getByText('Cardiologie')).toBeTruthy();
    expect(within(row).getByText('01/06/2026')).toBeTruthy();
    expect(within(row).getByText('10/12/2026')).toBeTruthy();
    expect(within(row).getByText('À renouveler')).toBeTruthy();
    expect(within(row).getByTestId('prescription-days-left').textContent).toBe('Expire dans 12 jours');
    expect(screen.getByTestId('prescriptions-count').textContent).toBe('1 prescription');

    fireEvent.click(screen.getByRole('radio', { name: 'À renouveler' }));
    await waitFor(() => expect(lists().at(-1)!.get('status')).toBe('AWAITING_RENEWAL'));
    expect(router.state.location.search).toContain('status=AWAITING_RENEWAL');
    fireEvent.click((await screen.findAllByLabelText('Type de prescription')).find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Ordonnance de médicaments', hidden: true }));
    await waitFor(() => expect(lists().at(-1)!.get('type')).toBe('MEDICATION_PRESCRIPTION'));
    expect(lists().at(-1)!.get('status')).toBe('AWAITING_RENEWAL');
    fireEvent.click(screen.getByRole('radio', { name: 'Toutes' }));
    await waitFor(() => expect(lists().at(-1)!.get('status')).toBeNull());
  });

  it('reads the filters from the address', async () => {
    calls = fakeFetch({ [LIST]: page([]) });
    mount('/s/0/prescriptions?status=EXPIRED&type=PRESCRIPTION');
    expect(await screen.findByText('Aucune prescription ne correspond à ces filtres.')).toBeTruthy();
    expect(lists()[0]!.get('status')).toBe('EXPIRED');
    expect(lists()[0]!.get('type')).toBe('PRESCRIPTION');
    expect((screen.getByRole('radio', { name: 'Expirée' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('renewing a prescription', () => {
  it("puts the server's refusals on their fields, then lists both linked", async () => {
    let renewed = false;
    let answer = { status: 400, body: { code: 'end_date_before_start', message: 'La fin doit suivre le début (serveur).', field: 'body.endDate' } };
    calls = fakeFetch({
      [LIST]: () => page(renewed
        ? [{ ...due, status: 'ONGOING', renewedBy: NEXT }, { ...due, id: NEXT, status: 'WAITING', startDate: '2026-12-11', endDate: '2027-06-10', renews: RX }]
        : [due]),
      [`POST /api/documents/${RX}/renew`]: () => answer,
    });
    mount();
    const row = (await screen.findByText('Télésurveillance IC')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Renouveler « Télésurveillance IC » de Camille Martin' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByTestId('renew-title') as HTMLInputElement).value).toBe('Télésurveillance IC');

    // Nothing attached: said on its field, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renouveler' }));
    expect(await within(dialog).findByText('Choisissez un fichier, ou donnez un lien.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Un lien' }));
    fireEvent.change(await within(dialog).findByTestId('renew-link'), { target: { value: 'https://example.org/rx' } });
    fireEvent.change(within(dialog).getByTestId('renew-start'), { target: { value: '11/12/2026' } });
    fireEvent.change(within(dialog).getByTestId('renew-end'), { target: { value: '01/12/2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renouveler' }));
    const end = within(dialog).getByTestId('renew-end');
    await waitFor(() => expect(end.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('La fin doit suivre le début (serveur).')).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({
      title: 'Télésurveillance IC', startDate: '2026-12-11', endDate: '2026-12-01', externalUrl: 'https://example.org/rx',
    });

    // A refusal of no field is said above the form.
    answer = { status: 409, body: { code: 'prescription_already_renewed', message: 'Déjà renouvelée (serveur).' } } as typeof answer;
    fireEvent.change(end, { target: { value: '10/06/2027' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renouveler' }));
    expect(await within(dialog).findByText('L’action a échoué : Déjà renouvelée (serveur).')).toBeTruthy();

    answer = { status: 201, body: {} } as typeof answer;
    renewed = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renouveler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const renewedBy = await screen.findByTestId('prescription-renewed-by');
    expect(renewedBy.getAttribute('href')).toBe(`/s/0/patient-file/${FILE}/documents/${NEXT}`);
    expect(screen.getByTestId('prescription-renews').getAttribute('href')).toBe(`/s/0/patient-file/${FILE}/documents/${RX}`);
    expect(screen.getAllByTestId('prescription-renew')).toHaveLength(1);
    expect(within(renewedBy.closest('tr')!).queryByTestId('prescription-renew')).toBeNull();
  });

  it.each([
    ['fr', 1, 'Expire dans 1 jour'], ['fr', 3, 'Expire dans 3 jours'], ['fr', 0, 'Se termine aujourd’hui'],
    ['fr', -2, 'Expirée depuis 2 jours'], ['en', 1, 'Expires in 1 day'], ['en', 3, 'Expires in 3 days'], ['en', 0, 'Ends today'],
    ['en', -1, 'Expired 1 day ago'], ['en', -2, 'Expired 2 days ago'], ['ar', 2, 'تنتهي خلال يومين'], ['ar', 3, 'تنتهي خلال 3 أيام'],
    ['ar', 11, 'تنتهي خلال 11 يومًا'], ['ar', -1, 'انتهت منذ يوم واحد'],
  ] as const)('says the days left as the server counted them (%s, %i)', async (language, daysLeft, text) => {
    await i18n.changeLanguage(language);
    try {
      calls = fakeFetch({ [LIST]: page([{ ...due, daysLeft }]) });
      mount();
      const row = (await screen.findByText('Télésurveillance IC')).closest('tr')!;
      expect(within(row).getByTestId('prescription-days-left').textContent).toBe(text);
    } finally {
      await i18n.changeLanguage('fr');
    }
  });

  it('says nothing of days left without an end date', async () => {
    calls = fakeFetch({ [LIST]: page([{ ...due, endDate: null, status: 'ONGOING', daysLeft: null }]) });
    mount();
    const row = (await screen.findByText('Télésurveillance IC')).closest('tr')!;
    expect(within(row).queryByTestId('prescription-days-left')).toBeNull();
  });
});
