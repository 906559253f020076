/**
 * Automatic close (issue 10 §4, spec 001 §4): the scheduled job closes every OPEN or AWAITING
 * file whose end date is before today in its establishment's time zone, with reason type
 * END_OF_FOLLOW_UP and a FILE_CLOSED_AUTOMATICALLY history entry without actor; idempotent.
 * The gateway's clock is moved (never waited for); the handler is run directly and through
 * pg-boss's queue (schema pgboss, on PGlite through its db adapter, on PostgreSQL its own pool).
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { establishments, patientFileHistory, patientFiles, services } from '../../server/db/schema.ts';
import { AUTOMATIC_CLOSE_CRON, AUTOMATIC_CLOSE_QUEUE } from '../../server/jobs/plugin.ts';
import { todayIn } from '../../server/jobs/automatic-close.ts';
import { startGateway, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const ids: Record<string, string> = {};

beforeAll(async () => {
  gw = await startGateway({}, { jobs: { pollingIntervalSeconds: 0.5 } });
  db = gw.db.database.db;
  ids.azur = await establishmentIdOf(db, 'chu-azur');
  ids.tilleuls = await establishmentIdOf(db, 'clinique-des-tilleuls');
  ids.patient = await userIdOf(db, 'patient.open');
  ids.prescriber = await userIdOf(db, 'prescriber');
  // The run queued at start is over before the tests call the handler themselves.
  const startup = gw.app.jobs.startupRun;
  expect(startup).toEqual(expect.any(String));
  await vi.waitFor(async () => expect((await gw.app.jobs.boss.getJobById(AUTOMATIC_CLOSE_QUEUE, startup!))?.state).toBe('completed'), { timeout: 15_000, interval: 100 });
});
afterAll(async () => { await gw?.close(); });

/** Moves the gateway's clock to `iso` (forward only). */
function moveTo(iso: string) {
  const target = Date.parse(iso);
  const current = gw.clock.now().getTime();
  expect(target, 'the clock only moves forward').toBeGreaterThanOrEqual(current);
  gw.clock.advance(target - current);
}

async function setTimeZone(establishmentId: string, timeZone: string) {
  await db.update(establishments).set({ timeZone }).where(eq(establishments.id, establishmentId));
}

async function fileIn(establishmentId: string, endDate: string, status: 'OPEN' | 'CLOSED' | 'AWAITING' = 'OPEN') {
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.establishmentId, establishmentId)).orderBy(asc(services.name)).limit(1);
  const [file] = await db.insert(patientFiles).values({ patientId: ids.patient!, serviceId: service!.id, status, startDate: '2026-01-01', endDate }).returning();
  return file!.id;
}

const fileRow = async (id: string) => (await db.select().from(patientFiles).where(eq(patientFiles.id, id)))[0]!;
const automaticEntries = (id: string) => db.select().from(patientFileHistory)
  .where(and(eq(patientFileHistory.patientFileId, id), eq(patientFileHistory.type, 'FILE_CLOSED_AUTOMATICALLY')));

