// @vitest-environment happy-dom
/**
 * Notifications (issue 20 §5) with the real i18n, Mantine, router and TanStack Query, the API
 * answered by a fake fetch: the bell's badge and its name in words (plural forms in French and
 * Arabic); the list, newest first as the server pages it, each a sentence from its type and ids
 * (the professional reads the patient's name from the file, the patient reads "your file") with a
 * link to the thing; "mark all read"; the notifications manager saving one switch at a time, a
 * refusal shown and the switch back; push refused by the browser explained, nothing saved.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type Notification, type NotificationPreferences } from '../../../schemas/notifications.ts';
import { NotificationBell } from '../../../client/features/notifications/bell/notification-bell.tsx';
import { PreferencesTable } from '../../../client/features/notifications/manager/notifications-manager-modal.tsx';
import { NOTIFICATIONS } from '../../../client/features/notifications/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { notify } from '../../../client/lib/notify.ts';
import { resetSessionForTests, sessionStore } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch } from './fake-fetch.ts';
import { AZUR, file } from './fixtures.ts';

vi.mock('../../../client/lib/notify.ts', () => ({ notify: vi.fn(async () => {}) }));

const FILE = '00000000-0000-4000-8000-0000000000f1';
const OTHER_FILE = '00000000-0000-4000-8000-0000000000f2';
const DOC = '00000000-0000-4000-8000-0000000000d1';
const BATCH = '00000000-0000-4000-8000-0000000000b1';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const notification = (n: number, over: Partial<Notification>): Notification => ({
  id: id(n), type: 'NEW_DOCUMENT', patientFileId: FILE, subject: {}, createdAt: `2026-11-2${n}T08:00:00.000Z`, readAt: null, ...over,
});
const page = (data: Notification[], unreadCount: number, totalItems = data.length, pageNo = 1) => ({ data, totalItems, page: pageNo, pageSize: 15, unreadCount });

let calls: ReturnType<typeof fakeFetch>;
const sent = (method: string) => calls.filter((c) => c.method === method).map((c) => ({ url: c.url.split('?')[0], body: c.body && JSON.parse(c.body) }));

function mount(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/s/0'] });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts"><RouterProvider router={router} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, client };
}

function signInWith(kind: 'professional' | 'patient', patientFiles: PatientFileSummary[] = []) {
  signInProfessionalForTests();
  const data = sessionStore.get().data!;
  sessionStore.set({
    state: 'loggedIn',
    data: { ...data, kind, patientFiles, structures: [{ id: AZUR, identifier: 'AZUR', name: 'CHU Azur', professionalDirectoryEnabled: false, services: [] }] },
  });
}

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(NOTIFICATIONS);
});
beforeEach(async () => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  vi.mocked(notify).mockClear();
  await act(() => i18n.changeLanguage('fr'));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('the bell', () => {
  it.each([
    ['fr', 0, 'Notifications : aucune non lue', null],
    ['fr', 1, 'Notifications : 1 non lue', '1'],
    ['fr', 3, 'Notifications : 3 non lues', '3'],
    ['fr', 120, 'Notifications : 120 non lues', '99+'],
    ['ar', 2, 'الإشعارات: إشعاران غير مقروءين', '2'],
    ['ar', 5, 'الإشعارات: 5 إشعارات غير مقروءة', '5'],
    ['ar', 11, 'الإشعارات: 11 إشعارًا غير مقروء', '11'],
  ] as const)('in %s, %i unread: named "%s", badge %s', async (language, count, name, badge) => {
    await act(() => i18n.changeLanguage(language));
    signInWith('professional');
    calls = fakeFetch({ 'GET /api/me/notifications/unread-count': { body: { unreadCount: count } } });
    mount(<NotificationBell />);
    const bell = await screen.findByRole('button', { name });
    expect(screen.queryByTestId('notification-count')?.textContent ?? null).toBe(badge);
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });

  it('lists the notifications newest first with a sentence and a link each; following one marks it read', async () => {
    signInWith('professional');
    let unread = 2;
    calls = fakeFetch({
      'GET /api/me/notifications/unread-count': () => ({ body: { unreadCount: unread } }),
      'GET /api/me/notifications': { body: page([
        notification(3, { subject: { documentId: DOC } }),
        notification(2, { type: 'ALERT', subject: { alertBatchId: BATCH } }),
        notification(1, { type: 'DOCUMENT_ACKNOWLEDGED', patientFileId: OTHER_FILE, readAt: '2026-11-21T09:00:00.000Z', subject: { documentId: DOC } }),
      ], 2, 20) },
      [`GET /api/patient_files/${FILE}`]: { body: file('OPEN', id(99)) },
      [`GET /api/patient_files/${OTHER_FILE}`]: { status: 404, body: { code: 'not_found', message: 'Introuvable' } },
      [`PUT /api/me/notifications/${id(3)}/read`]: () => { unread = 1; return { body: notification(3, { readAt: '2026-11-28T00:00:00.000Z' }) }; },
    });
    const { router } = mount(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications : 2 non lues' }));
    const list = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(within(list).getAllByTestId('notification-item').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Non lue : Nouveau document dans le dossier de Camille Martin/),
      expect.stringMatching(/^Non lue : Nouvelle alerte pour Camille Martin/),
      // A file the professional cannot read any more: the sentence names nobody, and leads nowhere.
      expect.stringMatching(/^Un document a été pris en compte/),
    ]));
    const links = within(list).getAllByRole('link', { hidden: true });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([`/s/0/patient-file/${FILE}/documents/${DOC}`, `/s/0/alerts-batch/${BATCH}`]);
    // Twenty in all: the next page is offered.
    expect(within(list).getByRole('button', { name: 'Plus de notifications', hidden: true })).toBeTruthy();

    fireEvent.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/s/0/patient-file/${FILE}/documents/${DOC}`));
    await waitFor(() => expect(sent('PUT')).toEqual([{ url: `/api/me/notifications/${id(3)}/read`, body: undefined }]));
    expect(await screen.findByRole('button', { name: 'Notifications : 1 non lue' })).toBeTruthy();
  });

  it('speaks to the patient about their own file and leads to their area', async () => {
    signInWith('patient', [file('OPEN', 'u1')]);
    calls = fakeFetch({
      'GET /api/me/notifications/unread-count': { body: { unreadCount: 1 } },
      'GET /api/me/notifications': { body: page([notification(1, { type: 'DOCUMENT_ACKNOWLEDGED', subject: { documentId: DOC } })], 1) },
    });
    mount(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications : 1 non lue' }));
    const item = await screen.findByTestId('notification-item');
    expect(item.textContent).toMatch(/L’équipe soignante a pris connaissance de votre document/);
    expect(within(item).getByRole('link', { hidden: true }).getAttribute('href')).toBe(`/p/0/documents/${DOC}`);
    // Nothing fetched about the patient's own file: the session has it.
    expect(calls.some((c) => c.url.startsWith('/api/patient_files/'))).toBe(false);
  });

  it('marks all read: the badge goes and the button is then disabled', async () => {
    signInWith('professional');
    let unread = 4;
    calls = fakeFetch({
      'GET /api/me/notifications/unread-count': () => ({ body: { unreadCount: unread } }),
      'GET /api/me/notifications': () => ({ body: page([notification(1, { type: 'RELEASE_NOTES', patientFileId: null, subject: { release: '4.13' }, readAt: unread ? null : '2026-11-28T00:00:00.000Z' })], unread) }),
      'PUT /api/me/notifications/read': () => { unread = 0; return { body: { marked: 4 } }; },
    });
    mount(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications : 4 non lues' }));
    expect((await screen.findByTestId('notification-item')).textContent).toMatch(/^Non lue : Nouvelle version de l’application 4\.13/);
    fireEvent.click(screen.getByRole('button', { name: 'Tout marquer comme lu', hidden: true }));
    await screen.findByRole('button', { name: 'Notifications : aucune non lue' });
    expect(screen.queryByTestId('notification-count')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('notification-item').textContent).toMatch(/^Nouvelle version/));
    expect(screen.getByRole('button', { name: 'Tout marquer comme lu', hidden: true }).hasAttribute('disabled')).toBe(true);
    expect(sent('PUT').map((c) => c.url)).toEqual(['/api/me/notifications/read']);
  });

  it('says so when the count rises while the tab is open', async () => {
    signInWith('professional');
    let unread = 1;
    calls = fakeFetch({ 'GET /api/me/notifications/unread-count': () => ({ body: { unreadCount: unread } }) });
    const { client } = mount(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications : 1 non lue' });
    expect(notify).not.toHaveBeenCalled();
    unread = 3;
    await act(() => client.invalidateQueries({ queryKey: ['notifications'] }));
    await screen.findByRole('button', { name: 'Notifications : 3 non lues' });
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ message: 'Vous avez 2 nouvelles notifications' }));
  });
});

describe('the notifications manager', () => {
  const preferences = (enabled: (type: string, channel: string) => boolean): NotificationPreferences => ({
    hasPushSubscription: false,
    preferences: NOTIFICATION_TYPES.flatMap((type) => NOTIFICATION_CHANNELS.map((channel) => ({ type, channel, enabled: enabled(type, channel), isDefault: true }))),
  });
  const initial = preferences((_type, channel) => channel === 'IN_APP');
  const emailSwitch = () => screen.getByRole('switch', { name: 'Nouveau document : E-mail' }) as HTMLInputElement;

  it('saves each change alone and keeps what the server answered', async () => {
    signInWith('professional');
    calls = fakeFetch({
      'GET /api/me/notification-preferences': { body: initial },
      'PUT /api/me/notification-preferences': { body: preferences((type, channel) => channel === 'IN_APP' || (type === 'NEW_DOCUMENT' && channel === 'EMAIL')) },
    });
    mount(<PreferencesTable />);
    await screen.findByTestId('notification-preferences');
    // A professional has the alerts row; every type × channel is a switch.
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_TYPES.length * 3);
    expect(emailSwitch().checked).toBe(false);
    fireEvent.click(emailSwitch());
    await screen.findByText('Enregistré.');
    expect(sent('PUT')).toEqual([{ url: '/api/me/notification-preferences', body: { preferences: [{ type: 'NEW_DOCUMENT', channel: 'EMAIL', enabled: true }] } }]);
    expect(emailSwitch().checked).toBe(true);
  });

  it('shows the refusal and puts the switch back', async () => {
    signInWith('patient', [file('OPEN', 'u1')]);
    calls = fakeFetch({
      'GET /api/me/notification-preferences': { body: initial },
      'PUT /api/me/notification-preferences': { status: 400, body: { code: 'notification_type_unknown', message: 'Ce type de notification n’existe pas.' } },
    });
    mount(<PreferencesTable />);
    await screen.findByTestId('notification-preferences');
    // Alerts go to the team: no row for a patient.
    expect(screen.queryByRole('switch', { name: 'Alerte : E-mail' })).toBeNull();
    fireEvent.click(emailSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe('Le changement n’a pas été enregistré : Ce type de notification n’existe pas.');
    await waitFor(() => expect(emailSwitch().checked).toBe(false));
    expect(emailSwitch().disabled).toBe(false);
  });

  it('turning push on asks the browser; refused, it says how to allow it and saves nothing', async () => {
    signInWith('professional');
    const requestPermission = vi.fn(async () => 'denied' as const);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    vi.stubGlobal('PushManager', class {});
    const register = vi.fn();
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    calls = fakeFetch({ 'GET /api/me/notification-preferences': { body: initial } });
    try {
      mount(<PreferencesTable />);
      await screen.findByTestId('notification-preferences');
      // Nothing asked until the user turns push on.
      expect(requestPermission).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('switch', { name: 'Nouveau document : Push' }));
      expect((await screen.findByTestId('push-refused')).textContent).toMatch(/bloquées pour ce site.*mettez « Notifications » sur « Autoriser »/);
      expect(requestPermission).toHaveBeenCalledTimes(1);
      expect(register).not.toHaveBeenCalled();
      expect(sent('PUT')).toEqual([]);
      await waitFor(() => expect((screen.getByRole('switch', { name: 'Nouveau document : Push' }) as HTMLInputElement).checked).toBe(false));
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });
});

