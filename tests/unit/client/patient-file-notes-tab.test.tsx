// @vitest-environment happy-dom
/**
 * The Notes tab as a professional uses it (issue 10 §4 "Notes"), with the real i18n, Mantine and
 * TanStack Query, the API answered by a fake fetch: notes with author, date, edited mark and their
 * line breaks; add (the text rule said on the field before sending, the text sent as typed);
 * edit one's own only; archive only after a confirmation; the archived switch asks for all
 * notes; a server refusal shown on the field; a closed file read-only; Arabic.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import type { Note } from '../../../schemas/notes.ts';
import { NotesTab } from '../../../client/features/patient-file-notes/notes-tab.tsx';
import { PATIENT_FILE_NOTES } from '../../../client/features/patient-file-notes/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';

vi.mock('../../../client/lib/notify.ts', () => ({ notify: vi.fn(async () => {}) }));

const FILE = '00000000-0000-4000-8000-0000000000f1';
const MINE = '00000000-0000-4000-8000-0000000000c1';
const THEIRS = '00000000-0000-4000-8000-0000000000c2';
const ARCHIVED = '00000000-0000-4000-8000-0000000000c3';
const claire = { id: '00000000-0000-4000-8000-0000000000d1', firstName: 'Claire', lastName: 'Dubois' };
const hugo = { id: '00000000-0000-4000-8000-0000000000d2', firstName: 'Hugo', lastName: 'Lefèvre' };

const mine: Note = {
  id: MINE, patientFileId: FILE, text: 'Tension 14/9.\nÀ revoir dans 8 jours', author: claire, createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T09:00:00.000Z', archivedAt: null, editable: true,
};
const theirs: Note = { id: THEIRS, patientFileId: FILE, text: 'Appel au patient', author: hugo, createdAt: '2026-11-21T08:00:00.000Z', updatedAt: null, archivedAt: null, editable: false };
const archived: Note = { ...theirs, id: ARCHIVED, text: 'Ancienne note', archivedAt: '2026-11-22T10:00:00.000Z', archivedBy: claire };

const file = (status: 'OPEN' | 'CLOSED' = 'OPEN') => ({ id: FILE, status }) as unknown as PatientFileSummary;
const page = (data: Note[]) => ({ body: { data, totalItems: data.length, page: 1, pageSize: 10 } });

let calls: ReturnType<typeof fakeFetch>;
function serve(extra: Record<string, FakeAnswer | (() => FakeAnswer)> = {}) {
  calls = fakeFetch({
    [`GET /api/patient_files/${FILE}/notes`]: () => {
      const last = calls.at(-1)!;
      return page(new URL(last.url, 'http://x').searchParams.get('archived') === 'all' ? [mine, theirs, archived] : [mine, theirs]);
    },
    ...extra,
  });
}
const sent = (method: string) => calls.filter((c) => c.method === method).map((c) => ({ url: c.url.split('?')[0], body: c.body && JSON.parse(c.body) }));

function mount(status: 'OPEN' | 'CLOSED' = 'OPEN') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts"><NotesTab file={file(status)} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
const item = async (text: string | RegExp) => (await screen.findByText(text)).closest('li')!;

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(PATIENT_FILE_NOTES);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests({ id: claire.id, firstName: 'Claire', lastName: 'Dubois' });
});
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); if (i18n.language !== 'fr') await switchLanguage('fr'); });

describe('the Notes tab', () => {
  it('lists notes with their author, an edited mark, and their line breaks; only one\'s own note can be edited', async () => {
    serve();
    mount();
    const own = await item(/Tension 14\/9/);
    expect(within(own).getByText('Claire Dubois')).toBeTruthy();
    expect(within(own).getByText('modifiée')).toBeTruthy();
    expect(within(own).getByText(/Tension/).textContent).toBe('Tension 14/9.\nÀ revoir dans 8 jours');
    expect((within(own).getByText(/Tension/) as HTMLElement).style.whiteSpace).toBe('pre-wrap');
    expect(within(own).getByRole('button', { name: 'Modifier' })).toBeTruthy();
    const other = await item('Appel au patient');
    expect(within(other).queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(within(other).getByRole('button', { name: 'Archiver' })).toBeTruthy();
    expect(within(other).queryByText('modifiée')).toBeNull();
  });

  it('says the text rule on the field before sending, then sends the text exactly as typed', async () => {
    serve({ [`POST /api/patient_files/${FILE}/notes`]: { status: 201, body: { ...mine, id: '00000000-0000-4000-8000-0000000000c9', text: '  a\n b ' } } });
    mount();
    await item(/Tension/);
    const area = screen.getByRole('textbox', { name: 'Nouvelle note' });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter la note' }));
    expect(await screen.findByText('Ce champ est obligatoire')).toBeTruthy();
    fireEvent.change(area, { target: { value: ' a ' } });
    expect(await screen.findByText('2 caractères au moins.')).toBeTruthy();
    fireEvent.change(area, { target: { value: 'x'.repeat(501) } });
    expect(await screen.findByText('500 caractères au plus.')).toBeTruthy();
    expect(screen.getByText('501 / 500 caractères')).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    fireEvent.change(area, { target: { value: '  a\n b ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter la note' }));
    await waitFor(() => expect(sent('POST')).toEqual([{ url: `/api/patient_files/${FILE}/notes`, body: { text: '  a\n b ' } }]));
    expect(await screen.findByText('Note ajoutée.')).toBeTruthy();
    expect((area as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the server\'s refusal of the text on the field', async () => {
    serve({ [`POST /api/patient_files/${FILE}/notes`]: { status: 400, body: { code: 'value_too_long', message: '500 caractères au plus (serveur).', field: 'body.text' } } });
    mount();
    await item(/Tension/);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nouvelle note' }), { target: { value: 'Une note' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter la note' }));
    expect(await screen.findByText('500 caractères au plus (serveur).')).toBeTruthy();
  });

  it('edits one\'s own note in place and sends the new text', async () => {
    serve({ [`PUT /api/patient_files/${FILE}/notes/${MINE}`]: { body: { ...mine, text: 'Revue' } } });
    mount();
    fireEvent.click(within(await item(/Tension/)).getByRole('button', { name: 'Modifier' }));
    const area = screen.getByRole('textbox', { name: 'Texte de la note' });
    expect((area as HTMLTextAreaElement).value).toBe(mine.text);
    fireEvent.change(area, { target: { value: 'Revue\nligne 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent('PUT')).toEqual([{ url: `/api/patient_files/${FILE}/notes/${MINE}`, body: { text: 'Revue\nligne 2' } }]));
    expect(await screen.findByText('Note modifiée.')).toBeTruthy();
  });

  it('archives only after a confirmation', async () => {
    serve({ [`PUT /api/patient_files/${FILE}/notes/${THEIRS}/archive`]: { body: { ...theirs, archivedAt: '2026-11-23T08:00:00.000Z' } } });
    mount();
    fireEvent.click(within(await item('Appel au patient')).getByRole('button', { name: 'Archiver' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Annuler' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('PUT')).toEqual([]);

    fireEvent.click(within(await item('Appel au patient')).getByRole('button', { name: 'Archiver' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/restera consultable/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archiver' }));
    await waitFor(() => expect(sent('PUT').map((c) => c.url)).toEqual([`/api/patient_files/${FILE}/notes/${THEIRS}/archive`]));
    expect(await screen.findByText('Note archivée.')).toBeTruthy();
  });

  it('shows the archived notes too when asked, marked and without actions', async () => {
    serve();
    mount();
    await item(/Tension/);
    expect(screen.queryByText('Ancienne note')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Afficher aussi les notes archivées' }));
    const old = await item('Ancienne note');
    expect(within(old).getByText(/Archivée par Claire Dubois/)).toBeTruthy();
    expect(within(old).queryAllByRole('button')).toEqual([]);
    expect(calls.filter((c) => c.method === 'GET').map((c) => new URL(c.url, 'http://x').searchParams.get('archived'))).toEqual(['false', 'all']);
  });

  it('shows a closed file read-only', async () => {
    serve();
    mount('CLOSED');
    const own = await item(/Tension/);
    expect(screen.getByText(/Ce dossier est clôturé/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(within(own).queryAllByRole('button')).toEqual([]);
  });

  it('speaks Arabic', async () => {
    await switchLanguage('ar');
    await i18n.loadNamespaces(PATIENT_FILE_NOTES);
    serve();
    mount();
    const own = await item(/Tension/);
    expect(within(own).getByText('معدّلة')).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'تعديل' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إضافة الملاحظة' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'إضافة الملاحظة' }));
    expect(await screen.findByText('هذا الحقل إلزامي')).toBeTruthy();
  });
});
