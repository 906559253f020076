/**
 * Live alerts (issue 11 §4): GET /api/events through the real gateway, over a real socket, fed
 * by PostgreSQL LISTEN/NOTIFY (PGlite's listen in the embedded mode).
 *
 * - On PostgreSQL an alert is raised by ANOTHER PROCESS (tests/helpers/raise-alert-process.ts,
 *   its own pool, raiseAlerts in a transaction): the stream of this process receives it. On
 *   PGlite (one process per database) it is raised in-process, on the app's own database.
 * - Who receives: the prescriber of the file's service and the establishment-wide operator do;
 *   a professional of another service, an establishment admin without patient-data privilege,
 *   the patient and their caregiver do not. "Nothing" is proven without waiting for a silence:
 *   a second alert on a file the caller does see is raised after, and it is the first event
 *   the stream gets (NOTIFYs reach a listener in commit order).
 * - Split mode: gateway and care API as two apps; the event passes through the proxy,
 *   uncompressed, with the session headers.
 */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCareApi } from '../../server/care-app.ts';
import { loadConfig } from '../../server/config.ts';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/database.ts';
import { patientFileIdsOf } from '../helpers/demo-data.ts';
import { openStream, raiseOn, urlOf, waitListening } from '../helpers/live-stream.ts';

/** Spawning a tsx process takes 15-20 s on the loaded 2-core machine: each test allows several. */
const SLOW = 180_000;

describe('live alerts through the gateway', () => {
  let gw: TestGateway;
  let base: string;
  let camille: string;
  let yasmine: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    gw = await startGateway();
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    base = urlOf(gw.app);
    await waitListening(gw.app);
    camille = (await patientFileIdsOf(gw.db.database.db, 'patient.open'))[0]!;
    // Yasmine Haddad's open file, Diabétologie at the Clinique des Tilleuls.
    yasmine = (await patientFileIdsOf(gw.db.database.db, 'patient.multi'))[0]!;
    for (const who of ['prescriber', 'operator', 'pro.two', 'admin.establishment', 'patient.open', 'caregiver']) {
      cookies[who] = (await login(gw.app, demoEmail(who))).sessionCookie;
    }
  });
  afterAll(async () => { await gw?.close(); });

  it('opens a text/event-stream, uncompressed, with the retry hint and the session header', async () => {
    const stream = await openStream(base, cookies.prescriber!);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['cache-control']).toContain('no-cache');
    expect(Number(stream.headers['x-session-expires-in'])).toBeGreaterThan(0);
    await expect.poll(() => stream.text()).toMatch(/^retry: \d+\n/);
    stream.close();
  });

  it(`forwards an alert raised ${usingPostgres ? 'by another process' : 'on the database'} to the professionals of the file's service, ids only`, async () => {
    const prescriber = await openStream(base, cookies.prescriber!);
    const operator = await openStream(base, cookies.operator!);
    await expect.poll(() => gw.app.liveAlerts.subscribers).toBeGreaterThanOrEqual(2);
    const batchId = await raiseOn(gw.db, camille);
    const seen = await prescriber.next((e) => e.batchId === batchId);
    expect(seen).toMatchObject({ type: 'alert.raised', batchId, patientFileId: camille, kinds: ['THRESHOLD'] });
    expect(seen.alertIds).toHaveLength(1);
    expect(Object.keys(seen).sort()).toEqual(['alertIds', 'batchId', 'kinds', 'patientFileId', 'serviceId', 'type']);
    await operator.next((e) => e.batchId === batchId);
    prescriber.close();
    operator.close();
  }, SLOW);

  it("sends nothing of another service's files, nor to a patient, a caregiver or an establishment admin", async () => {
    const prescriber = await openStream(base, cookies.prescriber!);
    const proTwo = await openStream(base, cookies['pro.two']!);
    const patient = await openStream(base, cookies['patient.open']!);
    const caregiver = await openStream(base, cookies.caregiver!);
    const admin = await openStream(base, cookies['admin.establishment']!);
    await expect.poll(() => gw.app.liveAlerts.subscribers).toBeGreaterThanOrEqual(5);
    const tilleuls = await raiseOn(gw.db, yasmine);
    // pro.two is operator at the Tilleuls: the alert was delivered to this process.
    await proTwo.next((e) => e.batchId === tilleuls);
    const marker = await raiseOn(gw.db, camille);
    const first = await prescriber.next(() => true);
    expect(first.batchId).toBe(marker);
    expect(prescriber.events.map((e) => e.batchId)).not.toContain(tilleuls);
    // The patient's own file and the file they follow: still nothing, the alerts are the team's.
    await proTwo.next((e) => e.batchId === marker);
    expect(patient.events).toEqual([]);
    expect(caregiver.events).toEqual([]);
    expect(admin.events).toEqual([]);
    for (const s of [prescriber, proTwo, patient, caregiver, admin]) s.close();
  }, SLOW);

  it('is refused without a session (401) and to a caller that is not an EventSource (406, translated)', async () => {
    const anonymous = await openStream(base, 'sid=none');
    expect(anonymous.status).toBe(401);
    const plain = await new Promise<{ status: number; body: string }>((resolve) => {
      http.get(`${base}/api/events?l=ar`, { headers: { cookie: cookies.prescriber!.split(';')[0]!, accept: 'application/json' } }, (res) => {
        let body = '';
        res.on('data', (c) => { body += c; });
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
    });
    expect(plain.status).toBe(406);
    expect(JSON.parse(plain.body)).toMatchObject({ code: 'event_stream_only', message: expect.stringContaining('EventSource') });
  });

  it('ends the open streams when the app closes', async () => {
    const other = await startGateway({}, { db: gw.db, demo: false });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    await waitListening(other.app);
    const stream = await openStream(urlOf(other.app), (await login(other.app, demoEmail('prescriber'))).sessionCookie);
    await expect.poll(() => other.app.liveAlerts.subscribers).toBe(1);
    await other.app.close();
    await stream.ended;
  }, SLOW);
});

describe('live alerts in split mode (gateway → care API)', () => {
  const KEY = 'alerts-live-split-signing-key-0123456789abcdef';
  let db: TestDatabase;
  let care: FastifyInstance;
  let gw: TestGateway;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({}, { LOG_LEVEL: 'silent', IDENTITY_SIGNING_KEY: KEY });
    care = await buildCareApi({ config, database: db.database, now: () => gw.clock.now() });
    await care.listen({ port: 0, host: '127.0.0.1' });
    gw = await startGateway({ CARE_API_URL: urlOf(care), IDENTITY_SIGNING_KEY: KEY }, { db });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    await waitListening(care);
  });
  afterAll(async () => {
    await gw?.close();
    await care?.close();
    await db?.drop();
  });

  it('passes the stream and its events through the proxy, unbuffered and uncompressed', async () => {
    const camille = (await patientFileIdsOf(db.database.db, 'patient.open'))[0]!;
    const browser = await login(gw.app, demoEmail('prescriber'));
    const stream = await openStream(urlOf(gw.app), browser.sessionCookie);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(Number(stream.headers['x-session-expires-in'])).toBeGreaterThan(0);
    await expect.poll(() => care.liveAlerts.subscribers).toBe(1);
    const batchId = await raiseOn(db, camille);
    await stream.next((e) => e.batchId === batchId);
    stream.close();
    // The gateway's request ended: the care API's stream ends too.
    await expect.poll(() => care.liveAlerts.subscribers).toBe(0);
  }, SLOW);
});
