/**
 * Issue 8, what a user downloads: the built client is sent precompressed (brotli when accepted,
 * gzip otherwise, as it is without Accept-Encoding), index.html included; JSON and the login
 * pages are compressed above the measured threshold, in the embedded and the split mode, with
 * ETag/304 intact; stored files are never recompressed. Every compressed body must decode to
 * the very bytes of the uncompressed one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCareApi } from '../../server/care-app.ts';
import { loadConfig } from '../../server/config.ts';
import { answerEncoding, COMPRESSION_THRESHOLD, DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL } from '../../server/plugins/compression.ts';
import { COMPRESSIBLE } from '../../client/vite-plugins/precompress.ts';
import { CLIENT_DIST, ensureClientBuilt } from '../e2e/support/build-client.ts';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { layoutPath } from '../helpers/layouts.ts';
import { calls, formIdOf, MIME, newPatientFile, PNG, uploadFile } from '../helpers/questionnaires.ts';

const decode: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, none: (b) => b };
/** What each Accept-Encoding must get: brotli when accepted, gzip otherwise, else the bytes as they are. */
const NEGOTIATION: [string | undefined, string][] = [
  ['gzip, deflate, br, zstd', 'br'], ['br', 'br'], ['gzip, deflate', 'gzip'], ['gzip', 'gzip'],
  ['deflate', 'none'], ['identity', 'none'], [undefined, 'none'],
];
const sessionCookie = (cookie: string) => cookie.split(';')[0]!;

/** GET through the real HTTP stack of app.inject, which, unlike supertest, never decodes. */
async function get(app: FastifyInstance, url: string, headers: Record<string, string | undefined> = {}) {
  const res = await app.inject({ method: 'GET', url, headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string> });
  const encoding = (res.headers['content-encoding'] as string | undefined) ?? 'none';
  return { res, encoding, decoded: decode[encoding]!(res.rawPayload) };
}

