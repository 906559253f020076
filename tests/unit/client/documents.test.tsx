// @vitest-environment happy-dom
/**
 * The documents screens (issue 20 §1) with the real i18n, Mantine, router and TanStack Query, the
 * API answered by a fake fetch and, for the uploads (which report their progress), a fake
 * XMLHttpRequest: adding a document sends each chosen file at once and shows idle → sending with
 * its progress → sent, or failed with retry, then makes one document per file; the file's tab
 * asks the server for the chosen type and state; a professional acknowledges a waiting document and reads
 * by whom, and marks one entered in error with a reason.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PatientDocument } from '../../../schemas/documents.ts';
import { Component as AddDocumentPage } from '../../../client/features/documents/document-add-page.tsx';
import { DocumentsTab } from '../../../client/features/documents/documents-tab.tsx';
import { Component as FileDocumentPage } from '../../../client/features/documents/patient-file-document-page.tsx';
import { Component as MyDocumentPage } from '../../../client/features/documents/document-page.tsx';
import { DOCUMENTS } from '../../../client/features/documents/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { AREA_ROUTE_IDS } from '../../../client/lib/areas.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';

vi.mock('../../../client/lib/notify.ts', () => ({ notify: vi.fn(async () => {}) }));

const FILE = '00000000-0000-4000-8000-0000000000f1';
const DOC = '00000000-0000-4000-8000-0000000000d1';
const camille = { id: '00000000-0000-4000-8000-0000000000a1', firstName: 'Camille', lastName: 'Martin' };
const claire = { id: '00000000-0000-4000-8000-0000000000a2', firstName: 'Claire', lastName: 'Dubois' };
const waiting: PatientDocument = {
  id: DOC, patientFileId: FILE, type: 'ANALYSIS_RESULTS', title: 'Prise de sang', description: null,
  file: { id: '00000000-0000-4000-8000-0000000000e1', name: 'bilan.pdf', mimeType: 'application/pdf', size: 2048 }, externalUrl: null,
  startDate: null, endDate: null, reminderDate: null, visibleToPatient: true, visibleToCaregivers: false, providedAsCaregiver: false,
  source: 'patient', createdBy: camille, createdAt: '2026-11-20T08:00:00.000Z', acknowledgement: { status: 'WAITING', at: null }, excludedAt: null, enteredInError: null,
};
const acknowledged: PatientDocument = { ...waiting, acknowledgement: { status: 'ACKNOWLEDGED', at: '2026-11-21T09:30:00.000Z', by: claire } };

let calls: ReturnType<typeof fakeFetch>;
const sent = (method: string) => calls.filter((c) => c.method === method).map((c) => ({ url: c.url.split('?')[0], body: c.body && JSON.parse(c.body) }));

/** An upload in flight: the test reports its progress and answers it. */
class FakeXhr {
  static pending: FakeXhr[] = [];
  url = '';
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) { this.url = url; }
  setRequestHeader() {}
  getResponseHeader() { return null; }
  abort() { this.onabort?.(); }
  send() { FakeXhr.pending.push(this); }
  progress(fraction: number) { act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 })); }
  answer(status: number, body: unknown) {
    act(() => { this.status = status; this.responseText = JSON.stringify(body); this.onload?.(); });
  }
}

