// @vitest-environment happy-dom
/**
 * The dashboard's alerts block as a professional sees it (issue 11 §7), with the real i18n,
 * Mantine, router and the app's query cache, the API answered by a fake fetch and the live
 * connection by a fake EventSource: pending threshold alerts asked for, each with its level,
 * the patient linking to the batch's context and the value crossed; a live `alert.raised`
 * makes the open block show the new alert without reloading; one connection per tab, closed
 * with its last consumer; Arabic.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertRow } from '../../../schemas/alerts.ts';
import AlertsBlock from '../../../client/blocks/alerts/alerts-block.tsx';
import { DASHBOARD_BLOCKS } from '../../../client/blocks/alerts/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';
import { subscribeLive } from '../../../client/lib/live/live-events.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch } from './fake-fetch.ts';
import { isolated } from '../../../client/lib/i18n/quantity.ts';

const EST = '00000000-0000-4000-8000-0000000000e1';
const urgent = { id: '00000000-0000-4000-8000-0000000000a1', name: { fr: 'Urgence', en: 'Emergency', ar: 'طوارئ' }, rank: 1, colour: 'red' as const };
const weight = { id: '00000000-0000-4000-8000-0000000000a2', reference: 'weight', name: { fr: 'Poids', en: 'Weight', ar: 'الوزن' }, unitSymbol: 'kg', decimals: 1 };

function alertOf(n: number, firstName: string, lastName: string, value: number): AlertRow {
  const id = `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
  return {
    id, batchId: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`, kind: 'THRESHOLD', status: 'PENDING',
    raisedAt: '2026-11-23T08:30:00.000Z', level: urgent, indicator: weight,
    measure: { id: `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`, value, measuredAt: '2026-11-23T08:00:00.000Z', enteredValue: value, enteredUnit: 'kg' },
    operator: '>', threshold: 3, crossing: {}, alertStatus: null, systemStatus: null,
    patient: { id: `00000000-0000-4000-8000-0000000004${String(n).padStart(2, '0')}`, firstName, lastName, birthDate: null },
    patientFileId: `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`,
    service: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Cardiologie' },
    updatedAt: null, updatedBy: null, closedAt: null, closedBy: null,
  };
}

/** EventSource as the browser has it, driven by the test. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  url: string;
  constructor(url: string) { this.url = url; FakeEventSource.opened.push(this); }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]); }
  close() { this.closed = true; }
  emit(type: string, data: unknown) { for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) })); }
}

let alerts: AlertRow[];
let calls: ReturnType<typeof fakeFetch>;

function mount() {
  const router = createMemoryRouter([{
    path: '/s/0',
    element: (
      <Suspense fallback="loading texts">
        <AlertsBlock props={{ pageSize: 5 }} context={{ area: 'professional', structureId: EST, areaHref: '/s/0' }} />
      </Suspense>
    ),
  }], { initialEntries: ['/s/0'] });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider>
    </MantineProvider>,
  );
}

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(DASHBOARD_BLOCKS);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests();
  queryClient.clear();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  alerts = [alertOf(1, 'Camille', 'Martin', 72.5)];
  calls = fakeFetch({ [`GET /api/establishments/${EST}/alerts`]: () => ({ body: { data: alerts, totalItems: alerts.length, page: 1, pageSize: 5 } }) });
});
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); if (i18n.language !== 'fr') await switchLanguage('fr'); });

describe('the alerts block', () => {
  it('asks for the pending threshold alerts and shows each with its level, the patient linking to its context, and the value', async () => {
    mount();
    const link = await screen.findByRole('link', { name: 'Martin Camille' });
    expect(link.getAttribute('href')).toBe(`/s/0/alerts-batch/${alerts[0]!.batchId}`);
    expect(screen.getByText('Urgence')).toBeTruthy();
    expect(screen.getByText(`Poids : ${isolated('72,5 kg')}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir toutes les alertes' }).getAttribute('href')).toBe('/s/0/alerts');
    const asked = new URL(calls[0]!.url, 'http://x').searchParams;
    expect(asked.get('status')).toBe('PENDING');
    expect(asked.getAll('kinds')).toEqual(['THRESHOLD']);
    expect(asked.get('sort')).toBe('-raisedAt');
  });

  it('shows a new alert when the live event arrives, without reloading; one connection, closed with its last consumer', async () => {
    mount();
    await screen.findByRole('link', { name: 'Martin Camille' });
    const seen: unknown[] = [];
    const stopA = subscribeLive((e) => seen.push(e));
    const stopB = subscribeLive(() => {});
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0]!.url).toBe('/api/events');
    alerts = [alertOf(2, 'Yasmine', 'Haddad', 74.1), ...alerts];
    FakeEventSource.opened[0]!.emit('alert.raised', { type: 'alert.raised', batchId: alerts[0]!.batchId, patientFileId: alerts[0]!.patientFileId, serviceId: alerts[0]!.service.id, alertIds: [alerts[0]!.id], kinds: ['THRESHOLD'] });
    expect(await screen.findByRole('link', { name: 'Haddad Yasmine' })).toBeTruthy();
    expect(seen).toHaveLength(1);
    stopA();
    expect(FakeEventSource.opened[0]!.closed).toBe(false);
    stopB();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });

  it('reads in Arabic', async () => {
    await switchLanguage('ar');
    await i18n.loadNamespaces(DASHBOARD_BLOCKS);
    mount();
    expect(await screen.findByRole('heading', { name: 'التنبيهات المعلّقة' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('طوارئ')).toBeTruthy());
    expect(screen.getByText(`الوزن: ${isolated('72.5 kg')}`)).toBeTruthy();
  });
});
