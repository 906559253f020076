// @vitest-environment happy-dom
/**
 * The messenger (issue 20 §4) with the real i18n, Mantine, router and TanStack Query, the API
 * answered by a fake fetch: a send that fails keeps the typed text and says why, and the retry
 * sends the same Idempotency-Key; a withdrawn attachment reads "no longer available"; the
 * author withdraws hers with a reason and a refusal is said in the dialog; what others wrote is
 * marked read once shown; a closed file is read only; the patient navigation's My Messenger
 * carries the file's unread count, and the patient home's "To read" says it.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, MessagePage } from '../../../schemas/messages.ts';
import { PatientLayout } from '../../../client/app/layouts/patient-layout.tsx';
import { Component as MessagesPage } from '../../../client/features/messages/messages-page.tsx';
import { MessagesTab } from '../../../client/features/messages/messages-tab.tsx';
import { MESSAGES } from '../../../client/features/messages/texts.ts';
import { loadRuntimeConfig } from '../../../client/lib/config.ts';
import DocumentsMessagingBlock from '../../../client/blocks/documents-messaging/documents-messaging-block.tsx';
import { subscribeLive } from '../../../client/lib/live/live-events.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { AREA_ROUTE_IDS } from '../../../client/lib/areas.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { InboxCard } from '../../../client/lib/messages/inbox-card.tsx';
import { INBOX } from '../../../client/lib/messages/texts.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch } from './fake-fetch.ts';

vi.mock('../../../client/lib/notify.ts', () => ({ notify: vi.fn(async () => {}) }));

const FILE = '00000000-0000-4000-8000-0000000000f1';
const camille = { id: '00000000-0000-4000-8000-0000000000a1', firstName: 'Camille', lastName: 'Martin' };
const claire = { id: '00000000-0000-4000-8000-0000000000a2', firstName: 'Claire', lastName: 'Dubois' };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const message = (n: number, change: Partial<Message> = {}): Message => ({
  id: id(n), patientFileId: FILE, text: `Message ${n}`, attachment: null, author: { ...claire, role: 'professional' }, mine: false,
  createdAt: `2026-11-2${n % 8}T08:00:00.000Z`, ...change,
});
const page = (data: Message[], change: Partial<MessagePage> = {}): MessagePage => ({ data, nextCursor: null, unread: 0, lastReadMessageId: null, readOnly: false, ...change });

let calls: ReturnType<typeof fakeFetch>;
const sent = (method: string, suffix: string) => calls.filter((c) => c.method === method && c.url.split('?')[0]!.endsWith(suffix));

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
const patientArea = (status = 'OPEN'): RouteObject[] => [{
  id: AREA_ROUTE_IDS.patient, path: '/p/:patientFileIndex', hydrateFallbackElement: <span />,
  loader: () => ({ index: 0, patientFile: { id: FILE, status, service: { name: 'Cardiologie', establishment: { id: id(900), name: 'CHU' } }, patient: camille } }),
  children: [{ path: 'messages', element: <MessagesPage /> }],
}];

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces([MESSAGES, INBOX]);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests(camille);
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('sending a message', () => {
  it('a failed send keeps the typed text and says why; the retry sends the same Idempotency-Key and then clears the composer', async () => {
    let answer = { status: 503, body: { code: 'unknown_error', message: 'Service indisponible.' } } as { status: number; body: unknown };
    calls = fakeFetch({
      [`GET /api/patient_files/${FILE}/messages`]: { body: page([message(1)]) },
      [`POST /api/patient_files/${FILE}/messages`]: () => answer,
    });
    mount(patientArea(), '/p/0/messages');
    expect(await screen.findByText('Message 1')).toBeTruthy();
    // Where the patient writes: the emergency caution with 15 and 112.
    expect(screen.getByTestId('message-caution').textContent).toMatch(/15.*112/);

    const box = screen.getByTestId('message-text') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Bonjour,\nj’ai mal au bras.' } });
    fireEvent.click(screen.getByTestId('message-send'));
    expect((await screen.findByTestId('message-send-failed')).textContent).toContain('Service indisponible.');
    expect((screen.getByTestId('message-text') as HTMLTextAreaElement).value).toBe('Bonjour,\nj’ai mal au bras.');

    answer = { status: 201, body: message(2, { text: 'Bonjour,\nj’ai mal au bras.', mine: true, author: { ...camille, role: 'patient' } }) };
    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect((screen.getByTestId('message-text') as HTMLTextAreaElement).value).toBe(''));
    const posts = sent('POST', '/messages');
    expect(posts.map((c) => JSON.parse(c.body!))).toEqual([{ text: 'Bonjour,\nj’ai mal au bras.' }, { text: 'Bonjour,\nj’ai mal au bras.' }]);
    const keys = posts.map((c) => c.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.queryByTestId('message-send-failed')).toBeNull();
  });

  it('nothing typed and nothing attached: said, nothing sent', async () => {
    calls = fakeFetch({ [`GET /api/patient_files/${FILE}/messages`]: { body: page([]) } });
    mount(patientArea(), '/p/0/messages');
    expect(await screen.findByText('Aucun message pour l’instant.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('message-text'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('message-send'));
    expect(await screen.findByText('Écrivez un message ou joignez un fichier.')).toBeTruthy();
    expect(sent('POST', '/messages')).toEqual([]);
  });
});

describe('attachments', () => {
  it('a withdrawn image and a withdrawn file read "no longer available"; an available image opens full size, a file downloads', async () => {
    const withdrawn = { at: '2026-11-22T10:00:00.000Z', by: camille, reason: 'Mauvaise photo' };
    calls = fakeFetch({
      [`GET /api/patient_files/${FILE}/messages`]: {
        body: page([
          message(4, { text: null, attachment: { kind: 'file', name: 'bilan.pdf', mimeType: 'application/pdf', size: 2048, withdrawn: null } }),
          message(3, { text: null, attachment: { kind: 'image', name: 'bras.jpg', mimeType: 'image/jpeg', size: 1000, withdrawn: null } }),
          message(2, { text: null, attachment: { kind: 'file', name: 'old.pdf', mimeType: 'application/pdf', size: 10, withdrawn } }),
          message(1, { text: 'Voici', attachment: { kind: 'image', name: 'x.jpg', mimeType: 'image/jpeg', size: 10, withdrawn } }),
        ]),
      },
    });
    mount(patientArea(), '/p/0/messages');
    expect(await screen.findByText('Image plus disponible')).toBeTruthy();
    expect(screen.getByText('Fichier plus disponible')).toBeTruthy();
    expect(screen.queryByAltText('x.jpg')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ouvrir l’image bras.jpg en grand' }).getAttribute('href')).toMatch(new RegExp(`^/api/messages/${id(3)}/attachment\\?`));
    expect(screen.getByRole('link', { name: 'Télécharger bilan.pdf' }).getAttribute('href')).toMatch(new RegExp(`^/api/messages/${id(4)}/attachment/download\\?`));
  });

  it('the author withdraws her attachment with a reason; a refusal is said in the dialog', async () => {
    let answer = { status: 500, body: { code: 'unknown_error', message: 'Une erreur est survenue' } } as { status: number; body: unknown };
    const mine = message(1, { mine: true, author: { ...camille, role: 'patient' }, attachment: { kind: 'image', name: 'bras.jpg', mimeType: 'image/jpeg', size: 10, withdrawn: null } });
    calls = fakeFetch({
      [`GET /api/patient_files/${FILE}/messages`]: { body: page([message(2), mine]) },
      [`DELETE /api/messages/${id(1)}/attachment`]: () => answer,
    });
    mount(patientArea(), '/p/0/messages');
    // Only one's own attachment can be withdrawn.
    expect(await screen.findAllByTestId('attachment-withdraw')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('attachment-withdraw'));
    fireEvent.click(await screen.findByTestId('withdraw-confirm'));
    expect(await screen.findByText('Ce champ est obligatoire')).toBeTruthy();
    expect(sent('DELETE', '/attachment')).toEqual([]);

    fireEvent.change(screen.getByTestId('withdraw-reason'), { target: { value: 'Mauvaise photo' } });
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    expect((await screen.findByTestId('withdraw-failed')).textContent).toBe('La pièce jointe n’a pas pu être retirée : Une erreur est survenue');
    answer = { status: 200, body: { ...mine, attachment: { ...mine.attachment!, withdrawn: { at: '2026-11-22T10:00:00.000Z', by: camille, reason: 'Mauvaise photo' } } } };
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-confirm')).toBeNull());
    expect(sent('DELETE', '/attachment').map((c) => JSON.parse(c.body!))).toEqual([{ reason: 'Mauvaise photo' }, { reason: 'Mauvaise photo' }]);
  });
});

describe('the conversation', () => {
  it('oldest first, grouped by day, older pages by cursor; what others wrote is marked read once shown', async () => {
    calls = fakeFetch({
      [`GET /api/patient_files/${FILE}/messages`]: () => (calls.at(-1)!.url.includes('before=c1')
        ? { body: page([message(1)]) }
        : { body: page([message(3), message(2, { mine: true, author: { ...camille, role: 'patient' } })], { nextCursor: 'c1', unread: 1 }) }),
      [`PUT /api/patient_files/${FILE}/messages/read`]: { body: { unread: 0, lastReadMessageId: id(3) } },
      'GET /api/me/unread_messages': { body: { total: 0, patientFiles: [], establishments: [] } },
    });
    mount([{ path: '/f', element: <MessagesTab file={{ id: FILE }} structureIndex={0} /> }], '/f');
    await screen.findByText('Message 3');
    const texts = () => screen.getAllByTestId('message').map((m) => m.textContent);
    expect(texts()[0]).toMatch(/^Vous · .*Message 2$/);
    expect(texts()[1]).toMatch(/^Claire Dubois · équipe soignante · .*Message 3$/);
    expect(screen.getAllByTestId('message-day').map((d) => d.textContent)).toEqual(['22 novembre 2026', '23 novembre 2026']);
    await waitFor(() => expect(sent('PUT', '/messages/read').map((c) => JSON.parse(c.body!))).toEqual([{ messageId: id(3) }]));
    // The professional's side has no emergency caution.
    expect(screen.queryByTestId('message-caution')).toBeNull();

    fireEvent.click(screen.getByTestId('message-older'));
    await screen.findByText('Message 1');
    expect(texts()[0]).toContain('Message 1');
    expect(screen.getByText('Début de la conversation')).toBeTruthy();
  });

  it('a closed file is read only: no composer, no withdrawal', async () => {
    calls = fakeFetch({
      [`GET /api/patient_files/${FILE}/messages`]: {
        body: page([message(1, { mine: true, author: { ...camille, role: 'patient' }, attachment: { kind: 'file', name: 'a.pdf', mimeType: null, size: null, withdrawn: null } })], { readOnly: true }),
      },
    });
    mount([{ path: '/f', element: <MessagesTab file={{ id: FILE }} structureIndex={0} /> }], '/f');
    expect(await screen.findByText('Ce dossier est clos : la conversation est en lecture seule.')).toBeTruthy();
    expect(screen.queryByTestId('message-compose')).toBeNull();
    expect(screen.queryByTestId('attachment-withdraw')).toBeNull();
  });

  it('a conversation that cannot be loaded says so with a retry', async () => {
    calls = fakeFetch({ [`GET /api/patient_files/${FILE}/messages`]: { status: 500, body: { code: 'unknown_error', message: 'Une erreur est survenue' } } });
    mount([{ path: '/f', element: <MessagesTab file={{ id: FILE }} structureIndex={0} /> }], '/f');
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(screen.queryByTestId('message-compose')).toBeNull();
  });
});

describe('the patient home', () => {
  it.each([
    ['an open file', true, '2 nouveaux messages', ['Ouvrir ma messagerie', 'Voir mes documents']],
    // My Messenger is "only opened": a closed file's count is said, without a way the guard would refuse.
    ['a closed file', false, '2 nouveaux messages', ['Voir mes documents']],
  ] as const)('%s: "To read" says the file’s unread messages with its links', async (_, open, said, links) => {
    calls = fakeFetch({ 'GET /api/me/unread_messages': { body: { total: 2, patientFiles: [{ patientFileId: FILE, unread: 2 }], establishments: [] } } });
    mount([{ path: '/p/0', element: <InboxCard index={0} patientFileId={FILE} open={open} /> }], '/p/0');
    expect((await screen.findByTestId('inbox-unread')).textContent).toBe(said);
    expect(within(screen.getByTestId('inbox-card')).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      links.map((name) => [name, name === 'Voir mes documents' ? '/p/0/documents' : '/p/0/messages']));
  });

  it('nothing unread: said so', async () => {
    calls = fakeFetch({ 'GET /api/me/unread_messages': { body: { total: 0, patientFiles: [], establishments: [] } } });
    mount([{ path: '/p/0', element: <InboxCard index={0} patientFileId={FILE} open /> }], '/p/0');
    expect(await screen.findByText('Aucun nouveau message.')).toBeTruthy();
  });
});

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  url: string;
  constructor(url: string) { this.url = url; FakeEventSource.opened.push(this); }
  addEventListener(type: string, listener: (e: MessageEvent) => void) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]); }
  close() {}
  emit(type: string, data: unknown) { for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) })); }
}

describe('the dashboard block', () => {
  it('lists the conversations unread first with a link to the file’s Messages tab, refetched on a live message.created, then the documents waiting', async () => {
    const EST = id(900);
    let unread = 1;
    calls = fakeFetch({
      [`GET /api/establishments/${EST}/conversations`]: () => ({
        body: { data: [{ patientFileId: FILE, serviceId: id(901), patient: camille, lastMessageAt: '2026-11-22T08:00:00.000Z', unread }], totalItems: 1, page: 1, pageSize: 5 },
      }),
      [`GET /api/establishments/${EST}/documents/waiting`]: {
        body: {
          data: [{ id: id(902), patientFileId: FILE, patient: camille, service: 'Cardiologie', type: 'ANALYSIS_RESULTS', title: 'Bilan sanguin', source: 'patient', createdAt: '2026-11-21T08:00:00.000Z' }],
          totalItems: 1, page: 1, pageSize: 5,
        },
      },
    });
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.opened = [];
    queryClient.clear();
    const cue: unknown[] = [];
    const stop = subscribeLive((event) => cue.push(event));
    const router = createMemoryRouter([{
      path: '/s/0',
      element: <Suspense fallback="loading texts"><DocumentsMessagingBlock props={{ pageSize: 5 }} context={{ area: 'professional', structureId: EST, areaHref: '/s/0' }} /></Suspense>,
    }], { initialEntries: ['/s/0'] });
    render(<MantineProvider><QueryClientProvider client={queryClient}><RouterProvider router={router} /></QueryClientProvider></MantineProvider>);

    expect((await screen.findByTestId('conversation-unread')).getAttribute('aria-label')).toBe('1 non lu');
    expect(screen.getByTestId('conversation-link').getAttribute('href')).toBe(`/s/0/patient-file/${FILE}/messages`);
    expect(calls.find((c) => c.url.includes('/conversations'))!.url).toContain('sort=-unread');
    // The documents waiting for acknowledgement, the longest waiting first, each opening in its file.
    expect((await screen.findByTestId('waiting-document-link')).getAttribute('href')).toBe(`/s/0/patient-file/${FILE}/documents/${id(902)}`);
    expect(calls.find((c) => c.url.includes('/documents/waiting'))!.url).toContain('sort=createdAt');

    unread = 3;
    FakeEventSource.opened[0]!.emit('message.created', { type: 'message.created', patientFileId: FILE, messageId: id(5), serviceId: id(901) });
    await waitFor(() => expect(screen.getByTestId('conversation-unread').getAttribute('aria-label')).toBe('3 non lus'));
    // A message is no alert: the alert cue's listeners are not called.
    expect(cue).toEqual([]);
    stop();
  });
});

describe('the patient navigation', () => {
  it('My Messenger carries the file’s unread count, said in words', async () => {
    calls = fakeFetch({
      'GET /ui/config': { body: { theme: { logo: '/logo.svg' } } },
      'GET /api/me/unread_messages': { body: { total: 4, patientFiles: [{ patientFileId: FILE, unread: 3 }, { patientFileId: id(77), unread: 1 }], establishments: [] } },
    });
    await loadRuntimeConfig();
    const routes = patientArea();
    routes[0]!.element = <PatientLayout />;
    routes[0]!.children = [{ index: true, element: <p>accueil</p> }];
    mount(routes, '/p/0');
    const badge = await screen.findByTestId('nav-badge-messages');
    expect(badge.textContent).toBe('33 messages non lus');
    const link = badge.closest('a')!;
    expect(link.getAttribute('href')).toBe('/p/0/messages');
    expect(within(link).getByText('3 messages non lus')).toBeTruthy();
  });
});
