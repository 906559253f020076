/**
 * Issue 8, what a user downloads: the document-only security headers (CSP, X-Frame-Options,
 * COOP, Referrer-Policy...) cost ~550 bytes on each of the dozens of hashed files of a first
 * visit, which ignore them. A hashed file of the build (script, stylesheet) carries exactly
 * nosniff and Cross-Origin-Resource-Policy of them, beside its own cache and content headers;
 * every document (the client's pages, the login pages), every JSON answer, every error, the
 * login pages' own assets, and a hashed script fetched as a worker keep all of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_SECURITY_HEADERS, HASHED_ASSETS } from '../../server/plugins/security.ts';
import { CLIENT_DIST, ensureClientBuilt } from '../e2e/support/build-client.ts';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';

let gw: TestGateway;
beforeAll(async () => {
  ensureClientBuilt();
  gw = await startGateway();
});
afterAll(async () => { await gw?.close(); });

/** The names of every security header the app sets (plugins/security.ts, as helmet makes them). */
const securityNames = () => Object.keys(gw.app.securityHeaders);

/** Every file of the build's hashed directory that a page loads as a subresource. */
function hashedFiles(): string[] {
  const dir = path.join(CLIENT_DIST, HASHED_ASSETS);
  return readdirSync(dir).filter((name) => /\.(js|css)$/.test(name)).map((name) => `${HASHED_ASSETS}${name}`);
}

function expectAllSecurityHeaders(headers: Record<string, unknown>, where: string) {
  const missing = securityNames().filter((name) => headers[name] !== gw.app.securityHeaders[name]);
  expect(missing, `${where} lacks`).toEqual([]);
}

describe('a hashed file of the client build', () => {
  it('the built page loads its scripts and stylesheets from the hashed directory', () => {
    const html = readFileSync(path.join(CLIENT_DIST, 'index.html'), 'utf8');
    const urls = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url.startsWith(HASHED_ASSETS), url).toBe(true);
  });

  it('carries nosniff and CORP of the security headers, and otherwise only its cache and content headers', async () => {
    const files = hashedFiles();
    expect(files.length).toBeGreaterThan(20);
    for (const url of files) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await gw.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, 'sec-fetch-dest': url.endsWith('.css') ? 'style' : 'script' } });
        expect(res.statusCode, url).toBe(200);
        expect(securityNames().filter((name) => name in res.headers).sort(), url).toEqual([...ASSET_SECURITY_HEADERS].sort());
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['cache-control']).toContain('immutable');
        expect(res.headers['content-type']).toMatch(/^(text\/css|(text|application)\/javascript)/);
        expect(Object.keys(res.headers).sort(), url).toEqual([
          ...ASSET_SECURITY_HEADERS, 'accept-ranges', 'cache-control', 'connection', 'content-language', 'content-length', 'content-type', 'date', 'etag', 'last-modified', 'vary', 'x-request-id',
          ...(encoding === 'identity' ? [] : ['content-encoding']),
        ].sort());
      }
    }
  });

  it('fetched to run as a worker, or with no Sec-Fetch-Dest, a document type or an error: the rule holds per answer', async () => {
    const [script] = hashedFiles().filter((f) => f.endsWith('.js'));
    const worker = await gw.app.inject({ method: 'GET', url: script!, headers: { 'sec-fetch-dest': 'worker' } });
    expect(worker.statusCode).toBe(200);
    expectAllSecurityHeaders(worker.headers, 'a hashed script fetched as a worker');
    const plain = await gw.app.inject({ method: 'GET', url: script! });
    expect(securityNames().filter((name) => name in plain.headers).sort()).toEqual([...ASSET_SECURITY_HEADERS].sort());
  });
});

describe('documents, JSON and errors keep every security header', () => {
  it.each([
    ['the client page (index.html fallback)', '/p/0', { accept: 'text/html' }],
    ['index.html by its own name', '/index.html', { accept: 'text/html' }],
    ['a page address under the hashed directory (index.html fallback)', `${HASHED_ASSETS}no-such-page`, { accept: 'text/html' }],
    ['an unknown hashed file (404 JSON)', `${HASHED_ASSETS}no-such-file.js`, {}],
    ['the login page', '/auth/login', { accept: 'text/html' }],
    ['the login page script', '/auth/assets/login.js', {}],
    ['the login page stylesheet', '/auth/assets/auth.css', {}],
    ['the runtime configuration (JSON)', '/ui/config', {}],
    ['an API call without a session (401 JSON)', '/api/me', {}],
    ['an unknown route (404 JSON)', '/api/no-such-route', {}],
    ['a health check', '/healthz', {}],
  ])('%s: %s', async (_what, url, headers) => {
    const res = await gw.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip', ...headers } });
    expectAllSecurityHeaders(res.headers, url);
  });

  it('a logged-in API answer, compressed or not', async () => {
    const browser = await login(gw.app, demoEmail('patient.open'));
    for (const url of ['/api/me', '/api/me/patient_files']) {
      const res = await gw.app.inject({ method: 'GET', url, headers: { cookie: browser.sessionCookie.split(';')[0]!, 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expectAllSecurityHeaders(res.headers, url);
    }
  });
});
