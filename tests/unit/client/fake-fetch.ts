import { vi } from 'vitest';

export interface FakeAnswer { status?: number; body?: unknown; headers?: Record<string, string> }

/** Replaces global fetch: answers by "METHOD /path" (query ignored), records every call. */
export function fakeFetch(routes: Record<string, FakeAnswer | (() => FakeAnswer)>) {
  const calls: { method: string; url: string; headers: Record<string, string>; body?: string }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, headers: { ...(init.headers as Record<string, string>) }, body: init.body as string | undefined });
    const route = routes[`${method} ${url.split('?')[0]}`];
    const answer = typeof route === 'function' ? route() : route ?? { status: 404, body: { code: 'route_not_found', message: 'Not found' } };
    const status = answer.status ?? 200;
    const body = answer.body === undefined || status === 204 ? null : JSON.stringify(answer.body);
    return new Response(body, { status, headers: { 'content-type': 'application/json', ...answer.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
