/**
 * Issue 19, "A connection that hangs": an answer given before the request's body was read (413,
 * 415, a refused upload, 401, 403) left the rest of the body unread on a keep-alive connection,
 * and the next request on it got no answer until the keep-alive timeout reset it (73 s). Each
 * kind of early refusal is sent here on ONE socket, its answer read, then a second request sent
 * on the same socket: it is answered, or the first answer said `Connection: close` and the
 * server closed the connection (so a client knows to open another). Never a hang: every wait
 * is bounded. On the gateway, on the care API alone, and through the gateway in front of it.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCareApi } from '../../server/care-app.ts';
import { loadConfig } from '../../server/config.ts';
import { IDENTITY_HEADER, signIdentity, type Identity } from '../../server/identity.ts';
import { loadGrants } from '../../server/care/access.ts';
import { loadUserSnapshot } from '../../server/shared/user-snapshot.ts';
import { users } from '../../server/db/schema.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { calls, pdf } from '../helpers/questionnaires.ts';
import { RawConnection } from '../helpers/raw-http.ts';
import { DRAIN_LIMIT_BYTES } from '../../server/http/unread-body.ts';

const KEY = 'keep-alive-refusals-signing-key-0123456789abcdef';
const MB = 1_048_576;

/** A JSON body of about `size` bytes, well formed. */
const jsonOf = (size: number) => Buffer.from(JSON.stringify({ selectedTimezone: 'x'.repeat(size) }));
/** `bytes` as one chunk of a chunked body, then its end. */
const chunked = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n0\r\n\r\n')]);

const BOUNDARY = 'keep-alive-test-boundary';
/** A multipart body whose one file is a PDF of `size` bytes. */
function uploadOf(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  pdf().copy(bytes);
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

interface Refusal {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** The body is sent chunked, without Content-Length. */
  chunked?: boolean;
  status: number;
  code: string;
}

/** The request's bytes on the wire: head, then body. */
function wire(r: Refusal): Buffer {
  const length = r.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(r.body.length) };
  const headers = { host: 'localhost', ...r.headers, ...length };
  const head = `${r.method} ${r.path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head), r.chunked ? chunked(r.body) : r.body]);
}

/**
 * Sends `refusal` on a new socket, reads its answer, then sends GET /api/me as `auth` on the
 * same socket. Answers the second answer's status, or 'closed' when the first said
 * `Connection: close` and the server then closed the connection.
 */
async function nextOnSameSocket(port: number, refusal: Refusal, auth: Record<string, string>): Promise<number | 'closed'> {
  const connection = await RawConnection.open(port);
  try {
    connection.write(wire(refusal));
    const first = await connection.answer(10_000);
    expect([first.status, JSON.parse(first.body).code], first.body).toEqual([refusal.status, refusal.code]);
    if (first.headers.connection?.toLowerCase() === 'close') {
      await connection.closed(10_000);
      return 'closed';
    }
    const headers = Object.entries({ host: 'localhost', ...auth }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    connection.write(`GET /api/me HTTP/1.1\r\n${headers}\r\n`);
    return (await connection.answer(10_000)).status;
  } finally {
    connection.destroy();
  }
}

const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;
const UNKNOWN_FILE = '/api/files/00000000-0000-4000-8000-000000000000/upload';

/** Who sends: `auth` lets the call through, `noToken` is the same session without its anti-forgery token. */
interface Caller { auth: Record<string, string>; noToken?: Record<string, string>; uploadUrl: string }

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
const multipart = (headers: Record<string, string>) => ({ ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` });

/** Each kind of answer given before the body was read; undefined where the app has no such refusal. */
const REFUSALS: [string, (c: Caller) => Refusal | undefined][] = [
  ['a JSON body over the limit by Content-Length (413)', (c) => ({ method: 'PUT', path: '/api/me/timezone', headers: json(c.auth), body: jsonOf(3 * MB), status: 413, code: 'payload_too_large' })],
  ['a JSON body over the limit while streaming, chunked (413)', (c) => ({ method: 'PUT', path: '/api/me/timezone', headers: json(c.auth), body: jsonOf(3 * MB), chunked: true, status: 413, code: 'payload_too_large' })],
  ['a body of an unsupported type (415)', (c) => ({ method: 'PUT', path: '/api/me/timezone', headers: { ...c.auth, 'content-type': 'application/xml' }, body: Buffer.alloc(MB / 2, 0x61), status: 415, code: 'unsupported_media_type' })],
  ['an upload over 20 MB (400 file_too_large)', (c) => ({ method: 'POST', path: c.uploadUrl, headers: multipart(c.auth), body: uploadOf(25 * MB), status: 400, code: 'file_too_large' })],
  ['a chunked upload over 20 MB (400 file_too_large)', (c) => ({ method: 'POST', path: c.uploadUrl, headers: multipart(c.auth), body: uploadOf(25 * MB), chunked: true, status: 400, code: 'file_too_large' })],
  ['an upload to a file that is not found (404)', (c) => ({ method: 'POST', path: UNKNOWN_FILE, headers: multipart(c.auth), body: uploadOf(5 * MB), status: 404, code: 'not_found' })],
  ['a body without a session (401)', () => ({ method: 'PUT', path: '/api/me/timezone', headers: json({}), body: jsonOf(3 * MB), status: 401, code: 'insufficient_authentication' })],
  ['an upload without a session (401)', () => ({ method: 'POST', path: UNKNOWN_FILE, headers: multipart({}), body: uploadOf(5 * MB), status: 401, code: 'insufficient_authentication' })],
  ['a body without the anti-forgery token (403)', (c) => c.noToken && ({ method: 'PUT', path: '/api/me/timezone', headers: json(c.noToken), body: jsonOf(3 * MB), status: 403, code: 'csrf_token_invalid' })],
  ['an upload without the anti-forgery token (403)', (c) => c.noToken && ({ method: 'POST', path: c.uploadUrl, headers: multipart(c.noToken), body: uploadOf(5 * MB), status: 403, code: 'csrf_token_invalid' })],
  // The gateway's login form checks its token before reading the body (auth/routes.ts, preParsing).
  ['a login form without its token (403)', (c) => c.noToken && ({ method: 'POST', path: '/auth/login', headers: json({}), body: jsonOf(MB / 2), status: 403, code: 'csrf_token_invalid' })],
];

