/**
 * Virus scanning of uploads (issue 20 §1, server/storage/virus-scan.ts): with a ClamAV daemon
 * configured, each upload is scanned after it is stored and before its record points at the
 * bytes. Clean: uploaded as before and attachable. Infected: 400 file_infected, in the caller's
 * language, the bytes removed and the file still not uploaded. The daemon unreachable: 503
 * virus_scanner_unavailable (fail closed), nothing kept.
 *
 * Two daemons: a fake one (a unix socket server speaking clamd's INSTREAM: `zINSTREAM\0`, chunks
 * each after its 4-byte big-endian length, a zero length to end, answered `stream: OK` or
 * `stream: <name> FOUND`), which always runs; and the real clamd when its binary is installed
 * (`apt-get install clamav-daemon`), started with a temporary configuration and a database of one
 * signature, EICAR's test string — no internet, no freshclam. Uploads are type-checked before
 * they are stored, so the infected file is a PDF carrying the EICAR string; the signature is a
 * body signature (.ndb: EICAR's bytes anywhere in the file) rather than a hash of a bare EICAR
 * file, which the type check would refuse before any scan.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileChunks, files } from '../../server/db/schema.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { calls, MIME, newPatientFile, pdf } from '../helpers/questionnaires.ts';

/** EICAR's standard antivirus test string (68 bytes): harmless, named by every scanner. */
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
/** A PDF that carries the EICAR string: a type uploads accept, with the test "virus" inside. */
const infectedPdf = () => Buffer.concat([pdf('Ordonnance'), Buffer.from(`\n%${EICAR}\n`)]);

/** A fake clamd on a unix socket: answers each INSTREAM after reading it all, by `verdict`. */
async function fakeClamd(socketPath: string) {
  const state = { verdict: (bytes: Buffer): string => (bytes.includes(EICAR) ? `stream: Eicar-Test-Signature FOUND\0` : 'stream: OK\0'), scanned: 0 };
  const server: Server = createServer((socket: Socket) => {
    let buffer = Buffer.alloc(0);
    let command = false;
    const body: Buffer[] = [];
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      if (!command) {
        const end = buffer.indexOf(0);
        if (end < 0) return;
        expect(buffer.subarray(0, end).toString()).toBe('zINSTREAM');
        buffer = buffer.subarray(end + 1);
        command = true;
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          state.scanned += 1;
          socket.end(state.verdict(Buffer.concat(body)));
          return;
        }
        if (buffer.length < 4 + length) return;
        body.push(buffer.subarray(4, 4 + length));
        buffer = buffer.subarray(4 + length);
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return { state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function uploads(gw: TestGateway, b: Browser, bytes: Buffer, l = '') {
  const c = calls(b);
  const prepared = await c.prepare('ordonnance.pdf');
  expect(prepared.status, prepared.text).toBe(200);
  const res = await c.upload(`${prepared.body.upload_url}${l && `?l=${l}`}`, [{ bytes, filename: 'ordonnance.pdf', contentType: MIME.pdf }]);
  const [row] = await gw.db.database.db.select().from(files).where(eq(files.id, prepared.body.id as string));
  return { res, id: prepared.body.id as string, row: row! };
}
const chunksIn = async (gw: TestGateway) => (await gw.db.database.db.select({ n: count() }).from(fileChunks))[0]!.n;

describe('with a fake clamd', () => {
  let dir: string;
  let gw: TestGateway;
  let clamd: Awaited<ReturnType<typeof fakeClamd>>;
  let patient: Browser;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clamd-fake-'));
    clamd = await fakeClamd(join(dir, 'clamd.sock'));
    gw = await startGateway({ CLAMAV_SOCKET: join(dir, 'clamd.sock'), CLAMD_TIMEOUT_MS: 5000 });
    patient = await login(gw.app, demoEmail('patient.open'));
  });
  afterAll(async () => {
    await gw?.close();
    await clamd?.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });

  it('a clean file is scanned, uploaded and attachable', async () => {
    const before = clamd.state.scanned;
    const { res, row } = await uploads(gw, patient, pdf('Bilan'));
    expect(res.status, res.text).toBe(200);
    expect(clamd.state.scanned).toBe(before + 1);
    expect(row.storageKey).not.toBeNull();
    const file = await newPatientFile(gw.db.database.db);
    const doc = await patient.agent.post(`/api/patient_files/${file}/documents`).set('x-csrf-token', patient.csrf).send({ title: 'Bilan', type: 'REPORT', fileId: row.id });
    expect(doc.status, doc.text).toBe(201);
  });

  it('an infected file is refused with its code in the caller\'s language, its bytes not kept', async () => {
    const chunks = await chunksIn(gw);
    const { res, row } = await uploads(gw, patient, infectedPdf(), 'en');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'file_infected', message: 'This file contains a virus: it was refused and deleted.', field: 'body.file' });
    expect(row).toMatchObject({ storageKey: null, uploadedAt: null });
    expect(await chunksIn(gw)).toBe(chunks);
    // Not attachable: it was never uploaded.
    const file = await newPatientFile(gw.db.database.db);
    const doc = await patient.agent.post(`/api/patient_files/${file}/documents`).set('x-csrf-token', patient.csrf).send({ title: 'Virus', type: 'REPORT', fileId: row.id });
    expect(doc.body.code).toBe('file_missing');
  });

  it('a daemon giving no verdict, then unreachable: refused with a distinct code (fail closed), nothing kept', async () => {
    clamd.state.verdict = () => 'stream: Can\'t allocate memory ERROR\0';
    const chunks = await chunksIn(gw);
    const broken = await uploads(gw, patient, pdf('Bilan'));
    expect(broken.res.status).toBe(503);
    expect(broken.res.body.code).toBe('virus_scanner_unavailable');
    await clamd.close();
    const down = await uploads(gw, patient, pdf('Bilan'), 'ar');
    expect(down.res.status).toBe(503);
    expect(down.res.body).toMatchObject({ code: 'virus_scanner_unavailable', field: 'body.file' });
    expect(down.res.body.message).toMatch(/فحص الفيروسات/);
    expect([broken.row.storageKey, down.row.storageKey]).toEqual([null, null]);
    expect(await chunksIn(gw)).toBe(chunks);
  });
});