describe('automatic close of files past their end date', () => {
  it('knows today in a time zone (luxon)', () => {
    const at = new Date('2027-01-10T12:00:00Z');
    expect(todayIn('Europe/Paris', at)).toBe('2027-01-10');
    expect(todayIn('Pacific/Auckland', at)).toBe('2027-01-11');
    expect(todayIn('UTC', at)).toBe('2027-01-10');
    expect(todayIn('Not/AZone', at)).toBe('2027-01-10');
  });

  it('closes a file that ended yesterday in Paris, not one that ends today; writes the history; runs once', async () => {
    await setTimeZone(ids.azur!, 'Europe/Paris');
    moveTo('2027-01-10T12:00:00Z');
    const yesterday = await fileIn(ids.azur!, '2027-01-09');
    const today = await fileIn(ids.azur!, '2027-01-10');
    const awaiting = await fileIn(ids.azur!, '2027-01-01', 'AWAITING');

    const { closed } = await gw.app.jobs.automaticClose();
    expect(closed).toEqual(expect.arrayContaining([yesterday, awaiting]));
    expect(closed).not.toContain(today);

    const row = await fileRow(yesterday);
    expect(row).toMatchObject({ status: 'CLOSED', closedBy: null, closingReasonType: 'END_OF_FOLLOW_UP', closingReason: null });
    expect(row.closedAt?.toISOString()).toBe('2027-01-10T12:00:00.000Z');
    expect((await fileRow(today)).status).toBe('OPEN');
    expect((await fileRow(awaiting)).status).toBe('CLOSED');

    const entries = await automaticEntries(yesterday);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: null, onBehalfOfId: null, payload: { closingReasonType: 'END_OF_FOLLOW_UP', endDate: '2027-01-09', today: '2027-01-10', timeZone: 'Europe/Paris' } });
    expect(entries[0]!.occurredAt.toISOString()).toBe('2027-01-10T12:00:00.000Z');

    // Idempotent: a second run closes nothing and writes nothing.
    expect((await gw.app.jobs.automaticClose()).closed).toEqual([]);
    expect(await automaticEntries(yesterday)).toHaveLength(1);
    expect((await fileRow(today)).status).toBe('OPEN');
  });

  it('leaves an already-closed file untouched', async () => {
    const closedAt = new Date('2026-12-01T08:00:00Z');
    const file = await fileIn(ids.azur!, '2026-12-15', 'CLOSED');
    await db.update(patientFiles).set({ closedAt, closedBy: ids.prescriber!, closingReasonType: 'DECEASED', closingReason: 'Décès le 30/11' }).where(eq(patientFiles.id, file));
    await gw.app.jobs.automaticClose();
    const row = await fileRow(file);
    expect(row).toMatchObject({ status: 'CLOSED', closedBy: ids.prescriber, closingReasonType: 'DECEASED', closingReason: 'Décès le 30/11' });
    expect(row.closedAt?.toISOString()).toBe(closedAt.toISOString());
    expect(await automaticEntries(file)).toEqual([]);
  });

  it('reads today in each establishment\'s time zone: Pacific/Auckland is a day ahead of UTC', async () => {
    // 2027-01-10 13:00 UTC is already 2027-01-11 02:00 in Auckland (NZDT, UTC+13).
    moveTo('2027-01-10T13:00:00Z');
    await setTimeZone(ids.tilleuls!, 'Pacific/Auckland');
    await setTimeZone(ids.azur!, 'UTC');
    const auckland = await fileIn(ids.tilleuls!, '2027-01-10');
    const utc = await fileIn(ids.azur!, '2027-01-10');
    const utcYesterday = await fileIn(ids.azur!, '2027-01-09');
    const { closed } = await gw.app.jobs.automaticClose();
    expect(closed).toEqual(expect.arrayContaining([auckland, utcYesterday]));
    expect(closed).not.toContain(utc);
    expect((await automaticEntries(auckland))[0]?.payload).toMatchObject({ today: '2027-01-11', timeZone: 'Pacific/Auckland' });

    // Paris at 23:30 UTC is already the next day; UTC is not.
    moveTo('2027-01-10T23:30:00Z');
    await setTimeZone(ids.azur!, 'Europe/Paris');
    expect((await gw.app.jobs.automaticClose()).closed).toContain(utc);
    await setTimeZone(ids.tilleuls!, 'Europe/Paris');
  });

  it('closes in batches, one transaction each', async () => {
    moveTo('2027-01-11T12:00:00Z');
    const files = await Promise.all(Array.from({ length: 5 }, () => fileIn(ids.azur!, '2027-01-02')));
    const { closeFilesPastEndDate } = await import('../../server/jobs/automatic-close.ts');
    const { closed } = await closeFilesPastEndDate(db, gw.app.now, { batchSize: 2 });
    expect(closed).toEqual(expect.arrayContaining(files));
    for (const f of files) expect(await automaticEntries(f)).toHaveLength(1);
  });
});

describe('the job queue (pg-boss)', () => {
  it('has the automatic close scheduled, in its own schema', async () => {
    const schedules = await gw.app.jobs.boss.getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: AUTOMATIC_CLOSE_QUEUE, cron: AUTOMATIC_CLOSE_CRON })]));
    const queue = await gw.app.jobs.boss.getQueue(AUTOMATIC_CLOSE_QUEUE);
    expect(queue).toMatchObject({ name: AUTOMATIC_CLOSE_QUEUE, policy: 'singleton' });
  });

  it('runs the automatic close through the queue: send, the worker fetches, closes, completes', async () => {
    moveTo('2027-02-01T12:00:00Z');
    const file = await fileIn(ids.azur!, '2027-01-20');
    const jobId = await gw.app.jobs.boss.send(AUTOMATIC_CLOSE_QUEUE, {});
    expect(jobId).toEqual(expect.any(String));
    await expect.poll(async () => (await gw.app.jobs.boss.getJobById(AUTOMATIC_CLOSE_QUEUE, jobId!))?.state, { timeout: 15_000, interval: 100 }).toBe('completed');
    expect((await fileRow(file)).status).toBe('CLOSED');
    expect(await automaticEntries(file)).toHaveLength(1);
    // The handler's answer is the job's output (a scheduled run at a quarter hour may have closed this file first).
    const output = (await gw.app.jobs.boss.getJobById(AUTOMATIC_CLOSE_QUEUE, jobId!))?.output as { closed: number };
    expect(output.closed).toEqual(expect.any(Number));
  });

  it('passes every kind of call pg-boss makes on this database: create, send with arrays, fetch, complete, fail, delete', async () => {
    const { boss } = gw.app.jobs;
    await boss.createQueue('scratch');
    await boss.createQueue('scratch');
    const a = await boss.send('scratch', { list: [1, 2, 3], nested: { ok: true } });
    const b = await boss.send('scratch', { list: [] });
    const fetched = await boss.fetch('scratch', { batchSize: 5 });
    expect(fetched.map((j) => j.id).sort()).toEqual([a, b].sort());
    expect(fetched.find((j) => j.id === a)?.data).toEqual({ list: [1, 2, 3], nested: { ok: true } });
    await boss.complete('scratch', a!, { done: true });
    await boss.fail('scratch', b!, { why: 'test' });
    expect((await boss.getJobById('scratch', a!))?.state).toBe('completed');
    expect(['failed', 'retry']).toContain((await boss.getJobById('scratch', b!))?.state);
    await boss.deleteJob('scratch', [a!, b!]);
    expect(await boss.getJobById('scratch', a!)).toBeNull();
    await boss.deleteQueue('scratch');
  });
});