/** A logged-in browser on a raw socket: its cookie and token, and a prepared file to upload to. */
async function browserCaller(gw: TestGateway): Promise<() => Promise<Caller>> {
  const b = await login(gw.app, demoEmail('patient.open'));
  const cookie = b.sessionCookie.split(';')[0]!;
  return async () => ({ auth: { cookie, 'x-csrf-token': b.csrf }, noToken: { cookie }, uploadUrl: (await calls(b).prepare('big.pdf')).body.upload_url });
}

/**
 * The refusals through `port`, and a second call (GET /api/me) after each on the same socket:
 * answered there (the rest of the body was read and thrown away), or, where `mayClose`, the
 * connection closed after an answer that said so.
 */
function eachRefusal(setup: () => { port: number; caller: () => Promise<Caller>; refusal?: (r: Refusal) => Refusal; mayClose?: boolean }) {
  it.each(REFUSALS)('%s', async (what, build) => {
    const { port, caller, refusal = (r) => r, mayClose = false } = setup();
    const c = await caller();
    const r = build(c);
    if (!r) return;
    const next = await nextOnSameSocket(port, refusal(r), c.auth);
    if (mayClose) expect(next, what).toSatisfy((v) => v === 200 || v === 'closed');
    else expect(next, what).toBe(200);
  }, 60_000);
}

describe('the gateway, care API in the same process', () => {
  let gw: TestGateway;
  let caller: () => Promise<Caller>;
  beforeAll(async () => {
    gw = await startGateway();
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    caller = await browserCaller(gw);
  });
  afterAll(async () => { await gw?.close(); });
  eachRefusal(() => ({ port: portOf(gw.app), caller }));

  it('reads no more than DRAIN_LIMIT_BYTES of a refused body: past them, the connection ends after the answer', async () => {
    const { auth } = await caller();
    const connection = await RawConnection.open(portOf(gw.app));
    try {
      const refusal: Refusal = { method: 'PUT', path: '/api/me/timezone', headers: json(auth), body: jsonOf(DRAIN_LIMIT_BYTES + 8 * MB), status: 413, code: 'payload_too_large' };
      connection.write(wire(refusal));
      expect((await connection.answer(10_000)).status).toBe(413);
      await connection.closed(30_000);
    } finally {
      connection.destroy();
    }
  }, 60_000);
});

describe('the care API alone (split mode), called with a signed identity', () => {
  let db: TestDatabase;
  let care: FastifyInstance;
  let identity: Identity;
  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    await provisionDemo(db.database.db);
    care = await buildCareApi({ config: loadConfig({}, { LOG_LEVEL: 'silent', IDENTITY_SIGNING_KEY: KEY }), database: db.database });
    await care.listen({ port: 0, host: '127.0.0.1' });
    const [row] = await db.database.db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('patient.open')));
    identity = {
      user: (await loadUserSnapshot(db.database.db, row!.id))!, grants: await loadGrants(db.database.db, row!.id),
      sessionIdHash: 'x'.repeat(43), sessionExpiresIn: 1800, locale: 'fr', timeZone: 'UTC',
    };
  });
  afterAll(async () => {
    await care?.close();
    await db?.drop();
  });
  const caller = async (): Promise<Caller> => {
    const auth = { [IDENTITY_HEADER]: signIdentity(identity, KEY, Date.now()) };
    const prepared = await care.inject({ method: 'POST', url: '/api/files/prepare', headers: auth, payload: { name: 'big.pdf' } });
    return { auth, uploadUrl: prepared.json<{ upload_url: string }>().upload_url };
  };
  // Without a signed identity the care API answers 401 invalid_identity (it knows no sessions).
  const refusal = (r: Refusal): Refusal => (r.code === 'insufficient_authentication' ? { ...r, code: 'invalid_identity' } : r);
  eachRefusal(() => ({ port: portOf(care), caller, refusal }));
});

describe('the gateway in front of the care API (split mode)', () => {
  let db: TestDatabase;
  let care: FastifyInstance;
  let gw: TestGateway;
  let caller: () => Promise<Caller>;
  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    care = await buildCareApi({ config: loadConfig({}, { LOG_LEVEL: 'silent', IDENTITY_SIGNING_KEY: KEY }), database: db.database, now: () => gw.clock.now() });
    await care.listen({ port: 0, host: '127.0.0.1' });
    gw = await startGateway({ CARE_API_URL: `http://127.0.0.1:${portOf(care)}`, IDENTITY_SIGNING_KEY: KEY }, { db });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    caller = await browserCaller(gw);
  });
  afterAll(async () => {
    await gw?.close();
    await care?.close();
    await db?.drop();
  });
  // The second call goes through the proxy too: the gateway's connections to the care API must
  // not hang either. A body the care API refused while the gateway was still passing it on
  // ends the browser's connection with `Connection: close` (@fastify/reply-from's own rule, the
  // body stream having been ended upstream); the care API's answer still arrives.
  eachRefusal(() => ({ port: portOf(gw.app), caller, mayClose: true }));
});
