import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileRoutes } from '../../../schemas/api/files.ts';
import { meRoutes } from '../../../schemas/api/me.ts';
import { changesState } from '../../../schemas/http.ts';
import { apiUrl, call } from '../../../client/lib/api/client.ts';
import { ApiError } from '../../../client/lib/api/api-error.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { fakeFetch } from './fake-fetch.ts';

const SESSION = { 'X-Session-Expires-In': '1799', 'X-CSRF-Token': 'token-1', 'Content-Language': 'fr' };

describe('the API client (spec 000 §7)', () => {
  const seen = { expires: [] as number[], languages: [] as string[], unauthorized: [] as string[] };
  beforeEach(() => {
    seen.expires = []; seen.languages = []; seen.unauthorized = [];
    configureApi({
      language: () => 'fr',
      expiresIn: (s) => seen.expires.push(s),
      contentLanguage: (l) => seen.languages.push(l),
      unauthorized: (e) => seen.unauthorized.push(e.code),
    });
  });
  afterEach(() => { vi.unstubAllGlobals(); });

  it.each([
    ['/api/me', {}, 'fr', '/api/me?l=fr'],
    ['/api/me/patient_files', { page: 1, pageSize: 200 }, 'fr', '/api/me/patient_files?page=1&pageSize=200&l=fr'],
    ['/api/me', { l: 'ar' }, 'fr', '/api/me?l=ar'],
    ['/api/me?l=en', {}, 'fr', '/api/me?l=en'],
    ['/api/me', { skipped: undefined }, undefined, '/api/me'],
  ] as const)('%s %j in %s → %s', (path, query, language, expected) => {
    expect(apiUrl(path, query, language)).toBe(expected);
  });

  it.each([
    ['GET', '/api/me', false], ['HEAD', '/api/me', true], ['HEAD', '/api/other', false], ['HEAD', '/ui/me', false],
    ['POST', '/api/me/terms-acceptance', true], ['PUT', '/api/me/timezone', true], ['PATCH', '/x', true], ['DELETE', '/x', true], ['get', '/api/me', false],
    // Any spelling a router or the split-mode proxy takes to /api/me (issue 19).
    ['HEAD', '/api/me?l=ar', true], ['HEAD', '/api/%6de', true], ['HEAD', '/%61pi/me', true], ['HEAD', '/api%2Fme', true], ['HEAD', '//api//me', true],
    ['HEAD', '/api/me/', true], ['HEAD', '/API/Me', true], ['HEAD', '/api/me;x', true], ['HEAD', '/api;x/me', true], ['HEAD', '/api/./me', true],
    ['HEAD', '/api/%2e/me', true], ['HEAD', '/api/x/../me', true], ['HEAD', '/api/.\\me', true], ['HEAD', '/api/me#x', true],
    ['HEAD', '/api/mex', false], ['HEAD', '/api/me/privileges', false], ['HEAD', '/api/%ZZ', false], ['HEAD', '/api/me%3Fx', false],
  ])('%s %s needs the anti-forgery token: %s', (method, path, expected) => {
    expect(changesState(method, path)).toBe(expected);
  });

  it('sends language, time zone and cookies, and reports the session headers', async () => {
    const calls = fakeFetch({ 'GET /api/me': { body: { id: 'u' }, headers: SESSION } });
    await expect(call(meRoutes.get)).resolves.toEqual({ id: 'u' });
    expect(calls[0]!.url).toBe('/api/me?l=fr');
    expect(calls[0]!.headers['X-Timezone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(calls[0]!.headers['X-CSRF-Token']).toBeUndefined();
    expect(seen.expires).toEqual([1799]);
    // The call named its language: Content-Language only echoes it.
    expect(seen.languages).toEqual([]);
  });

  it('carries the token the last response gave on state-changing calls and on HEAD /me?l=', async () => {
    const calls = fakeFetch({
      'GET /api/me': { body: {}, headers: SESSION },
      'PUT /api/me/timezone': { status: 204, headers: { ...SESSION, 'X-CSRF-Token': 'token-2' } },
      'HEAD /api/me': { status: 204, headers: SESSION },
    });
    await call(meRoutes.get);
    await expect(call(meRoutes.putTimezone, { body: { selectedTimezone: 'automatic' } })).resolves.toBeUndefined();
    await call(meRoutes.saveLanguage, { query: { l: 'ar' } });
    expect(calls[1]!.headers['X-CSRF-Token']).toBe('token-1');
    expect(calls[1]!.headers['Content-Type']).toBe('application/json');
    expect(calls[1]!.body).toBe('{"selectedTimezone":"automatic"}');
    expect(calls[2]!.url).toBe('/api/me?l=ar');
    expect(calls[2]!.headers['X-CSRF-Token']).toBe('token-2');
  });

  it('lets the server choose the language when asked, and reports its Content-Language', async () => {
    const calls = fakeFetch({ 'GET /api/me': { body: {}, headers: { ...SESSION, 'Content-Language': 'ar' } } });
    await call(meRoutes.get, { sendLanguage: false });
    expect(calls[0]!.url).toBe('/api/me');
    expect(seen.languages).toEqual(['ar']);
  });

  it('turns errors into ApiError with the code, and reports 401s', async () => {
    fakeFetch({
      'GET /api/me': { status: 401, body: { code: 'cgu_not_accepted', message: 'Terms' }, headers: { 'X-Session-Expires-In': '0' } },
      'POST /api/me/terms-acceptance': { status: 403, body: { code: 'csrf_token_invalid', message: 'Bad token' } },
    });
    const error = await call(meRoutes.get).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'cgu_not_accepted', message: 'Terms' });
    expect(seen.unauthorized).toEqual(['cgu_not_accepted']);
    expect(seen.expires).toEqual([0]);
    await expect(call(meRoutes.acceptTerms)).rejects.toMatchObject({ status: 403, code: 'csrf_token_invalid' });
    expect(seen.unauthorized).toEqual(['cgu_not_accepted']);
  });

  it('fills the path parameters, URL-encoded, and sends multipart through the same client', async () => {
    const id = '0b7c4d0e-0000-4000-8000-000000000001';
    const calls = fakeFetch({
      'GET /api/me': { body: {}, headers: SESSION },
      [`POST /api/files/${id}/upload`]: { body: { id, name: 'scan.pdf', public: false }, headers: { ...SESSION, 'X-Session-Expires-In': '1700' } },
    });
    await call(meRoutes.get);
    const body = new FormData();
    body.append('file', new Blob(['%PDF-1.4']), 'scan.pdf');
    await expect(call(fileRoutes.upload, { params: { id }, body })).resolves.toMatchObject({ id, name: 'scan.pdf' });
    expect(calls[1]!.url).toBe(`/api/files/${id}/upload?l=fr`);
    expect(calls[1]!.headers['X-CSRF-Token']).toBe('token-1');
    // The browser writes the multipart Content-Type with its boundary.
    expect(calls[1]!.headers['Content-Type']).toBeUndefined();
    expect(calls[1]!.body).toBeInstanceOf(FormData);
    expect(seen.expires).toEqual([1799, 1700]);
  });
});
