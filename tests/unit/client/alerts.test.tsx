// @vitest-environment happy-dom
/**
 * The alerts screens as a professional uses them (issue 11 §4), in a DOM with the real i18n,
 * Mantine, TanStack Query and react-router, the API answered by a fake fetch: the list's filters
 * come from the address and go to the server (pending by default), the level is a badge in its
 * alert colour, an empty answer says so; on a batch's context, a status and a comment are sent as
 * chosen and typed (nothing preselected), a close asks first, and a closed alert says who closed it.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertRow } from '../../../schemas/alerts.ts';
import { AlertsPage } from '../../../client/features/alerts/alerts-page.tsx';
import { AlertActions } from '../../../client/features/alerts/alert-actions.tsx';
import { ALERTS } from '../../../client/features/alerts/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { AREA_ROUTE_IDS } from '../../../client/lib/areas.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';
import { isolated } from '../../../client/lib/i18n/quantity.ts';

const EST = '00000000-0000-4000-8000-0000000000e1';
const CARDIO = '00000000-0000-4000-8000-0000000000a1';
const URGENT = '00000000-0000-4000-8000-0000000000d1';
const ALERT = '00000000-0000-4000-8000-0000000000c1';
const CALLED = '00000000-0000-4000-8000-0000000000b1';
const FALSE_ALARM = '00000000-0000-4000-8000-0000000000b2';
const structure = { id: EST, identifier: 'chu-azur', name: 'CHU Azur', professionalDirectoryEnabled: false,
  services: [{ id: CARDIO, name: 'Cardiologie' }, { id: '00000000-0000-4000-8000-0000000000a2', name: 'Chirurgie orthopédique' }] };

const row: AlertRow = {
  id: ALERT, batchId: '00000000-0000-4000-8000-0000000000f9', kind: 'THRESHOLD', status: 'PENDING', raisedAt: '2026-03-29T08:00:00.000Z',
  level: { id: URGENT, name: { fr: 'Urgence' }, rank: 1, colour: 'red' },
  indicator: { id: '00000000-0000-4000-8000-0000000000f1', reference: 'systolic', name: { fr: 'Pression artérielle systolique' }, unitSymbol: 'mmHg', decimals: 0 },
  measure: { id: '00000000-0000-4000-8000-0000000000f2', value: 185, measuredAt: '2026-03-29T07:55:00.000Z', enteredValue: 185, enteredUnit: 'mm[Hg]' },
  operator: '>=', threshold: 180, crossing: {}, alertStatus: null, systemStatus: null,
  patient: { id: '00000000-0000-4000-8000-0000000000p1'.replace('p', '0'), firstName: 'Camille', lastName: 'Martin', birthDate: '1958-04-17' },
  patientFileId: '00000000-0000-4000-8000-0000000000f3', service: { id: CARDIO, name: 'Cardiologie' },
  updatedAt: null, updatedBy: null, closedAt: null, closedBy: null,
};
const statuses = [
  { id: CALLED, establishmentId: EST, name: { fr: 'Patient appelé' }, closesAlert: false },
  { id: FALSE_ALARM, establishmentId: EST, name: { fr: 'Fausse alerte' }, closesAlert: true },
];

let calls: ReturnType<typeof fakeFetch>;
function serve(alerts: AlertRow[], extra: Record<string, FakeAnswer | (() => FakeAnswer)> = {}) {
  calls = fakeFetch({
    [`GET /api/establishments/${EST}/alerts`]: { body: { data: alerts, totalItems: alerts.length, page: 1, pageSize: 15 } },
    [`GET /api/establishments/${EST}/intervention_levels`]: { body: [{ id: URGENT, establishmentId: EST, name: { fr: 'Urgence' }, rank: 1, colour: 'red', inUse: true }] },
    ...extra,
  });
}
const listCalls = () => calls.filter((c) => c.url.startsWith(`/api/establishments/${EST}/alerts`)).map((c) => new URL(c.url, 'http://x').searchParams);

function mount(page: ReactNode, address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{
    id: AREA_ROUTE_IDS.structure, path: '/s/:structureIndex', loader: () => ({ index: 0, structure }), children: [{ path: 'alerts', element: page }],
  }], { initialEntries: [address], hydrationData: { loaderData: { [AREA_ROUTE_IDS.structure]: { index: 0, structure } } } });
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
  await i18n.loadNamespaces(ALERTS);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests();
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('the alerts list', () => {
  it('asks for the pending alerts by default and shows the level as a badge in its alert colour, the value and the threshold crossed', async () => {
    serve([row]);
    mount(<AlertsPage />, '/s/0/alerts');
    const table = await screen.findByRole('table');
    const badge = await within(table).findByText('Urgence');
    expect(badge.closest('[data-colour]')?.getAttribute('data-colour')).toBe('red');
    expect(within(table).getByText('Camille Martin')).toBeTruthy();
    expect(within(table).getByText(`Pression artérielle systolique ${isolated('≥ 180 mmHg')}`)).toBeTruthy();
    expect(within(table).getByText(isolated('185 mmHg'))).toBeTruthy();
    const sent = listCalls().at(-1)!;
    expect(sent.get('status')).toBe('PENDING');
    expect(sent.get('sort')).toBe('-raisedAt');
  });

  it('says when a late value was measured (more than an hour before it arrived), and only then', async () => {
    const late = { ...row, id: '00000000-0000-4000-8000-0000000000c2', measure: { ...row.measure!, id: '00000000-0000-4000-8000-0000000000f4', measuredAt: '2026-03-27T06:30:00.000Z' } };
    serve([row, late]);
    mount(<AlertsPage />, '/s/0/alerts');
    const table = await screen.findByRole('table');
    await within(table).findAllByText(isolated('185 mmHg'));
    const said = within(table).getAllByText(/^Mesurée le /);
    expect(said).toHaveLength(1);
    expect(said[0]!.textContent).toMatch(/^Mesurée le 27 mars 2026/);
  });

  it('sends the filters of the address (closed, a level, a service, a patient, a period) and says when nothing matches', async () => {
    serve([]);
    mount(<AlertsPage />, `/s/0/alerts?status=CLOSED&level=${URGENT}&service=${CARDIO}&patient=martin&from=2026-03-29&to=2026-03-30`);
    expect(await screen.findByText('Aucune alerte ne correspond à ces filtres.', {}, { timeout: 10_000 })).toBeTruthy();
    const sent = listCalls().at(-1)!;
    expect(Object.fromEntries(sent)).toMatchObject({ status: 'CLOSED', levelIds: URGENT, serviceIds: CARDIO, patient: 'martin', from: '2026-03-29', to: '2026-03-30' });
  });

  it('asks for both states with "Toutes"', async () => {
    serve([row]);
    mount(<AlertsPage />, '/s/0/alerts?status=ALL');
    await screen.findByRole('table');
    expect(listCalls().at(-1)!.has('status')).toBe(false);
  });
});

describe('the actions on an alert', () => {
  it('sends the status chosen and the comment as typed, nothing preselected', async () => {
    serve([], { [`PUT /api/alerts/${ALERT}`]: { body: { ...row, comment: '  Rappel\ndemain ' } } });
    mount(<AlertActions alert={row} statuses={statuses} fileOpen />, '/s/0/alerts');
    const select = (await screen.findAllByLabelText("Statut de l'alerte")).find((e) => e.tagName === 'INPUT')!;
    expect((select as HTMLInputElement).value).toBe('');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Patient appelé', hidden: true }, { timeout: 10_000 }));
    fireEvent.change(screen.getByRole('textbox', { name: /Commentaire/ }), { target: { value: '  Rappel\ndemain ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Alerte mise à jour.', {}, { timeout: 10_000 })).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({ alertStatusId: CALLED, comment: '  Rappel\ndemain ' });
  });

  it("checks the comment with the server's text-area rule before sending: too short or blank is said on its field, nothing sent (issue 18)", async () => {
    serve([], { [`PUT /api/alerts/${ALERT}`]: { body: row } });
    mount(<AlertActions alert={row} statuses={statuses} fileOpen />, '/s/0/alerts');
    const comment = await screen.findByRole('textbox', { name: /Commentaire/ });
    fireEvent.change(comment, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('2 caractères au moins.')).toBeTruthy();
    fireEvent.change(comment, { target: { value: '   ' } });
    expect(await screen.findByText('Ce champ est obligatoire')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Clôturer l'alerte" }));
    fireEvent.click(await screen.findByRole('button', { name: 'Clôturer' }));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('closes only after confirming, shows the server message on its field, and a closed alert says who closed it', async () => {
    serve([], { [`POST /api/alerts/${ALERT}/close`]: { status: 400, body: { code: 'value_too_short', message: 'Au moins 2 caractères.', field: 'body.comment' } } });
    mount(<AlertActions alert={row} statuses={statuses} fileOpen />, '/s/0/alerts');
    fireEvent.change(await screen.findByRole('textbox', { name: /Commentaire/ }), { target: { value: 'Rappel' } });
    fireEvent.click(screen.getByRole('button', { name: "Clôturer l'alerte" }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Clôturer' }));
    expect(await screen.findByText('Au moins 2 caractères.', {}, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    mount(<AlertActions alert={{ ...row, status: 'CLOSED', closedAt: '2026-03-29T09:00:00.000Z', closedBy: { id: ALERT, name: 'Claire Dubois' } }} statuses={statuses} fileOpen />, '/s/0/alerts');
    const closed = (await screen.findByTestId(`alert-closed-${ALERT}`)).textContent ?? '';
    expect(closed).toMatch(/^Clôturée le 29 mars 2026 à 11:00 par Claire Dubois$/);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });
});
