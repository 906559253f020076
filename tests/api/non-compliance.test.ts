/**
 * The non-compliance job (issue 11 §5, server/jobs/non-compliance.ts), table-driven with the clock:
 * each case names the rule it checks. Days are local calendar days of the establishment: an
 * indicator is silent when nothing was measured since the start of the local day `periodInDays`
 * days before today — across Europe/Paris's March (23-h day) and October (25-h day) changes,
 * Pacific/Auckland's own (other hemisphere) and UTC, where counting 24-hour blocks would answer
 * the other way. Once per silence; a value resets; a new rule waits its days; deactivated and
 * excluded rules, a protocol's rule whose protocol is off, patient data off and closed files raise
 * nothing; late questionnaires at their limit date (just before, at, just after), once.
 * The handler is run with a chosen `now`, through app.jobs with the gateway's moved clock, and
 * through pg-boss's queue. Runs on PGlite and on PostgreSQL.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  alertBatches, alerts, establishments, formOccurrences, formResponses, forms, indicators, measures, nonObservanceRules,
  patientFileForms, patientFileHistory, patientFileProtocols, patientFiles, protocols, services,
} from '../../server/db/schema.ts';
import { NON_COMPLIANCE_CRON, NON_COMPLIANCE_QUEUE } from '../../server/jobs/plugin.ts';
import { raiseNonComplianceAlerts, silenceCutoff } from '../../server/jobs/non-compliance.ts';
import { occurrencesFrom } from '../../server/care/forms/planning.ts';
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
  const startup = gw.app.jobs.nonComplianceStartupRun;
  expect(startup).toEqual(expect.any(String));
  await vi.waitFor(async () => {
    const job = await gw.app.jobs.boss.getJobById(NON_COMPLIANCE_QUEUE, startup!);
    expect(job?.state, JSON.stringify(job?.output)).toBe('completed');
  }, { timeout: 60_000, interval: 200 });
}, 120_000);
afterAll(async () => { await gw?.close(); });

const where = { azur: () => ids.azur!, tilleuls: () => ids.tilleuls! };
type Structure = keyof typeof where;

async function setTimeZone(structure: Structure, timeZone: string) {
  await db.update(establishments).set({ timeZone }).where(eq(establishments.id, where[structure]()));
}

async function newFile(structure: Structure, options: { status?: 'OPEN' | 'CLOSED'; patientDataActive?: boolean } = {}) {
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.establishmentId, where[structure]())).orderBy(asc(services.name)).limit(1);
  const [file] = await db.insert(patientFiles).values({
    patientId: ids.patient!, serviceId: service!.id, status: options.status ?? 'OPEN', patientDataActive: options.patientDataActive ?? true,
  }).returning();
  return file!.id;
}

async function indicatorOf(structure: Structure, reference: string) {
  const [row] = await db.select({ id: indicators.id }).from(indicators).where(and(eq(indicators.establishmentId, where[structure]()), eq(indicators.reference, reference)));
  return row!.id;
}

async function rule(fileId: string, indicatorIds: string[], periodInDays: number, createdAt: string, more: Partial<typeof nonObservanceRules.$inferInsert> = {}) {
  const [row] = await db.insert(nonObservanceRules).values({ patientFileId: fileId, indicatorIds, periodInDays, createdAt: new Date(createdAt), ...more }).returning();
  return row!.id;
}

async function measure(fileId: string, indicatorId: string, measuredAt: string) {
  await db.insert(measures).values({ patientFileId: fileId, indicatorId, value: 70, enteredValue: 70, enteredUnit: 'kg', measuredAt: new Date(measuredAt), recordedAt: new Date(measuredAt), source: 'MANUAL' });
}

const run = (iso: string) => raiseNonComplianceAlerts(db, () => new Date(iso));
const alertsOf = (fileId: string) => db.select().from(alerts).where(eq(alerts.patientFileId, fileId)).orderBy(asc(alerts.raisedAt));
const historyOf = (fileId: string, type: 'INDICATOR_NON_COMPLIANCE' | 'FORM_NON_COMPLIANCE') =>
  db.select().from(patientFileHistory).where(and(eq(patientFileHistory.patientFileId, fileId), eq(patientFileHistory.type, type)));

describe('the day rule: local calendar days of the establishment', () => {
  const cases: { name: string; structure: Structure; timeZone: string; periodInDays: number; lastValueLocal: string; checkAt: string; alert: boolean }[] = [
    {
      name: 'Paris, March change: the 23-hour day counts as a whole day (3 days empty, though only 71 h 45 passed)',
      structure: 'azur', timeZone: 'Europe/Paris', periodInDays: 3, lastValueLocal: '2027-03-26T23:45:00+01:00', checkAt: '2027-03-30T00:30:00+02:00', alert: true,
    },
    {
      name: 'Paris, March change: a value on the first of the 3 days keeps the rule quiet',
      structure: 'azur', timeZone: 'Europe/Paris', periodInDays: 3, lastValueLocal: '2027-03-27T00:15:00+01:00', checkAt: '2027-03-30T00:30:00+02:00', alert: false,
    },
    {
      name: 'Paris, October change: the 25-hour day is one day — no alert early (73 h 15 passed, but the 30th has a value)',
      structure: 'azur', timeZone: 'Europe/Paris', periodInDays: 3, lastValueLocal: '2027-10-30T00:15:00+02:00', checkAt: '2027-11-02T00:30:00+01:00', alert: false,
    },
    {
      name: 'Paris, October change: 3 whole local days empty raise at 00:30 local',
      structure: 'azur', timeZone: 'Europe/Paris', periodInDays: 3, lastValueLocal: '2027-10-29T23:30:00+02:00', checkAt: '2027-11-02T00:30:00+01:00', alert: true,
    },
    {
      name: 'Auckland, September change (NZST→NZDT, 23-h day): 2 empty local days raise, though 47 h 40 passed',
      structure: 'tilleuls', timeZone: 'Pacific/Auckland', periodInDays: 2, lastValueLocal: '2027-09-25T23:50:00+12:00', checkAt: '2027-09-28T00:30:00+13:00', alert: true,
    },
    {
      name: 'Auckland, April change (NZDT→NZST, 25-h day): a value on the only day of a 1-day rule keeps it quiet, though 25 h 20 passed',
      structure: 'tilleuls', timeZone: 'Pacific/Auckland', periodInDays: 1, lastValueLocal: '2027-04-04T00:10:00+13:00', checkAt: '2027-04-05T00:30:00+12:00', alert: false,
    },
    {
      name: 'UTC: a value one minute before the day began does not count for that day',
      structure: 'azur', timeZone: 'UTC', periodInDays: 1, lastValueLocal: '2027-05-08T23:59:00Z', checkAt: '2027-05-10T00:00:00Z', alert: true,
    },
    {
      name: 'UTC: a value at 00:00 of the day counts for that day',
      structure: 'azur', timeZone: 'UTC', periodInDays: 1, lastValueLocal: '2027-05-09T00:00:00Z', checkAt: '2027-05-10T00:00:00Z', alert: false,
    },
  ];

  it.each(cases)('$name', async ({ structure, timeZone, periodInDays, lastValueLocal, checkAt, alert }) => {
    await setTimeZone(structure, timeZone);
    const weight = await indicatorOf(structure, 'weight');
    const file = await newFile(structure);
    const ruleId = await rule(file, [weight], periodInDays, '2027-01-01T00:00:00Z');
    await measure(file, weight, lastValueLocal);
    await run(new Date(checkAt).toISOString());
    const raised = await alertsOf(file);
    expect(raised.length).toBe(alert ? 1 : 0);
    if (alert) {
      expect(raised[0]).toMatchObject({ kind: 'NON_COMPLIANCE_INDICATOR', ruleId, indicatorId: weight, status: 'PENDING', crossing: { periodInDays, lastValueAt: new Date(lastValueLocal).toISOString() } });
      expect(raised[0]!.levelId).toEqual(expect.any(String));
      expect((await historyOf(file, 'INDICATOR_NON_COMPLIANCE')).map((e) => [e.actorId, e.payload])).toEqual([
        [null, expect.objectContaining({ indicator: 'weight', indicatorId: weight, periodInDays, ruleId, alertId: raised[0]!.id })],
      ]);
      const [batch] = await db.select().from(alertBatches).where(eq(alertBatches.id, raised[0]!.batchId));
      expect(batch).toMatchObject({ source: 'NON_COMPLIANCE', patientFileId: file });
    }
  });

  it('cuts at local midnight with luxon (the unit the cases rely on)', () => {
    expect(silenceCutoff(new Date('2027-03-29T22:30:00Z'), 3, 'Europe/Paris').toISOString()).toBe('2027-03-26T23:00:00.000Z');
    expect(silenceCutoff(new Date('2027-11-01T23:30:00Z'), 3, 'Europe/Paris').toISOString()).toBe('2027-10-29T22:00:00.000Z');
    expect(silenceCutoff(new Date('2027-09-27T11:30:00Z'), 2, 'Pacific/Auckland').toISOString()).toBe('2027-09-25T12:00:00.000Z');
  });
});

describe('once per silence, reset by a value, new rules wait their days', () => {
  it('a new rule does not alert at once; once per silence; again after another whole period; a value resets the count', async () => {
    await setTimeZone('azur', 'UTC');
    const weight = await indicatorOf('azur', 'weight');
    const spo2 = await indicatorOf('azur', 'spo2');
    const file = await newFile('azur');
    await rule(file, [weight, spo2], 1, '2027-06-09T12:00:00Z');
    // Rule: the period starts no earlier than the rule's creation (the 9th is not a whole day of it).
    await run('2027-06-10T06:00:00Z');
    expect(await alertsOf(file)).toHaveLength(0);
    // Rule: the 10th whole and empty → one alert per indicator, in one batch.
    await run('2027-06-11T00:00:00Z');
    const first = await alertsOf(file);
    expect(first.map((a) => a.indicatorId).sort()).toEqual([weight, spo2].sort());
    expect(new Set(first.map((a) => a.batchId)).size).toBe(1);
    // Rule: once per silence — later the same day nothing more.
    await run('2027-06-11T18:00:00Z');
    expect(await alertsOf(file)).toHaveLength(2);
    // Rule: a value resets the count (weight measured on the 11th); spo2 still silent, another whole day passed → again.
    await measure(file, weight, '2027-06-11T08:00:00Z');
    await run('2027-06-12T00:15:00Z');
    const second = await alertsOf(file);
    expect(second.filter((a) => a.indicatorId === spo2)).toHaveLength(2);
    expect(second.filter((a) => a.indicatorId === weight)).toHaveLength(1);
    // Rule: after the value, a new silence of a whole day raises weight again.
    await run('2027-06-13T00:15:00Z');
    expect((await alertsOf(file)).filter((a) => a.indicatorId === weight)).toHaveLength(2);
    expect(await historyOf(file, 'INDICATOR_NON_COMPLIANCE')).toHaveLength((await alertsOf(file)).length);
  });

  it.each([
    { name: 'a deactivated rule raises nothing', rule: { active: false }, file: {} },
    { name: 'an excluded rule raises nothing', rule: { excludedAt: new Date('2027-01-02T00:00:00Z') }, file: {} },
    { name: 'a closed file raises nothing', rule: {}, file: { status: 'CLOSED' as const } },
    { name: "a file whose patient data is deactivated raises nothing", rule: {}, file: { patientDataActive: false } },
  ])('$name', async ({ rule: more, file: fileOptions }) => {
    await setTimeZone('azur', 'UTC');
    const weight = await indicatorOf('azur', 'weight');
    const file = await newFile('azur', fileOptions);
    await rule(file, [weight], 1, '2027-01-01T00:00:00Z', more);
    await run('2027-07-01T00:00:00Z');
    expect(await alertsOf(file)).toEqual([]);
  });

  it("a protocol's rule follows its protocol on the file: nothing while the protocol is deactivated or excluded, alerts once it is active", async () => {
    await setTimeZone('azur', 'UTC');
    const weight = await indicatorOf('azur', 'weight');
    const file = await newFile('azur');
    const [protocol] = await db.insert(protocols).values({ establishmentId: ids.azur!, name: { fr: `Protocole NC ${file}` } }).returning();
    const [applied] = await db.insert(patientFileProtocols).values({ patientFileId: file, protocolId: protocol!.id, active: false, appliedAt: new Date('2027-01-01T00:00:00Z') }).returning();
    await rule(file, [weight], 2, '2027-01-01T00:00:00Z', { patientFileProtocolId: applied!.id, protocolId: protocol!.id });
    await run('2027-07-02T00:00:00Z');
    expect(await alertsOf(file)).toEqual([]);
    await db.update(patientFileProtocols).set({ active: true, excludedAt: new Date('2027-01-01T00:00:00Z') }).where(eq(patientFileProtocols.id, applied!.id));
    await run('2027-07-02T00:00:00Z');
    expect(await alertsOf(file)).toEqual([]);
    await db.update(patientFileProtocols).set({ excludedAt: null }).where(eq(patientFileProtocols.id, applied!.id));
    await run('2027-07-02T00:00:00Z');
    expect(await alertsOf(file)).toHaveLength(1);
  });
});

describe('late questionnaires: past their limit date, unanswered, once', () => {
  async function plannedOccurrence(structure: Structure, timeZone: string, fromLocal: string, options: { excluded?: boolean } = {}) {
    await setTimeZone(structure, timeZone);
    const file = await newFile(structure);
    const [form] = await db.select({ id: forms.id, name: forms.name }).from(forms).where(eq(forms.establishmentId, where[structure]())).orderBy(asc(forms.reference)).limit(1);
    const [assignment] = await db.insert(patientFileForms).values({
      patientFileId: file, formId: form!.id, assignedAt: new Date(fromLocal), excludedAt: options.excluded ? new Date(fromLocal) : null,
    }).returning();
    const [times] = occurrencesFrom(new Date(fromLocal), { everyDays: 1, occurrences: 1, windowHours: 24, graceHours: 24 }, timeZone);
    const [occurrence] = await db.insert(formOccurrences).values({ patientFileFormId: assignment!.id, ...times! }).returning();
    return { file, form: form!, assignment: assignment!, occurrence: occurrence! };
  }

  const cases = [
    { name: 'Paris, across the March change: the limit is 08:00 local two days later (06:00 UTC, CEST)', structure: 'azur' as const, timeZone: 'Europe/Paris', from: '2027-03-27T08:00:00+01:00', limit: '2027-03-29T06:00:00.000Z' },
    { name: 'Paris, across the October change: 08:00 local two days later (07:00 UTC, CET)', structure: 'azur' as const, timeZone: 'Europe/Paris', from: '2027-10-30T08:00:00+02:00', limit: '2027-11-01T07:00:00.000Z' },
    { name: 'Auckland, across the September change: 08:00 NZDT (19:00 UTC the day before)', structure: 'tilleuls' as const, timeZone: 'Pacific/Auckland', from: '2027-09-25T08:00:00+12:00', limit: '2027-09-26T19:00:00.000Z' },
    { name: 'UTC: 48 hours later', structure: 'azur' as const, timeZone: 'UTC', from: '2027-05-01T08:00:00Z', limit: '2027-05-03T08:00:00.000Z' },
  ];

  it.each(cases)('$name — nothing just before nor at the limit, one alert just after, once', async ({ structure, timeZone, from, limit }) => {
    const { file, form, assignment, occurrence } = await plannedOccurrence(structure, timeZone, from);
    expect(occurrence.limitAt.toISOString()).toBe(limit);
    const at = (ms: number) => new Date(Date.parse(limit) + ms).toISOString();
    await run(at(-1));
    await run(at(0));
    expect(await alertsOf(file)).toEqual([]);
    await run(at(1));
    const raised = await alertsOf(file);
    expect(raised).toEqual([expect.objectContaining({ kind: 'NON_COMPLIANCE_FORM', occurrenceId: occurrence.id, patientFileFormId: assignment.id, crossing: { limitAt: limit } })]);
    await run(at(3_600_000));
    expect(await alertsOf(file)).toHaveLength(1);
    expect((await historyOf(file, 'FORM_NON_COMPLIANCE')).map((e) => [e.actorId, e.payload])).toEqual([
      [null, expect.objectContaining({ formId: form.id, formName: form.name, occurrenceId: occurrence.id, limitAt: limit, alertId: raised[0]!.id })],
    ]);
  });

  it('an answered, a given-up and an excluded questionnaire raise nothing', async () => {
    const answered = await plannedOccurrence('azur', 'UTC', '2027-08-01T08:00:00Z');
    await db.insert(formResponses).values({
      patientFileId: answered.file, formId: answered.assignment.formId, occurrenceId: answered.occurrence.id, answers: {}, answeredAt: new Date('2027-08-02T09:00:00Z'),
      formVersionId: (await db.query.formVersions.findFirst({ where: (v, { eq: is }) => is(v.formId, answered.assignment.formId) }))!.id,
    });
    const lost = await plannedOccurrence('azur', 'UTC', '2027-08-01T08:00:00Z');
    await db.update(formOccurrences).set({ lostAt: new Date('2027-08-02T10:00:00Z') }).where(eq(formOccurrences.id, lost.occurrence.id));
    const excluded = await plannedOccurrence('azur', 'UTC', '2027-08-01T08:00:00Z', { excluded: true });
    await run('2027-08-10T00:00:00Z');
    for (const { file } of [answered, lost, excluded]) expect(await alertsOf(file)).toEqual([]);
  });
});

describe('concurrency and the queue', () => {
  it('two runs at once raise each alert once', async () => {
    await setTimeZone('azur', 'UTC');
    const weight = await indicatorOf('azur', 'weight');
    const file = await newFile('azur');
    await rule(file, [weight], 1, '2027-01-01T00:00:00Z');
    await Promise.all([run('2027-09-01T00:00:00Z'), run('2027-09-01T00:00:00Z')]);
    expect(await alertsOf(file)).toHaveLength(1);
  });

  it('is scheduled every 15 minutes and runs through the queue with the moved clock', async () => {
    const schedules = await gw.app.jobs.boss.getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: NON_COMPLIANCE_QUEUE, cron: NON_COMPLIANCE_CRON })]));
    await setTimeZone('azur', 'Europe/Paris');
    const weight = await indicatorOf('azur', 'weight');
    const file = await newFile('azur');
    const now = gw.clock.now();
    await rule(file, [weight], 2, new Date(now.getTime() - 3_600_000).toISOString());
    gw.clock.advance(4 * 24 * 3_600_000);
    const jobId = await gw.app.jobs.boss.send(NON_COMPLIANCE_QUEUE, {});
    await expect.poll(async () => (await gw.app.jobs.boss.getJobById(NON_COMPLIANCE_QUEUE, jobId!))?.state, { timeout: 60_000, interval: 200 }).toBe('completed');
    expect(await alertsOf(file)).toHaveLength(1);
    expect((await gw.app.jobs.nonCompliance()).alerts).toBeGreaterThanOrEqual(0);
    expect(await alertsOf(file)).toHaveLength(1);
  });
});
