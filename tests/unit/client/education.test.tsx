// @vitest-environment happy-dom
/**
 * Therapeutic content (issue 20 §2) with the real i18n, Mantine, router and TanStack Query, the
 * API answered by a fake fetch: My Monitoring's section lists the service's items with their kind;
 * an item opens in what shows its kind (YouTube only through youtube-nocookie.com, a PDF framed
 * from its own address, a video with the browser's player), and its back button leads to
 * monitoring; the protocols screen's library puts the server's refusal on its field and archives.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EducationItem } from '../../../schemas/education.ts';
import { Component as EducationPage } from '../../../client/features/education/education-page.tsx';
import { EDUCATION } from '../../../client/features/education/texts.ts';
import { EducationSection } from '../../../client/features/monitoring/education-section.tsx';
import { MONITORING } from '../../../client/features/monitoring/texts.ts';
import { EducationTab } from '../../../client/features/protocols/education-tab.tsx';
import { PROTOCOLS } from '../../../client/features/protocols/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { AREA_ROUTE_IDS } from '../../../client/lib/areas.ts';
import { EDUCATION_KINDS } from '../../../client/lib/education/texts.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch } from './fake-fetch.ts';

vi.mock('../../../client/lib/notify.ts', () => ({ notify: vi.fn(async () => {}) }));

const FILE = '00000000-0000-4000-8000-0000000000f1';
const SERVICE = '00000000-0000-4000-8000-0000000000c1';
const item = (id: string, kind: EducationItem['kind'], title: string, extra: Partial<EducationItem> = {}): EducationItem => ({
  id: `00000000-0000-4000-8000-00000000000${id}`, serviceId: SERVICE, kind, title, description: null,
  youtubeId: kind === 'youtube' ? 'dQw4w9WgXcQ' : null, file: kind === 'youtube' ? null : { name: `${title}.bin`, mimeType: null, size: 10 },
  createdAt: '2026-11-20T08:00:00.000Z', updatedAt: null, archivedAt: null, ...extra,
});
const guide = item('1', 'document', 'Guide du patient', { description: 'À lire avant la consultation' });
const film = item('2', 'youtube', 'Le régime sans sel');
const clip = item('3', 'video', 'Se peser');

let calls: ReturnType<typeof fakeFetch>;

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
const patientArea = (children: { path: string; element: ReactNode }[]) =>
  area(AREA_ROUTE_IDS.patient, '/p/:patientFileIndex', { index: 0, patientFile: { id: FILE, status: 'OPEN' } }, children);

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces([EDUCATION, MONITORING, PROTOCOLS, EDUCATION_KINDS]);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('the patient side', () => {
  it("lists the service's items with their kind; one opens in its player, and back leads to monitoring", async () => {
    calls = fakeFetch({
      [`GET /api/patient_files/${FILE}/content`]: { body: { questionnaires: [], documents: [guide, film, clip] } },
      [`GET /api/patient_files/${FILE}/content/${film.id}`]: { body: film },
      [`GET /api/patient_files/${FILE}/content/${guide.id}`]: { body: guide },
    });
    const router = mount(patientArea([
      { path: 'health-path-data', element: <EducationSection patientFileId={FILE} patientFileIndex={0} /> },
      { path: 'education/:documentId', element: <EducationPage /> },
    ]), '/p/0/health-path-data');

    const section = await screen.findByTestId('education-section');
    const links = await within(section).findAllByTestId('education-link');
    expect(links.map((l) => l.textContent)).toEqual(['Guide du patient', 'Le régime sans sel', 'Se peser']);
    expect(within(section).getByText('Vidéo YouTube')).toBeTruthy();
    expect([...section.querySelectorAll('[data-kind]')].map((e) => (e as HTMLElement).dataset.kind)).toEqual(['document', 'youtube', 'video']);

    fireEvent.click(links[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/p/0/education/${film.id}`));
    const frame = await screen.findByTitle('Vidéo YouTube : Le régime sans sel');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');

    fireEvent.click(screen.getByTestId('education-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/0/health-path-data'));

    fireEvent.click((await screen.findAllByTestId('education-link'))[0]!);
    const pdf = await screen.findByTitle('Document : Guide du patient');
    expect(pdf.getAttribute('src')).toBe(`/api/patient_files/${FILE}/content/${guide.id}/file?l=fr`);
    expect(screen.getByText('À lire avant la consultation')).toBeTruthy();
    // GET content asked for the documents; each item was read once (EDUCATION_VIEWED is the server's).
    expect(calls.filter((c) => c.url.includes(`/content/${guide.id}`) && !c.url.includes('/file'))).toHaveLength(1);
  });

  it('says so when the team has shared nothing, and plays a video from its own address', async () => {
    fakeFetch({
      [`GET /api/patient_files/${FILE}/content`]: { body: { questionnaires: [], documents: [] } },
      [`GET /api/patient_files/${FILE}/content/${clip.id}`]: { body: clip },
    });
    mount(patientArea([
      { path: 'health-path-data', element: <EducationSection patientFileId={FILE} patientFileIndex={0} /> },
      { path: 'education/:documentId', element: <EducationPage /> },
    ]), '/p/0/health-path-data');
    expect(await screen.findByText('Votre équipe n’a pas encore partagé de contenu.')).toBeTruthy();
    cleanup();
    mount(patientArea([{ path: 'education/:documentId', element: <EducationPage /> }]), `/p/0/education/${clip.id}`);
    const video = (await screen.findByTestId('education-video')).querySelector('video')!;
    expect(video.getAttribute('src')).toBe(`/api/patient_files/${FILE}/content/${clip.id}/file?l=fr`);
    expect(video.hasAttribute('controls')).toBe(true);
  });

  it('an address that names no item reads as not found, and asks nothing', async () => {
    calls = fakeFetch({});
    mount(patientArea([{ path: 'education/:documentId', element: <EducationPage /> }]), '/p/0/education/d1');
    await screen.findByTestId('education-back');
    await waitFor(() => expect(document.body.textContent).not.toContain('Chargement du contenu'));
    expect(calls).toEqual([]);
  });
});

describe("the protocols screen's library", () => {
  it("adds a YouTube item, the server's refusal on its field; archives an item", async () => {
    signInProfessionalForTests({ id: '00000000-0000-4000-8000-0000000000a2', firstName: 'Claire', lastName: 'Dubois' });
    let refuse = true;
    calls = fakeFetch({
      [`GET /api/services/${SERVICE}/education`]: { body: [guide] },
      [`POST /api/services/${SERVICE}/education`]: () => (refuse
        ? { status: 400, body: { code: 'youtube_url_invalid', message: 'Cette adresse n’est pas celle d’une vidéo YouTube.', field: 'body.youtubeUrl' } }
        : { status: 201, body: film }),
      [`POST /api/education/${guide.id}/archive`]: { body: { ...guide, archivedAt: '2026-11-21T08:00:00.000Z' } },
    });
    mount(area(AREA_ROUTE_IDS.structure, '/s/:structureIndex', { index: 0, structure: { id: 'e1', services: [{ id: SERVICE, name: 'Cardiologie' }] } }, [
      { path: 'medical-protocols', element: <EducationTab /> },
    ]), '/s/0/medical-protocols');

    expect((await screen.findAllByTestId('education-row')).map((r) => within(r).getByRole('link').textContent)).toEqual(['Guide du patient']);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un contenu' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Vidéo YouTube'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(dialog).findAllByText('Ce champ est obligatoire')).length).toBe(2);
    fireEvent.change(within(dialog).getByLabelText(/^Titre/), { target: { value: 'Le régime sans sel' } });
    fireEvent.change(within(dialog).getByLabelText(/^Adresse de la vidéo YouTube/), { target: { value: 'https://vimeo.com/1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Cette adresse n’est pas celle d’une vidéo YouTube.')).toBeTruthy();
    const posted = calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(c.body!));
    expect(posted).toEqual([{ kind: 'youtube', title: 'Le régime sans sel', description: null, youtubeUrl: 'https://vimeo.com/1' }]);
    refuse = false;
    fireEvent.change(within(dialog).getByLabelText(/^Adresse de la vidéo YouTube/), { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Archiver « Guide du patient »' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.startsWith(`/api/education/${guide.id}/archive`))).toBe(true));
  });
});
