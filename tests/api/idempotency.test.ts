/**
 * `Idempotency-Key` on the care API's POSTs (issue 18 "Retries", server/care/idempotency/): the
 * same key and body replays the first answer and stores nothing twice, sequential or concurrent;
 * another body with the key is a 422 in the caller's language; keys are per caller, kept 24 h
 * then free again and purged; an error answer keeps no key; the header is checked on its field;
 * every POST of the care API but the read-only ones honours it. Runs on PGlite and on PostgreSQL.
 * A retry after the process died mid-answer: idempotency-crash.test.ts.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caregivers, fileChunks, files, idempotencyKeys, indicators, measures, patientFileNotes, patientFiles, services } from '../../server/db/schema.ts';
import { CONTRACTS } from '../../schemas/api/index.ts';
import { IDEMPOTENCY_KEY_TTL_MS } from '../../schemas/idempotency.ts';
import { purgeExpiredIdempotencyKeys } from '../../server/jobs/idempotency-purge.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { calls, pdf, MIME } from '../helpers/questionnaires.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}

async function newFile() {
  const [s] = await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, await establishmentIdOf(db, 'chu-azur')), eq(services.name, 'Cardiologie')));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId: s!.id, status: 'OPEN' }).returning();
  await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, 'caregiver') });
  return file!.id;
}

async function heartRate() {
  const [row] = await db.select({ id: indicators.id }).from(indicators)
    .where(and(eq(indicators.reference, 'heart_rate'), eq(indicators.establishmentId, await establishmentIdOf(db, 'chu-azur'))));
  return row!.id;
}

async function post(local: string, path: string, body: object, key?: string) {
  const b = await as(local);
  const req = b.agent.post(path).set('x-csrf-token', b.csrf);
  return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
}
const record = (local: string, fileId: string, body: object, key?: string, l = '') =>
  post(local, `/api/patient_files/${fileId}/indicators/data${l && `?l=${l}`}`, body, key);
const stored = async (fileId: string) => (await db.select({ n: count() }).from(measures).where(eq(measures.patientFileId, fileId)))[0]!.n;
let keys = 0;
const newKey = () => `test-${Date.now()}-${++keys}`;

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('same key, same body', () => {
  it('replays the first answer, marked, and stores once', async () => {
    const file = await newFile();
    const key = newKey();
    const body = { indicatorId: await heartRate(), value: 71 };
    const first = await record('operator', file, body, key);
    expect(first.status, first.text).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await record('operator', file, body, key);
    expect(again.status, again.text).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    // The same values with the body's keys in another order are the same call.
    const reordered = await record('operator', file, { value: 71, indicatorId: body.indicatorId }, key, 'en');
    expect(reordered.status).toBe(201);
    expect(reordered.body).toEqual(first.body);
    expect(await stored(file)).toBe(1);
  });

  it('runs concurrent duplicates once: every caller gets the first answer', async () => {
    const file = await newFile();
    const key = newKey();
    const body = { data: [{ indicatorId: await heartRate(), value: 190 }, { indicatorId: await heartRate(), value: 64 }] };
    await as('operator');
    const answers = await Promise.all(Array.from({ length: 6 }, () => record('operator', file, body, key)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
    const ids = new Set(answers.map((a) => JSON.stringify(a.body)));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await stored(file)).toBe(2);
  });

  it('replays a note, as every creating POST', async () => {
    const file = await newFile();
    const key = newKey();
    const first = await post('prescriber', `/api/patient_files/${file}/notes`, { text: 'Appel du patient, va bien.' }, key);
    expect(first.status, first.text).toBe(201);
    const again = await post('prescriber', `/api/patient_files/${file}/notes`, { text: 'Appel du patient, va bien.' }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const notes = await db.select().from(patientFileNotes).where(eq(patientFileNotes.patientFileId, file));
    expect(notes).toHaveLength(1);
  });
});

describe('uploads', () => {
  it('replays an upload: the file prepared once, its bytes stored once', async () => {
    const c = calls(await as('patient.open'));
    const key = newKey();
    const prepared = await c.prepare('bilan.pdf').set('Idempotency-Key', key);
    expect(prepared.status, prepared.text).toBe(200);
    const again = await c.prepare('bilan.pdf').set('Idempotency-Key', key);
    expect(again.body).toEqual(prepared.body);
    const upload = (text?: string) => c.upload(prepared.body.upload_url, [{ bytes: pdf(text), filename: 'bilan.pdf', contentType: MIME.pdf }])
      .set('Idempotency-Key', `${key}-bytes`);
    const first = await upload();
    expect(first.status, first.text).toBe(200);
    // Other bytes under the key: another call, though the form is built the same way.
    const other = await upload('Un autre compte rendu');
    expect(other.status, other.text).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    // The same bytes again, in a form with a boundary of its own: the same call.
    const retried = await upload();
    expect(retried.status, retried.text).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toEqual(first.body);
    const [row] = await db.select().from(files).where(eq(files.id, prepared.body.id));
    expect(await db.select().from(fileChunks).where(eq(fileChunks.key, row!.storageKey!))).toHaveLength(1);
  });
});

describe('same key, another call', () => {
  it('refuses another body with 422 idempotency_key_reused, in the caller\'s language, storing nothing', async () => {
    const file = await newFile();
    const key = newKey();
    expect((await record('operator', file, { indicatorId: await heartRate(), value: 72 }, key)).status).toBe(201);
    const messages: Record<string, string> = {};
    for (const l of ['fr', 'en', 'ar']) {
      const res = await record('operator', file, { indicatorId: await heartRate(), value: 73 }, key, l);
      expect(res.status, res.text).toBe(422);
      expect(res.body).toMatchObject({ code: 'idempotency_key_reused', field: 'headers.idempotency-key' });
      messages[l] = res.body.message;
    }
    expect(messages.fr).toMatch(/clé/);
    expect(messages.en).toMatch(/key/);
    expect(messages.ar).toMatch(/مفتاح/);
    // Another route or another file with the key is another call too.
    expect((await post('operator', `/api/patient_files/${file}/notes`, { text: 'Une note' }, key)).status).toBe(422);
    expect((await record('operator', await newFile(), { indicatorId: await heartRate(), value: 72 }, key)).status).toBe(422);
    expect(await stored(file)).toBe(1);
  });

  it('keeps keys per caller: another account\'s same key is its own call', async () => {
    const file = await newFile();
    const key = newKey();
    const body = { indicatorId: await heartRate(), value: 74 };
    const byOperator = await record('operator', file, body, key);
    // Another value: the same value at the same time is one measure, whoever sends it (docs/clinical-rules.md).
    const byCaregiver = await record('caregiver', file, { ...body, value: 75 }, key);
    expect(byOperator.status).toBe(201);
    expect(byCaregiver.status, byCaregiver.text).toBe(201);
    expect(byCaregiver.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored(file)).toBe(2);
  });

  it('keeps no key for an error answer: the corrected call goes through', async () => {
    const file = await newFile();
    const key = newKey();
    const refused = await record('operator', file, { indicatorId: '00000000-0000-4000-8000-000000000000', value: 72 }, key);
    expect(refused.status).toBe(404);
    const corrected = await record('operator', file, { indicatorId: await heartRate(), value: 72 }, key);
    expect(corrected.status, corrected.text).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('the header', () => {
  it.each([
    ['too long', 'k'.repeat(256)],
    ['with a space', 'two words'],
    ['not ASCII', 'clé'],
  ])('refuses a key %s on headers.idempotency-key, storing nothing', async (_, key) => {
    const file = await newFile();
    const res = await record('operator', file, { indicatorId: await heartRate(), value: 77 }, encodeURI(key) === key ? key : key);
    expect(res.status, res.text).toBe(400);
    expect(res.body.field).toBe('headers.idempotency-key');
    expect(await stored(file)).toBe(0);
  });

  it('is honoured by every POST of the care API but the read-only ones, as /openapi.json says', async () => {
    const doc = (await (await as('operator')).agent.get('/openapi.json')).body as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };
    const uncovered: string[] = [];
    const readOnly: string[] = [];
    for (const [name, contract] of CONTRACTS) {
      if (contract.method !== 'POST' || !contract.url.startsWith('/api/')) continue;
      if (contract.readOnly) { readOnly.push(name); continue; }
      const path = contract.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const parameters = doc.paths[path]?.post?.parameters ?? [];
      if (!parameters.some((p) => p.in === 'header' && p.name === 'idempotency-key')) uncovered.push(name);
    }
    expect(uncovered).toEqual([]);
    // A POST left out says why in its contract (`readOnly`): a search.
    expect(readOnly).toEqual(['patientFileRoutes.search']);
  });
});

// Last: it moves the clock (the sessions expire with it: log in again after each jump).
describe('keys kept 24 hours', () => {
  const advance = (ms: number) => { gw.clock.advance(ms); browsers.clear(); };

  it('honours a key for 24 hours, then the call runs again, and the purge removes it', async () => {
    const file = await newFile();
    const key = newKey();
    const body = { indicatorId: await heartRate(), value: 75 };
    expect((await record('operator', file, body, key)).status).toBe(201);
    advance(IDEMPOTENCY_KEY_TTL_MS - 60_000);
    expect((await record('operator', file, body, key)).headers['idempotent-replayed']).toBe('true');
    advance(120_000);
    const later = await record('operator', file, body, key);
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored(file)).toBe(2);
    const mine = eq(idempotencyKeys.key, key);
    expect(await db.select().from(idempotencyKeys).where(mine)).toHaveLength(1);
    advance(IDEMPOTENCY_KEY_TTL_MS);
    const { purged } = await purgeExpiredIdempotencyKeys(db, gw.clock.now);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(idempotencyKeys).where(mine)).toHaveLength(0);
  });

  it('keeps the hash of the request, never its body', async () => {
    const file = await newFile();
    const key = newKey();
    await record('operator', file, { indicatorId: await heartRate(), value: 76.25 }, key);
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row!.requestHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(row!).filter((v) => typeof v === 'string' && v !== row!.responseBody).join(' ')).not.toContain('76.25');
  });
});
