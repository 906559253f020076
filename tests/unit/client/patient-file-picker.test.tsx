// @vitest-environment happy-dom
/**
 * The patient-file picker (issue 10 §5) as a professional uses it, with the real i18n, Mantine and
 * TanStack Query, the search answered by a fake fetch: results with name, birth date, service and
 * status; typing debounced into one search; a replaced search aborted; arrows and Enter pick; a
 * date, an identifier and names each searched as such; the empty and failed states (and retry);
 * Arabic.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PatientFileRow } from '../../../schemas/patient-file-search.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { PatientFilePicker } from '../../../client/lib/ui/patient-file-picker/patient-file-picker.tsx';
import { PATIENT_FILE_PICKER } from '../../../client/lib/ui/patient-file-picker/texts.ts';

const AZUR = '00000000-0000-4000-8000-0000000000a1';
const URL = `/api/establishments/${AZUR}/patient_files/search`;

const row = (n: number, patientName: string, patientBirthDate: string, service: string, status: PatientFileRow['status']): PatientFileRow => ({
  id: `00000000-0000-4000-8000-00000000010${n}`, status, createdAt: '2026-01-10T09:00:00.000Z', patientName, patientBirthDate,
  patientFirstName: patientName.split(' ')[0]!, patientLastName: patientName.split(' ')[1]!,
  service: { id: `00000000-0000-4000-8000-00000000020${n}`, name: service, establishment: { id: AZUR, name: 'CHU Azur' } },
});
const CAMILLE = row(1, 'Camille Martin', '1958-04-17', 'Cardiologie', 'OPEN');
const FATIMA = row(2, 'Fatima Benali', '1949-02-03', 'Chirurgie orthopédique', 'CLOSED');
const JOAO = row(3, 'João Ferreira', '1971-12-24', 'Cardiologie', 'AWAITING');
const page = (data: PatientFileRow[], totalItems = data.length) => ({ data, totalItems, page: 1, pageSize: 10 });

interface Sent { body: { filters?: Record<string, unknown>; pageSize?: number; sort?: string }; signal: AbortSignal | undefined }
let sent: Sent[];
/** Answers every search with `answer(body)`; a promise that never settles keeps the search pending until aborted. */
function serve(answer: (body: Sent['body'], n: number) => Response | Promise<Response>) {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url.split('?')[0] !== URL || init.method !== 'POST') return new Response(JSON.stringify({ code: 'route_not_found', message: 'x' }), { status: 404 });
    const body = JSON.parse(init.body as string) as Sent['body'];
    sent.push({ body, signal: init.signal ?? undefined });
    const signal = init.signal;
    const answered = answer(body, sent.length);
    // As a browser does: an aborted request rejects with an AbortError.
    return Promise.race([answered, new Promise<Response>((_, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })]);
  }));
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mount(onPick = vi.fn(), onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts"><PatientFilePicker opened onClose={onClose} establishmentId={AZUR} onPick={onPick} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onPick, onClose };
}
const box = () => screen.findByRole('combobox');
const options = () => within(screen.getByRole('listbox')).getAllByRole('option');

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(PATIENT_FILE_PICKER);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests();
});
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); if (i18n.language !== 'fr') await switchLanguage('fr'); });