/** The page's scripts: its entry and the modules it preloads, largest first (the entry is a few imports). */
const scriptsOf = (html: string) => [...html.matchAll(/<(?:script[^>]+src|link rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]!)
  .sort((a, b) => statSync(path.join(CLIENT_DIST, b)).size - statSync(path.join(CLIENT_DIST, a)).size);

let gw: TestGateway;
beforeAll(async () => {
  ensureClientBuilt();
  gw = await startGateway();
});
afterAll(async () => { await gw?.close(); });

describe('the built client', () => {
  it('has a .br and a .gz next to every text file, each decoding to the file', () => {
    const files = readdirSync(CLIENT_DIST, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    const text = files.filter((f) => COMPRESSIBLE.test(f));
    expect(text.length).toBeGreaterThan(20);
    for (const file of text) {
      const original = readFileSync(file);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(original), `${file}.br`).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(original), `${file}.gz`).toBe(true);
    }
  });

  it.each(NEGOTIATION)('sends a script asked with Accept-Encoding %s as %s, with its length, Vary, and the original bytes', async (accept, expected) => {
    const index = readFileSync(path.join(CLIENT_DIST, 'index.html'), 'utf8');
    const [entry] = scriptsOf(index);
    expect(entry).toMatch(/^\/assets\/.+\.js$/);
    const original = readFileSync(path.join(CLIENT_DIST, entry!));
    const { res, encoding, decoded } = await get(gw.app, entry!, { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(encoding).toBe(expected);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    if (expected !== 'none') expect(res.rawPayload.length).toBeLessThan(original.length / 2);
    expect(decoded.equals(original)).toBe(true);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it.each(NEGOTIATION)('sends index.html for a page address, Accept-Encoding %s, as %s', async (accept, expected) => {
    const original = readFileSync(path.join(CLIENT_DIST, 'index.html'));
    const { res, encoding, decoded } = await get(gw.app, '/p/0', { accept: 'text/html', 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(encoding).toBe(expected);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded.equals(original)).toBe(true);
  });

  it('does not serve the compressed copies under their own names', async () => {
    const index = readFileSync(path.join(CLIENT_DIST, 'index.html'), 'utf8');
    const [entry] = scriptsOf(index);
    expect((await get(gw.app, `${entry}.br`)).res.statusCode).toBe(404);
    expect((await get(gw.app, `${entry}.gz`)).res.statusCode).toBe(404);
  });
});

describe('answers built per request', () => {
  it.each(NEGOTIATION)('the login page and its assets, Accept-Encoding %s: %s above the threshold', async (accept, expected) => {
    for (const url of ['/auth/login', '/auth/assets/auth.css', '/auth/assets/login.js']) {
      const plain = await get(gw.app, url);
      const { res, encoding, decoded } = await get(gw.app, url, { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(encoding, url).toBe(plain.res.rawPayload.length >= COMPRESSION_THRESHOLD ? expected : 'none');
      // The login page carries a fresh anti-forgery token each time: compare without it.
      const text = (b: Buffer) => b.toString('utf8').replace(/content="[^"]{20,}"/g, '');
      expect(text(decoded)).toBe(text(plain.res.rawPayload));
    }
  });

  it('compresses a layout (JSON above the threshold) and keeps its ETag and 304', async () => {
    const patient = await login(gw.app, demoEmail('patient.open'));
    const structure = await establishmentIdOf(gw.db.database.db, 'chu-azur');
    const url = layoutPath('patient-home', structure);
    const cookie = sessionCookie(patient.sessionCookie);
    const plain = await get(gw.app, url, { cookie });
    expect(plain.res.statusCode).toBe(200);
    expect(plain.encoding).toBe('none');
    expect(plain.res.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const etag = plain.res.headers.etag as string;
    for (const [accept, expected] of NEGOTIATION) {
      const { res, encoding, decoded } = await get(gw.app, url, { cookie, 'accept-encoding': accept });
      expect(encoding).toBe(expected);
      expect(res.headers.etag).toBe(etag);
      expect(decoded.equals(plain.res.rawPayload)).toBe(true);
      if (expected !== 'none') expect(res.headers.vary).toMatch(/accept-encoding/i);
      const revalidated = await get(gw.app, url, { cookie, 'accept-encoding': accept, 'if-none-match': etag });
      expect(revalidated.res.statusCode).toBe(304);
      expect(revalidated.res.rawPayload.length).toBe(0);
    }
  });

  it('compresses JSON built per request at the fast level, in one call, with its length (issue 19, Load)', async () => {
    const patient = await login(gw.app, demoEmail('patient.open'));
    const url = layoutPath('patient-home', await establishmentIdOf(gw.db.database.db, 'chu-azur'));
    const cookie = sessionCookie(patient.sessionCookie);
    const plain = (await get(gw.app, url, { cookie })).res.rawPayload;
    expect(plain.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const br = await get(gw.app, url, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' });
    // The very bytes of brotli at the dynamic quality (4), not 11: 11 costs ~2 ms of CPU per answer.
    const fast = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } });
    expect(br.encoding).toBe('br');
    expect(br.res.rawPayload.equals(fast)).toBe(true);
    expect(Number(br.res.headers['content-length'])).toBe(fast.length);
    expect(br.res.headers['transfer-encoding']).toBeUndefined();
    const gz = await get(gw.app, url, { cookie, 'accept-encoding': 'gzip' });
    expect(gz.encoding).toBe('gzip');
    expect(gz.decoded.equals(plain)).toBe(true);
    expect(Number(gz.res.headers['content-length'])).toBe(gzipSync(plain, { level: DYNAMIC_GZIP_LEVEL }).length);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'], ['br;q=0.5, gzip', 'gzip'], ['br;q=0, gzip;q=0.1', 'gzip'], ['*', 'br'], ['x-gzip', 'gzip'],
    ['gzip;q=0, *;q=0.5', 'br'], ['deflate, identity', undefined], ['br;q=0, gzip;q=0', undefined], ['', undefined],
  ])('negotiates Accept-Encoding %j as %s', (header, expected) => {
    expect(answerEncoding(header)).toBe(expected);
  });

  it('leaves JSON below the threshold as it is', async () => {
    const { res, encoding } = await get(gw.app, '/healthz', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(encoding).toBe('none');
  });

  it('never recompresses a stored file', async () => {
    const patient = await login(gw.app, demoEmail('patient.open'));
    const big = Buffer.concat([PNG, Buffer.alloc(8 * COMPRESSION_THRESHOLD)]);
    const id = await uploadFile(patient, big, 'photo.png', MIME.png);
    const { res, encoding, decoded } = await get(gw.app, `/api/files/${id}/download`, { cookie: sessionCookie(patient.sessionCookie), 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(encoding).toBe('none');
    expect(decoded.equals(big)).toBe(true);
  });
});

describe('split mode: JSON compressed by the care API, passed through by the gateway', () => {
  const KEY = 'compression-test-signing-key-0123456789abcdef';
  let db: TestDatabase;
  let care: FastifyInstance;
  let split: TestGateway;
  beforeAll(async () => {
    db = await createTestDatabase();
    care = await buildCareApi({ config: loadConfig({}, { LOG_LEVEL: 'silent', IDENTITY_SIGNING_KEY: KEY }), database: db.database });
    await care.listen({ port: 0, host: '127.0.0.1' });
    split = await startGateway({ CARE_API_URL: `http://127.0.0.1:${(care.server.address() as AddressInfo).port}`, IDENTITY_SIGNING_KEY: KEY }, { db });
  });
  afterAll(async () => {
    await split?.close();
    await care?.close();
    await db?.drop();
  });

  it.each(NEGOTIATION)('a questionnaire definition (PHQ-9, as the patient gets it) asked with Accept-Encoding %s arrives as %s and decodes to the same JSON', async (accept, expected) => {
    // Assigned by the prescriber (through the proxy too), then asked for by the patient.
    const form = await formIdOf(db.database.db, 'chu-azur', 'PHQ-9');
    const file = await newPatientFile(db.database.db);
    expect((await calls(await login(split.app, demoEmail('prescriber'))).assign(file, form)).status).toBe(200);
    const cookie = sessionCookie((await login(split.app, demoEmail('patient.open'))).sessionCookie);
    const url = `/api/patient_files/${file}/forms/${form}`;
    const plain = await get(split.app, url, { cookie });
    expect(plain.res.statusCode).toBe(200);
    expect(plain.res.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const { res, encoding, decoded } = await get(split.app, url, { cookie, 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(encoding).toBe(expected);
    expect(JSON.parse(decoded.toString('utf8'))).toEqual(JSON.parse(plain.res.rawPayload.toString('utf8')));
  });

  it('passes small JSON through as it is', async () => {
    const pro = await login(split.app, demoEmail('pro.two'));
    const { res, encoding } = await get(split.app, '/api/no-such-route', { cookie: sessionCookie(pro.sessionCookie), 'accept-encoding': 'br, gzip' });
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(encoding).toBe('none');
  });
});
