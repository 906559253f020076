/**
 * A retry after the gateway died mid-answer (issue 18 "Retries"): the first call's records and its
 * key committed, the process killed (SIGKILL) before its answer left, the client saw the
 * connection drop. After a restart on the same database, the same call with the same key stores
 * nothing more and gets the first answer, replayed. A gateway process of its own
 * (tests/helpers/crashing-gateway-process.ts), on PGlite (a data directory) and on PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { caregivers, idempotencyKeys, indicators, measures, patientFiles, services } from '../../server/db/schema.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { createTestDatabase, PGLITE_DEMO_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV, type TestDatabase } from '../helpers/database.ts';
import { DEMO_PASSWORD, demoEmail, loginToken } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

const root = path.resolve(import.meta.dirname, '../..');
let pg: TestDatabase | undefined;
let dataDir: string | undefined;
const ids = { file: '', indicator: '' };

/** The test's own handle on the database, while no gateway holds it (PGlite: one process at a time). */
async function withDatabase<T>(use: (db: Database['db']) => Promise<T>): Promise<T> {
  if (pg) return use(pg.database.db);
  const database = await openDatabase({ dataDir: dataDir! });
  try { return await use(database.db); } finally { await database.close(); }
}

interface Gateway { url: string; child: ChildProcess; exited: Promise<unknown> }

async function startGateway(): Promise<Gateway> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/crashing-gateway-process.ts'], {
    cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GATEWAY_DATABASE_URL: pg?.url ?? '', GATEWAY_DATA_DIR: dataDir ?? '' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => { errors += chunk.toString(); });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then(() => reject(new Error(`gateway exited before listening:\n${errors}`)));
  });
  return { url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`, child, exited };
}

async function stop(gateway: Gateway) {
  if (gateway.child.exitCode === null && gateway.child.signalCode === null) gateway.child.kill('SIGTERM');
  await gateway.exited;
}

beforeAll(async () => {
  // The same world on both engines: migrated, the demo provisioned, one new file of the demo patient.
  if (process.env.TEST_DATABASE_URL) {
    pg = await createTestDatabase({ demo: true });
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'telesuivi-idempotency-'));
    // The global setup's dump, unpacked into the directory: seconds instead of migrating and provisioning.
    const template = [process.env[PGLITE_DEMO_TEMPLATE_ENV], process.env[PGLITE_TEMPLATE_ENV]].find((f) => f && existsSync(f));
    if (template) {
      const client = new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(template)]), extensions: { pg_trgm, unaccent } });
      await client.waitReady;
      await client.close();
    }
  }
  await withDatabase(async (db) => {
    await provisionDemo(db);
    const [s] = await db.select({ id: services.id }).from(services)
      .where(and(eq(services.establishmentId, await establishmentIdOf(db, 'chu-azur')), eq(services.name, 'Cardiologie')));
    const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId: s!.id, status: 'OPEN' }).returning();
    await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, 'caregiver') });
    const [indicator] = await db.select({ id: indicators.id }).from(indicators)
      .where(and(eq(indicators.reference, 'heart_rate'), eq(indicators.establishmentId, await establishmentIdOf(db, 'chu-azur'))));
    ids.file = file!.id;
    ids.indicator = indicator!.id;
  });
}, 240_000);

afterAll(async () => {
  await pg?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('a retry after the gateway was killed mid-answer stores nothing more and replays the first answer', async () => {
  let gateway = await startGateway();
  try {
    const agent = request.agent(gateway.url);
    const token = loginToken((await agent.get('/auth/login').expect(200)).text);
    expect((await agent.post('/auth/login').set('x-csrf-token', token!).send({ email: demoEmail('operator'), password: DEMO_PASSWORD })).status).toBe(200);
    const csrf = String((await agent.get('/api/me')).headers['x-csrf-token']);
    const key = 'device-42-upload-0001';
    const body = { data: [{ indicatorId: ids.indicator, value: 188 }, { indicatorId: ids.indicator, value: 66 }] };
    const send = () => agent.post(`/api/patient_files/${ids.file}/indicators/data`).set('x-csrf-token', csrf).set('Idempotency-Key', key);

    // The answer never arrives: the process died with it.
    await expect(send().set('x-test-crash', 'after-commit').send(body)).rejects.toThrow(/socket hang up|ECONNRESET/);
    await gateway.exited;
    expect(gateway.child.signalCode).toBe('SIGKILL');

    gateway = await startGateway();
    // The session is in the database: the same browser goes on after the restart.
    const retried = await request(gateway.url).post(`/api/patient_files/${ids.file}/indicators/data`)
      .set('cookie', (await agent.jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false })).map((c) => c.toValueString()).join('; '))
      .set('x-csrf-token', csrf).set('Idempotency-Key', key).send(body);
    expect(retried.status, retried.text).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body.measures.map((m: { value: number }) => m.value)).toEqual([188, 66]);
    await stop(gateway);

    await withDatabase(async (db) => {
      const stored = await db.select({ id: measures.id }).from(measures).where(eq(measures.patientFileId, ids.file));
      expect(stored.map((m) => m.id).sort()).toEqual(retried.body.measures.map((m: { id: string }) => m.id).sort());
      expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
    });
  } finally {
    await stop(gateway);
  }
}, 180_000);
