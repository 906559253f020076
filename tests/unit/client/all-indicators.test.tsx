// @vitest-environment happy-dom
/**
 * The protocol editor's indicator pickers offer every indicator of the establishment (issue 18:
 * it offered the first 50 only): useAllIndicators reads page after page until the total.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAllIndicators } from '../../../client/lib/api/catalogue.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';

const ESTABLISHMENT = '00000000-0000-4000-8000-0000000000e1';
const TOTAL = 123;
const all = Array.from({ length: TOTAL }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, reference: `i${i}` }));
let asked: URLSearchParams[];

beforeEach(() => {
  configureApi({ language: () => 'fr' });
  asked = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const query = new URL(url, 'http://app').searchParams;
    asked.push(query);
    const page = Number(query.get('page'));
    const pageSize = Number(query.get('pageSize'));
    const body = { data: all.slice((page - 1) * pageSize, page * pageSize), totalItems: TOTAL, page, pageSize };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => { vi.unstubAllGlobals(); });

describe('useAllIndicators', () => {
  it(`reads all ${TOTAL} indicators, by name, in pages the list route accepts`, async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useAllIndicators(ESTABLISHMENT), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data!.map((i) => i.reference)).toEqual(all.map((i) => i.reference));
    expect(asked.map((q) => [q.get('page'), q.get('pageSize'), q.get('sort')])).toEqual([['1', '50', 'name'], ['2', '50', 'name'], ['3', '50', 'name']]);
  });
});
