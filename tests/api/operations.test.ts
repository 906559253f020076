/** Issue 2 §9–10: health and readiness, security headers, request ids, and the OpenAPI document generated from the route schemas. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from '../helpers/app.ts';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway({}, { demo: false }); });
afterAll(async () => { await gw.close(); });

const anonymous = () => request(gw.app.server);

describe('health', () => {
  it('/healthz: the process answers', async () => {
    await anonymous().get('/healthz').expect(200, { status: 'ok' });
  });

  it('/readyz: the database answers', async () => {
    await anonymous().get('/readyz').expect(200, { status: 'ready' });
  });
});

describe('security headers', () => {
  const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

  it.each(['/auth/login', '/api/me', '/ui/config', '/no/such/page'])('%s has a strict Content-Security-Policy and nosniff', async (path) => {
    const res = await anonymous().get(path);
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]); // neither 'unsafe-inline' nor 'unsafe-eval'
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http here
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('the login and logout pages need no inline script to run under that policy', async () => {
    for (const path of ['/auth/login?branding=azur', '/auth/login?l=ar']) {
      const html = (await anonymous().get(path).expect(200)).text;
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toMatch(/\ssrc="\/auth\/assets\/[a-z-]+\.js"/);
      expect(html).not.toMatch(/<script\b[^>]*>\s*[^<\s]/);
      expect(html).not.toMatch(/\son[a-z]+=/i);
    }
    const asset = await anonymous().get('/auth/assets/login.js').expect(200);
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('login pages are never cached', async () => {
    expect((await anonymous().get('/auth/login')).headers['cache-control']).toBe('no-store');
  });
});

describe('request ids', () => {
  it('every answer carries one; a well-formed caller id is kept for correlation, anything else replaced', async () => {
    const fresh = await anonymous().get('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await anonymous().get('/healthz').set('x-request-id', 'lb-7f3a9c21');
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21');
    const replaced = await anonymous().get('/healthz').set('x-request-id', 'not a <request> id');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI document', () => {
  let doc: { openapi: string; info: { version: string }; paths: Record<string, Record<string, { responses?: Record<string, unknown>; parameters?: { name: string; in: string; schema?: { maximum?: number } }[] }>> };
  beforeAll(async () => { doc = (await anonymous().get('/openapi.json').expect(200)).body; });

  it('lists the core API', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('4.12.1');
    for (const path of ['/api/me', '/api/me/privileges', '/api/me/patient_files', '/api/establishments', '/api/establishments/{id}/theme', '/api/patient_files/{id}']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const pageSize = doc.paths['/api/establishments']!.get!.parameters!.find((p) => p.name === 'pageSize');
    expect(pageSize).toMatchObject({ in: 'query', schema: { enum: [3, 5, 7, 10, 15, 20, 25, 50, 999] } });
  });

  it('documents every registered /api route (but HEAD), each with its success response schema', () => {
    // HEAD routes are left out of the document by @fastify/swagger.
    const apiRoutes = gw.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(apiRoutes.length).toBeGreaterThan(5);
    for (const { method, url } of apiRoutes) {
      const operation = doc.paths[url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation, `${method} ${url}`).toBeDefined();
      expect(Object.keys(operation!.responses ?? {}).some((status) => /^2/.test(status)), `${method} ${url}`).toBe(true);
    }
  });
});