const CLAMD = ['/usr/sbin/clamd', '/usr/bin/clamd'].find((path) => existsSync(path));

describe.skipIf(!CLAMD)(`with the real clamd${CLAMD ? '' : ' (skipped: no clamd binary; apt-get install clamav-daemon)'}`, () => {
  let dir: string;
  let daemon: ChildProcess;
  let gw: TestGateway;
  let patient: Browser;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clamd-real-'));
    const socket = join(dir, 'clamd.sock');
    await writeFile(join(dir, 'eicar.ndb'), `Eicar-Test-Signature:0:*:${Buffer.from(EICAR).toString('hex')}\n`);
    await writeFile(join(dir, 'clamd.conf'), [
      `LocalSocket ${socket}`, `DatabaseDirectory ${dir}`, 'Foreground yes', `PidFile ${join(dir, 'clamd.pid')}`,
      `TemporaryDirectory ${dir}`, 'LogTime no', 'StreamMaxLength 25M',
      // As root (CI), clamd would drop to the clamav user, which cannot read the temporary directory.
      ...(process.getuid?.() === 0 ? ['User root'] : []),
    ].join('\n'));
    daemon = spawn(CLAMD!, ['--config-file', join(dir, 'clamd.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    daemon.stdout!.on('data', (d: Buffer) => { output += d.toString(); });
    daemon.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
    // Ready once its socket exists (the database loads first); its own output says why if it never does.
    const until = Date.now() + 60_000;
    while (!existsSync(socket)) {
      if (daemon.exitCode !== null || Date.now() > until) throw new Error(`clamd did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    gw = await startGateway({ CLAMAV_SOCKET: socket });
    patient = await login(gw.app, demoEmail('patient.open'));
  }, 90_000);
  afterAll(async () => {
    await gw?.close();
    if (daemon && daemon.exitCode === null) {
      const exited = new Promise((resolve) => daemon.once('exit', resolve));
      daemon.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('finds EICAR in a PDF and refuses it; a clean PDF passes', async () => {
    const clean = await uploads(gw, patient, pdf('Bilan'));
    expect(clean.res.status, clean.res.text).toBe(200);
    const infected = await uploads(gw, patient, infectedPdf());
    expect(infected.res.status, infected.res.text).toBe(400);
    expect(infected.res.body.code).toBe('file_infected');
    expect(infected.row.storageKey).toBeNull();
  });
});