describe('the patient-file picker', () => {
  it("shows each file's patient, birth date, service and status, and searches the structure's files by name", async () => {
    serve(() => json(page([CAMILLE, FATIMA, JOAO])));
    mount();
    expect(await screen.findByRole('dialog', { name: 'Ouvrir un dossier patient' })).toBeTruthy();
    await waitFor(() => expect(options()).toHaveLength(3));
    const [first, second] = options();
    expect(within(first!).getByText('Camille Martin')).toBeTruthy();
    expect(within(first!).getByText('Né(e) le 17/04/1958')).toBeTruthy();
    expect(within(first!).getByText('Cardiologie')).toBeTruthy();
    expect(within(second!).getByText('Chirurgie orthopédique')).toBeTruthy();
    expect(within(second!).getByText('Clôturé', { exact: false })).toBeTruthy();
    expect(sent[0]!.body).toEqual({ page: 1, pageSize: 10, sort: 'patientName', filters: {} });
  });

  it('waits for typing to pause: one search for what was typed last, not one per key', async () => {
    serve(() => json(page([CAMILLE])));
    mount();
    await waitFor(() => expect(sent).toHaveLength(1));
    const input = await box();
    for (const text of ['m', 'ma', 'mar', 'mart']) fireEvent.change(input, { target: { value: text } });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body.filters).toEqual({ text: 'mart' });
    // The words typed on the way were never sent.
    expect(sent.map((s) => s.body.filters)).toEqual([{}, { text: 'mart' }]);
  });

  it('aborts a search replaced by the next one', async () => {
    serve((body) => (body.filters?.text === 'cam' ? new Promise<Response>(() => {}) : json(page(body.filters?.text ? [CAMILLE] : [CAMILLE, FATIMA]))));
    mount();
    await waitFor(() => expect(options()).toHaveLength(2));
    const input = await box();
    fireEvent.change(input, { target: { value: 'cam' } });
    await waitFor(() => expect(sent.map((s) => s.body.filters)).toContainEqual({ text: 'cam' }));
    const slow = sent.find((s) => s.body.filters?.text === 'cam')!;
    expect(slow.signal?.aborted).toBe(false);
    fireEvent.change(input, { target: { value: 'camille' } });
    await waitFor(() => expect(slow.signal?.aborted).toBe(true));
    await waitFor(() => expect(options()).toHaveLength(1));
  });

  it('moves through the results with the arrows and picks with Enter, then closes', async () => {
    serve(() => json(page([CAMILLE, FATIMA, JOAO])));
    const { onPick, onClose } = mount();
    await waitFor(() => expect(options()).toHaveLength(3));
    const input = await box();
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(options()[2]!.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(options()[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(FATIMA);
    expect(onClose).toHaveBeenCalled();
  });

  it('picks with a click too', async () => {
    serve(() => json(page([CAMILLE, JOAO])));
    const { onPick } = mount();
    await waitFor(() => expect(options()).toHaveLength(2));
    fireEvent.click(within(options()[1]!).getByText('João Ferreira'));
    expect(onPick).toHaveBeenCalledWith(JOAO);
  });

  it.each([
    ['a birth date', '17/04/1958', { birthDate: '1958-04-17' }],
    ['an identifier', 'IPP-0048', { identifier: 'IPP-0048' }],
    ['names', '  Éloïse  Dupré ', { text: 'Éloïse  Dupré' }],
  ])('searches %s as such', async (_what, typed, filters) => {
    serve(() => json(page([])));
    mount();
    fireEvent.change(await box(), { target: { value: typed } });
    await waitFor(() => expect(sent.map((s) => s.body.filters)).toContainEqual(filters));
  });

  it('says when nothing matches, and when the search failed (with a retry that searches again)', async () => {
    let fail = true;
    serve((body) => (body.filters?.text === 'zz'
      ? json(page([]))
      : fail ? json({ code: 'internal_error', message: 'Erreur interne' }, 500) : json(page([CAMILLE]))));
    mount();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('La recherche a échoué : Erreur interne')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(options()).toHaveLength(1));
    fireEvent.change(await box(), { target: { value: 'zz' } });
    expect(await screen.findByText('Aucun dossier ne correspond à cette recherche.')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('speaks Arabic', async () => {
    await switchLanguage('ar');
    await i18n.loadNamespaces(PATIENT_FILE_PICKER);
    serve(() => json(page([CAMILLE])));
    mount();
    expect(await screen.findByRole('dialog', { name: 'فتح ملف مريض' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'البحث عن مريض' })).toBeTruthy();
    await waitFor(() => expect(options()).toHaveLength(1));
  });
});
