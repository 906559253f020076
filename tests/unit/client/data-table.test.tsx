// @vitest-environment happy-dom
/**
 * The list table as a person uses it, in a DOM (happy-dom) with the real i18n, Mantine, TanStack
 * Query and react-router: sorting and paging change the address and the request, empty and
 * failed lists say so, a new search aborts the one in flight, Enter opens a row.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import DataTableBlock from '../../../client/blocks/data-table/data-table-block.tsx';
import { ApiError } from '../../../client/lib/api/api-error.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { DataTable } from '../../../client/lib/ui/data-table/data-table.tsx';
import { listQueryOptions, type ListPage } from '../../../client/lib/ui/data-table/list-query.ts';
import { ListSearchInput } from '../../../client/lib/ui/data-table/list-search-input.tsx';
import type { ListDefinition } from '../../../client/lib/ui/data-table/list-state.ts';
import { useListState } from '../../../client/lib/ui/data-table/use-list-state.ts';
import { fakeFetch } from './fake-fetch.ts';

interface Person { id: string; name: string; city: string }
interface Request { page: number; pageSize: number; sort: string; q: string; signal: AbortSignal }

const people: ListDefinition<'name' | '-name' | 'city' | '-city', 'q'> = { sorts: ['name', '-name', 'city', '-city'], defaultSort: 'name', filters: ['q'] };
const column = createColumnHelper<Person>();
const columns = [
  column.accessor('name', { id: 'name', header: 'Name' }),
  column.accessor('city', { id: 'city', header: 'City' }),
  column.display({ id: 'note', header: 'Note', cell: () => '—' }),
];

/** A server whose answers the test gives when it wants (or at once, from `answer`). */
function fakeServer(answer?: (request: Request) => ListPage<Person> | Error) {
  const requests: Request[] = [];
  const pending: { request: Request; resolve(page: ListPage<Person>): void; reject(error: unknown): void }[] = [];
  const fetchPage = (request: Request) => new Promise<ListPage<Person>>((resolve, reject) => {
    requests.push(request);
    const result = answer?.(request);
    if (result instanceof Error) reject(result);
    else if (result) resolve(result);
    else pending.push({ request, resolve, reject });
  });
  return { requests, pending, fetchPage, last: () => requests.at(-1)! };
}

const rows = (count: number, from = 1): Person[] => Array.from({ length: count }, (_, i) => ({ id: `p${from + i}`, name: `Person ${from + i}`, city: 'Lyon' }));