function mount(routes: RouteObject[], address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [address] });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts"><RouterProvider router={router} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
const area = (id: string, path: string, data: object, children: { path: string; element: ReactNode }[]): RouteObject[] =>
  [{ id, path, loader: () => data, children, hydrateFallbackElement: <span /> }];

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(DOCUMENTS);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests(claire);
  FakeXhr.pending = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('adding a document', () => {
  it('sends each file at once with its progress; a failed one is retried; each sent file makes a document', async () => {
    let prepared = 0;
    calls = fakeFetch({
      'POST /api/files/prepare': () => ({ body: { id: `00000000-0000-4000-8000-00000000010${++prepared}`, name: 'x' } }),
      [`POST /api/patient_files/${FILE}/documents`]: { status: 201, body: waiting },
    });
    const router = mount(area(AREA_ROUTE_IDS.patient, '/p/:patientFileIndex', { index: 0, patientFile: { id: FILE, status: 'OPEN' } }, [
      { path: 'documents/add', element: <AddDocumentPage /> },
      { path: 'documents', element: <p>la liste</p> },
    ]), '/p/0/documents/add');

    // Nothing chosen: said on the fields, nothing sent.
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter' }));
    expect((await screen.findAllByText('Ce champ est obligatoire')).length).toBe(2);
    expect(screen.getByText('Choisissez un fichier, ou donnez un lien.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('document-title'), { target: { value: 'Bilans' } });
    fireEvent.click((await screen.findAllByLabelText(/^Type/)).find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Résultats d’analyses', hidden: true }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const files = [new File(['%PDF-1'], 'un.pdf', { type: 'application/pdf' }), new File(['%PDF-2'], 'deux.pdf', { type: 'application/pdf' })];
    fireEvent.change(input, { target: { files } });
    await waitFor(() => expect(FakeXhr.pending.length).toBe(2));
    const [first, second] = FakeXhr.pending as [FakeXhr, FakeXhr];
    expect(first.url).toMatch(/^\/api\/files\/00000000-0000-4000-8000-000000000101\/upload/);
    const rows = () => screen.getAllByTestId('upload-row');
    first.progress(0.5);
    expect(within(rows()[0]!).getByText('Envoi… 50 %')).toBeTruthy();
    first.answer(200, { id: 'ignored' });
    second.answer(500, { code: 'unknown_error', message: 'Une erreur est survenue' });
    await waitFor(() => expect(rows().map((r) => r.dataset.state)).toEqual(['uploaded', 'failed']));
    expect(within(rows()[1]!).getByText('Échec : Une erreur est survenue')).toBeTruthy();

    // A failed file in the queue: not sent yet.
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Attendez que chaque fichier soit envoyé, ou retirez ceux en échec.')).toBeTruthy();
    expect(sent('POST').filter((c) => c.url?.endsWith('/documents'))).toEqual([]);

    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(FakeXhr.pending.length).toBe(3));
    FakeXhr.pending[2]!.answer(200, {});
    await waitFor(() => expect(rows().map((r) => r.dataset.state)).toEqual(['uploaded', 'uploaded']));

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/0/documents'));
    const common = { title: 'Bilans', description: null, type: 'ANALYSIS_RESULTS', startDate: null, endDate: null, reminderDate: null, visibleToCaregivers: false };
    expect(sent('POST').filter((c) => c.url?.endsWith('/documents'))).toEqual([
      { url: `/api/patient_files/${FILE}/documents`, body: { ...common, fileId: '00000000-0000-4000-8000-000000000101' } },
      { url: `/api/patient_files/${FILE}/documents`, body: { ...common, fileId: '00000000-0000-4000-8000-000000000103' } },
    ]);
  });

  it("puts the server's refusal on its field", async () => {
    calls = fakeFetch({
      [`POST /api/patient_files/${FILE}/documents`]: { status: 400, body: { code: 'end_date_before_start', message: 'La fin doit suivre le début (serveur).', field: 'body.endDate' } },
    });
    mount(area(AREA_ROUTE_IDS.patient, '/p/:patientFileIndex', { index: 0, patientFile: { id: FILE, status: 'OPEN' } }, [
      { path: 'documents/add', element: <AddDocumentPage /> },
    ]), '/p/0/documents/add');
    fireEvent.change(await screen.findByTestId('document-title'), { target: { value: 'Vidéo' } });
    fireEvent.click((await screen.findAllByLabelText(/^Type/)).find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Autre', hidden: true }));
    fireEvent.click(screen.getByRole('radio', { name: 'Un lien' }));
    fireEvent.change(await screen.findByTestId('document-link'), { target: { value: 'https://example.org/v' } });
    fireEvent.change(screen.getByLabelText(/^Date de début/), { target: { value: '10/01/2026' } });
    fireEvent.change(screen.getByLabelText(/^Date de fin/), { target: { value: '01/01/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('La fin doit suivre le début (serveur).')).toBeTruthy();
    expect(sent('POST')[0]!.body).toMatchObject({ externalUrl: 'https://example.org/v', startDate: '2026-01-10', endDate: '2026-01-01' });
  });
});

describe("the file's documents for a professional", () => {
  it('the tab lists the documents and asks the server for the chosen type and state', async () => {
    calls = fakeFetch({ [`GET /api/patient_files/${FILE}/documents`]: { body: { data: [waiting], totalItems: 1, page: 1, pageSize: 15 } } });
    mount([{ path: '/documents', element: <DocumentsTab file={{ id: FILE }} structureIndex={0} /> }], '/documents');
    const row = (await screen.findByText('Prise de sang')).closest('tr')!;
    expect(within(row).getByText('Résultats d’analyses')).toBeTruthy();
    expect(within(row).getByText('En attente')).toBeTruthy();
    fireEvent.click((await screen.findAllByLabelText('Type de document')).find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Imagerie', hidden: true }));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('type=IMAGING'));
    expect(calls.at(-1)!.url).not.toContain('state=');
    fireEvent.click((await screen.findAllByLabelText('Affichés')).find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Saisis par erreur', hidden: true }));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('state=entered_in_error'));
  });

  function mountDocument() {
    return mount(area(AREA_ROUTE_IDS.structure, '/s/:structureIndex', { index: 0, structure: {} }, [
      { path: 'patient-file/:patientFileId/documents/:documentId', element: <FileDocumentPage /> },
    ]), `/s/0/patient-file/${FILE}/documents/${DOC}`);
  }

  it('acknowledges a waiting document, then says by whom', async () => {
    let current = waiting;
    calls = fakeFetch({
      [`GET /api/documents/${DOC}`]: () => ({ body: current }),
      [`POST /api/documents/${DOC}/acquit`]: () => { current = acknowledged; return { body: acknowledged }; },
    });
    mountDocument();
    expect((await screen.findByTestId('document-acknowledgement')).textContent).toBe('En attente de prise de connaissance par un professionnel');
    expect(screen.getByTestId('document-open').getAttribute('href')).toBe(`/api/documents/${DOC}/stream?l=fr`);
    fireEvent.click(screen.getByRole('button', { name: 'Prendre connaissance' }));
    await waitFor(() => expect(screen.getByTestId('document-acknowledgement').textContent).toMatch(/^Pris en compte par Claire Dubois le 21\/11\/2026/));
    expect(sent('POST').map((c) => c.url)).toEqual([`/api/documents/${DOC}/acquit`]);
    expect(screen.queryByRole('button', { name: 'Prendre connaissance' })).toBeNull();
  });

  it('marks a document entered in error with a reason', async () => {
    let current = acknowledged;
    calls = fakeFetch({
      [`GET /api/documents/${DOC}`]: () => ({ body: current }),
      [`DELETE /api/documents/${DOC}`]: () => {
        current = { ...acknowledged, enteredInError: { at: '2026-11-22T10:00:00.000Z', by: claire, reason: 'Mauvais patient' } };
        return { body: current } satisfies FakeAnswer;
      },
    });
    mountDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Signaler une saisie par erreur' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motif/ }), { target: { value: 'Mauvais patient' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Signaler la saisie par erreur' }));
    await waitFor(() => expect(sent('DELETE')).toEqual([{ url: `/api/documents/${DOC}`, body: { reason: 'Mauvais patient' } }]));
    expect(await screen.findByText(/Saisi par erreur, signalé par Claire Dubois le 22\/11\/2026.*: Mauvais patient/)).toBeTruthy();
  });

  it('excludes a document once confirmed, then restores it; a refusal is said in the dialog', async () => {
    let current = acknowledged;
    let refuse = true;
    calls = fakeFetch({
      [`GET /api/documents/${DOC}`]: () => ({ body: current }),
      [`PUT /api/documents/${DOC}/exclude`]: () => {
        if (refuse) { refuse = false; return { status: 409, body: { code: 'patient_file_closed', message: 'Le dossier est clos (serveur).' } }; }
        current = { ...acknowledged, excludedAt: '2026-11-23T10:00:00.000Z' };
        return { body: current };
      },
      [`PUT /api/documents/${DOC}/restore`]: () => { current = acknowledged; return { body: current }; },
    });
    mountDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Exclure' }));
    // Nothing sent before the confirmation.
    let dialog = await screen.findByRole('dialog');
    expect(sent('PUT')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exclure' }));
    expect(await within(dialog).findByText(/Le dossier est clos \(serveur\)\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exclure' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('document-excluded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rétablir' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rétablir' }));
    await waitFor(() => expect(screen.queryByTestId('document-excluded')).toBeNull());
    expect(sent('PUT').map((c) => c.url)).toEqual([`/api/documents/${DOC}/exclude`, `/api/documents/${DOC}/exclude`, `/api/documents/${DOC}/restore`]);
  });

  it('edits a document with the add form\'s fields, sending only what changed; a refusal lands on its field', async () => {
    let current: PatientDocument = { ...acknowledged, startDate: '2026-01-10', endDate: '2026-03-10' };
    let refuse = true;
    calls = fakeFetch({
      [`GET /api/documents/${DOC}`]: () => ({ body: current }),
      [`PATCH /api/documents/${DOC}`]: () => {
        if (refuse) { refuse = false; return { status: 400, body: { code: 'end_date_before_start', message: 'La fin doit suivre le début (serveur).', field: 'body.endDate' } }; }
        current = { ...current, title: 'Bilan de janvier', endDate: '2026-04-10' };
        return { body: current };
      },
    });
    mountDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^Date de fin/) as HTMLInputElement).value).toBe('10/03/2026');
    // Nothing changed: nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Rien n’a changé.')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('document-title'), { target: { value: 'Bilan de janvier' } });
    fireEvent.change(within(dialog).getByLabelText(/^Date de fin/), { target: { value: '10/04/2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('La fin doit suivre le début (serveur).')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Bilan de janvier' })).toBeTruthy();
    expect(sent('PATCH')).toEqual([
      { url: `/api/documents/${DOC}`, body: { title: 'Bilan de janvier', endDate: '2026-04-10' } },
      { url: `/api/documents/${DOC}`, body: { title: 'Bilan de janvier', endDate: '2026-04-10' } },
    ]);
  });

  it('asks for the reason before sending anything', async () => {
    calls = fakeFetch({ [`GET /api/documents/${DOC}`]: { body: acknowledged } });
    mountDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Signaler une saisie par erreur' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Signaler la saisie par erreur' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire')).toBeTruthy();
    expect(sent('DELETE')).toEqual([]);
  });

  it('offers nothing on a document entered in error', async () => {
    calls = fakeFetch({ [`GET /api/documents/${DOC}`]: { body: { ...acknowledged, enteredInError: { at: '2026-11-22T10:00:00.000Z', by: claire, reason: 'Doublon' } } } });
    mountDocument();
    expect(await screen.findByText(/Doublon/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Exclure' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Signaler une saisie par erreur' })).toBeNull();
  });
});

describe("a document on the patient's side", () => {
  function mountMine() {
    return mount(area(AREA_ROUTE_IDS.patient, '/p/:patientFileIndex', { index: 0, patientFile: { id: FILE, status: 'OPEN' } }, [
      { path: 'documents/:documentId', element: <MyDocumentPage /> },
      { path: 'documents', element: <p>la liste</p> },
    ]), `/p/0/documents/${DOC}`);
  }

  it('whoever added it marks it entered in error, then is back on the list', async () => {
    signInProfessionalForTests(camille);
    calls = fakeFetch({
      [`GET /api/documents/${DOC}`]: { body: waiting },
      [`DELETE /api/documents/${DOC}`]: { body: { ...waiting, enteredInError: { at: '2026-11-22T10:00:00.000Z', by: camille, reason: 'Mauvais fichier' } } },
    });
    const router = mountMine();
    fireEvent.click(await screen.findByRole('button', { name: 'Signaler une saisie par erreur' }));
    // The patient neither acknowledges nor excludes.
    expect(screen.queryByRole('button', { name: 'Exclure' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Prendre connaissance' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motif/ }), { target: { value: 'Mauvais fichier' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Signaler la saisie par erreur' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/0/documents'));
    expect(sent('DELETE')).toEqual([{ url: `/api/documents/${DOC}`, body: { reason: 'Mauvais fichier' } }]);
  });

  it("offers nothing on a document someone else added", async () => {
    signInProfessionalForTests({ id: '00000000-0000-4000-8000-0000000000a9' });
    calls = fakeFetch({ [`GET /api/documents/${DOC}`]: { body: waiting } });
    mountMine();
    expect(await screen.findByTestId('document-screen')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Signaler une saisie par erreur' })).toBeNull();
  });
});