function mount(server: ReturnType<typeof fakeServer>, initial = '/people', onOpen = vi.fn()) {
  function PeopleList() {
    const list = useListState(people);
    const params = { page: list.page, pageSize: list.pageSize, sort: list.sort, q: list.filters.q[0] ?? '' };
    const query = useQuery(listQueryOptions({ queryKey: ['people', params], fetchPage: (signal) => server.fetchPage({ ...params, signal }) }));
    return (
      <>
        <ListSearchInput list={list} filter="q" label="Search" />
        <DataTable list={list} columns={columns} query={query} getRowId={(p) => p.id} onOpen={onOpen} label="People" emptyText="Nobody matches." />
      </>
    );
  }
  const router = createMemoryRouter([{ path: '/people', element: <PeopleList /> }], { initialEntries: [initial] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback="loading texts"><RouterProvider router={router} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, onOpen, search: () => new URLSearchParams(router.state.location.search) };
}

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces('dataTable');
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('data table', () => {
  it('shows skeleton rows until the first page arrives, then the rows and the total', async () => {
    const server = fakeServer();
    mount(server);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(document.querySelectorAll('[data-skeleton]')).toHaveLength(10);
    expect(screen.getByRole('table', { name: 'People' }).querySelector('tbody')!.getAttribute('aria-busy')).toBe('true');
    act(() => server.pending[0]!.resolve({ data: rows(3), totalItems: 3 }));
    expect(await screen.findByText('Person 1')).toBeTruthy();
    expect(screen.getByTestId('data-table-total').textContent).toBe('3 résultats');
    expect(document.querySelectorAll('[data-skeleton]')).toHaveLength(0);
    expect(server.last()).toMatchObject({ page: 1, pageSize: 15, sort: 'name', q: '' });
  });

  it('sorts by a heading button: the address and the request change, aria-sort says the order', async () => {
    const server = fakeServer(() => ({ data: rows(2), totalItems: 2 }));
    const { search } = mount(server, '/people?page=2');
    await screen.findByText('Person 1');
    const nameHeading = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeading.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: 'Note' }).querySelector('button')).toBeNull();

    fireEvent.click(within(nameHeading).getByRole('button'));
    await waitFor(() => expect(search().get('sort')).toBe('-name'));
    expect(search().get('page')).toBeNull(); // a new order starts at the first page
    await waitFor(() => expect(server.last()).toMatchObject({ sort: '-name', page: 1 }));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(screen.getByRole('columnheader', { name: /City/ })).getByRole('button'));
    await waitFor(() => expect(server.last()).toMatchObject({ sort: 'city' }));
    expect(search().get('sort')).toBe('city');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('pages and changes the page size through the address', async () => {
    const server = fakeServer((r) => ({ data: rows(Math.min(r.pageSize, 40 - (r.page - 1) * r.pageSize), (r.page - 1) * r.pageSize + 1), totalItems: 40 }));
    const { router, search } = mount(server);
    await screen.findByText('Person 1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(search().get('page')).toBe('3'));
    expect(await screen.findByText('Person 31')).toBeTruthy();
    expect(server.last()).toMatchObject({ page: 3, pageSize: 15 });
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

    await act(() => router.navigate(-1)); // Back returns to the first page
    expect(await screen.findByText('Person 1')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Lignes par page', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: '50', hidden: true }));
    await waitFor(() => expect(search().get('pageSize')).toBe('50'));
    await waitFor(() => expect(server.last()).toMatchObject({ page: 1, pageSize: 50 }));
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
  });

  it('reads an address it does not own as the defaults', async () => {
    const server = fakeServer(() => ({ data: rows(1), totalItems: 1 }));
    mount(server, '/people?page=-4&pageSize=13&sort=password');
    await screen.findByText('Person 1');
    expect(server.last()).toMatchObject({ page: 1, pageSize: 15, sort: 'name' });
  });

  it('says when nothing matches', async () => {
    const server = fakeServer(() => ({ data: [], totalItems: 0 }));
    mount(server);
    expect(await screen.findByText('Nobody matches.')).toBeTruthy();
    expect(screen.getByTestId('data-table-total').textContent).toBe('Aucun résultat');
  });

  it('says the load failed with Retry, and Retry asks again', async () => {
    let fail = true;
    const server = fakeServer(() => (fail ? new ApiError(503, { code: 'internal_error', message: 'down' }) : { data: rows(1), totalItems: 1 }));
    mount(server);
    expect(await screen.findByText('Le chargement a échoué')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Person 1')).toBeTruthy();
    expect(server.requests).toHaveLength(2);
  });

  it('aborts the search in flight when a new one replaces it, and shows only the last answer', async () => {
    const server = fakeServer();
    const { search } = mount(server);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    act(() => server.pending[0]!.resolve({ data: rows(3), totalItems: 3 }));
    await screen.findByText('Person 1');

    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'Du' } });
    await waitFor(() => expect(server.last().q).toBe('Du'));
    const first = server.last();
    expect(first.signal.aborted).toBe(false);
    expect(search().get('q')).toBe('Du');

    fireEvent.change(box, { target: { value: 'Dup' } });
    await waitFor(() => expect(server.last().q).toBe('Dup'));
    expect(first.signal.aborted).toBe(true);
    expect(server.requests.filter((r) => r.q.startsWith('D'))).toHaveLength(2); // debounced: not one per keystroke

    act(() => server.pending.at(-1)!.resolve({ data: [{ id: 'd', name: 'Dupont', city: 'Nice' }], totalItems: 1 }));
    expect(await screen.findByText('Dupont')).toBeTruthy();
    expect(screen.queryByText('Person 1')).toBeNull();
  });

  it('opens a row by click and by Enter', async () => {
    const server = fakeServer(() => ({ data: rows(2), totalItems: 2 }));
    const { onOpen } = mount(server);
    const cell = await screen.findByText('Person 2');
    fireEvent.click(cell);
    expect(onOpen).toHaveBeenLastCalledWith({ id: 'p2', name: 'Person 2', city: 'Lyon' });
    const row = screen.getByText('Person 1').closest('tr')!;
    expect(row.tabIndex).toBe(0);
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith({ id: 'p1', name: 'Person 1', city: 'Lyon' });
  });
});

describe('data-table block', () => {
  it("pages the endpoint's rows with the shared table, in the block's page size, without touching the address", async () => {
    const structureId = '00000000-0000-4000-8000-00000000000a';
    fakeFetch({ [`GET /api/establishments/${structureId}/forms`]: { body: { data: rows(12).map((p) => ({ name: p.name, service: { name: 'Cardiologie' } })) } } });
    const props = { endpoint: '/api/establishments/{structureId}/forms', pageSize: 5 as const, columns: [
      { field: 'name', label: { fr: 'Nom', en: 'Name' } }, { field: 'service.name', label: 'Service' },
    ] };
    const router = createMemoryRouter([{ path: '/s/0', element: <DataTableBlock props={props} context={{ area: 'professional', structureId, areaHref: '/s/0' }} /> }], { initialEntries: ['/s/0'] });
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <Suspense fallback="loading texts"><RouterProvider router={router} /></Suspense>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('Person 5')).toBeTruthy();
    expect(screen.queryByText('Person 6')).toBeNull();
    expect(screen.getAllByText('Cardiologie')).toHaveLength(5);
    expect(screen.getByRole('columnheader', { name: 'Nom' }).querySelector('button')).toBeNull();
    expect(screen.getByTestId('data-table-total').textContent).toBe('12 résultats');
    expect(screen.queryByLabelText('Lignes par page', { selector: 'input' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Person 12')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 2);
    expect(router.state.location.search).toBe('');
  });
});
