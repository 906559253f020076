/**
 * The non-compliance job (issue 11 §5, server/jobs/non-compliance.ts), table-driven with the clock:
 * each case names the rule it checks. The period is counted from the last value at the same local
 * wall-clock time of the establishment (Friday 20:00 + 3 days = Monday 20:00) — across
 * Europe/Paris's March (23-h day) and October (25-h day) changes, Pacific/Auckland's own (other
 * hemisphere) and UTC, where counting 24-hour blocks or whole calendar days would answer the other
 * way. Once per period; a value starts a new one; a new rule waits its period; deactivated and
 * excluded rules, a protocol's rule whose protocol is off, patient data off and closed files raise
 * nothing; late questionnaires at their limit date (just before, at, just after), once.
 * The handler is run with a chosen `now`, through app.jobs with the gateway's moved clock, and
 * through pg-boss's queue. Runs on PGlite and on PostgreSQL.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  alertBatches, alerts, establishments, formOccurrences, formResponses, forms, indicators, interventionLevels, measures, nonObservanceRules,
  patientFileForms, patientFileHistory, patientFileProtocols, patientFiles, protocols, services,
} from '../../server/db/schema.ts';
import { NON_COMPLIANCE_CRON, NON_COMPLIANCE_QUEUE } from '../../server/jobs/plugin.ts';
import { raiseNonComplianceAlerts, silenceDueAt } from '../../server/jobs/non-compliance.ts';
import { occurrencesFrom } from '../../server/care/forms/planning.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
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
    // Followed for a month: values dated days back are within the follow-up (a value before its start is refused).
    startDate: new Date(gw.clock.now().getTime() - 30 * 86_400_000).toISOString().slice(0, 10),
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

describe('the period rule: from the last value, at the same local wall-clock time', () => {
  // Each case: the last value, the period, and the local time the alert is due (the same wall-clock
  // time N days later). The job runs one minute before (nothing) and at that time (one alert).
  const cases: { name: string; structure: Structure; timeZone: string; periodInDays: number; lastValueLocal: string; dueLocal: string; hours: number }[] = [
    {
      name: 'Paris, March change: Friday 20:00 + 3 days = Monday 20:00 (71 h: Sunday lasts 23 h)',
      structure: 'azur', timeZone: 'Europe/Paris', periodInDays: 3, lastValueLocal: '2027-03-26T20:00:00+01:00', dueLocal: '2027-03-29T20:00:00+02:00', hours: 71,
    },
    {
      name: 'Paris, October change: Friday 20:00 + 3 days = Monday 20:00 (73 h: Sunday lasts 25 h)',
      structure: 'azur', timeZone: 'Europe/Paris', periodInDays: 3, lastValueLocal: '2027-10-29T20:00:00+02:00', dueLocal: '2027-11-01T20:00:00+01:00', hours: 73,
    },
    {
      name: 'Paris, no change: Friday 20:00 + 3 days = Monday 20:00 (72 h), not Tuesday 00:00',
      structure: 'azur', timeZone: 'Europe/Paris', periodInDays: 3, lastValueLocal: '2027-06-04T20:00:00+02:00', dueLocal: '2027-06-07T20:00:00+02:00', hours: 72,
    },
    {
      name: 'Paris, a value just after midnight waits its whole period (not 2 days and 1 minute)',
      structure: 'azur', timeZone: 'Europe/Paris', periodInDays: 3, lastValueLocal: '2027-06-04T00:01:00+02:00', dueLocal: '2027-06-07T00:01:00+02:00', hours: 72,
    },
    {
      name: 'Paris, a time the March change skips: Saturday 02:30 + 1 day is read as 03:30 (24 h)',
      structure: 'azur', timeZone: 'Europe/Paris', periodInDays: 1, lastValueLocal: '2027-03-27T02:30:00+01:00', dueLocal: '2027-03-28T03:30:00+02:00', hours: 24,
    },
    {
      name: 'Auckland, September change (NZST→NZDT): Friday 20:00 + 3 days = Monday 20:00 (71 h)',
      structure: 'tilleuls', timeZone: 'Pacific/Auckland', periodInDays: 3, lastValueLocal: '2027-09-24T20:00:00+12:00', dueLocal: '2027-09-27T20:00:00+13:00', hours: 71,
    },
    {
      name: 'Auckland, April change (NZDT→NZST): Friday 20:00 + 3 days = Monday 20:00 (73 h)',
      structure: 'tilleuls', timeZone: 'Pacific/Auckland', periodInDays: 3, lastValueLocal: '2027-04-02T20:00:00+13:00', dueLocal: '2027-04-05T20:00:00+12:00', hours: 73,
    },
    {
      name: 'UTC: 1 day is 24 hours to the minute',
      structure: 'azur', timeZone: 'UTC', periodInDays: 1, lastValueLocal: '2027-05-08T23:59:00Z', dueLocal: '2027-05-09T23:59:00Z', hours: 24,
    },
  ];

  it.each(cases)('$name', async ({ structure, timeZone, periodInDays, lastValueLocal, dueLocal, hours }) => {
    expect((Date.parse(dueLocal) - Date.parse(lastValueLocal)) / 3_600_000).toBe(hours);
    await setTimeZone(structure, timeZone);
    const weight = await indicatorOf(structure, 'weight');
    const file = await newFile(structure);
    const ruleId = await rule(file, [weight], periodInDays, '2027-01-01T00:00:00Z');
    await measure(file, weight, lastValueLocal);
    await run(new Date(Date.parse(dueLocal) - 60_000).toISOString());
    expect(await alertsOf(file)).toEqual([]);
    await run(new Date(dueLocal).toISOString());
    const raised = await alertsOf(file);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ kind: 'NON_COMPLIANCE_INDICATOR', ruleId, indicatorId: weight, status: 'PENDING', crossing: { periodInDays, lastValueAt: new Date(lastValueLocal).toISOString() } });
    expect(raised[0]!.levelId).toEqual(expect.any(String));
    expect((await historyOf(file, 'INDICATOR_NON_COMPLIANCE')).map((e) => [e.actorId, e.payload])).toEqual([
      [null, expect.objectContaining({ indicator: 'weight', indicatorId: weight, periodInDays, ruleId, alertId: raised[0]!.id })],
    ]);
    const [batch] = await db.select().from(alertBatches).where(eq(alertBatches.id, raised[0]!.batchId));
    expect(batch).toMatchObject({ source: 'NON_COMPLIANCE', patientFileId: file });
  });

  it('after an alert, the next is due one more period after the same start, whenever the job ran', () => {
    const since = { lastValueAt: new Date('2027-10-29T18:00:00Z'), ruleSince: new Date('2027-01-01T00:00:00Z') };
    // Friday 20:00 Paris, 3 days: Monday 20:00 CET, then Thursday 20:00, not 3 days after a run 10 minutes late.
    expect(silenceDueAt(3, 'Europe/Paris', { ...since, lastAlertAt: null }).toISOString()).toBe('2027-11-01T19:00:00.000Z');
    expect(silenceDueAt(3, 'Europe/Paris', { ...since, lastAlertAt: new Date('2027-11-01T19:10:00Z') }).toISOString()).toBe('2027-11-04T19:00:00.000Z');
    expect(silenceDueAt(3, 'Europe/Paris', { ...since, lastAlertAt: new Date('2027-11-04T19:00:00Z') }).toISOString()).toBe('2027-11-07T19:00:00.000Z');
    // An alert older than the last value belongs to an earlier silence.
    expect(silenceDueAt(3, 'Europe/Paris', { ...since, lastAlertAt: new Date('2027-10-20T08:00:00Z') }).toISOString()).toBe('2027-11-01T19:00:00.000Z');
  });
});

describe('once per silence, reset by a value, new rules wait their days', () => {
  it('a new rule waits its period; once per period; again one period later; a value starts a new period', async () => {
    await setTimeZone('azur', 'UTC');
    const weight = await indicatorOf('azur', 'weight');
    const spo2 = await indicatorOf('azur', 'spo2');
    const file = await newFile('azur');
    await rule(file, [weight, spo2], 1, '2027-06-09T12:00:00Z');
    // Rule: the period starts at the rule's creation (due the 10th at 12:00).
    await run('2027-06-10T11:59:00Z');
    expect(await alertsOf(file)).toHaveLength(0);
    // Rule: a whole period without a value → one alert per indicator, in one batch.
    await run('2027-06-10T12:00:00Z');
    const first = await alertsOf(file);
    expect(first.map((a) => a.indicatorId).sort()).toEqual([weight, spo2].sort());
    expect(new Set(first.map((a) => a.batchId)).size).toBe(1);
    // Rule: once per period — later the same day nothing more.
    await run('2027-06-10T18:00:00Z');
    expect(await alertsOf(file)).toHaveLength(2);
    // Rule: a value starts a new period (weight measured the 10th at 20:00); spo2 still silent, another period passed → again.
    await measure(file, weight, '2027-06-10T20:00:00Z');
    await run('2027-06-11T12:05:00Z');
    const second = await alertsOf(file);
    expect(second.filter((a) => a.indicatorId === spo2)).toHaveLength(2);
    expect(second.filter((a) => a.indicatorId === weight)).toHaveLength(1);
    // Rule: a whole period after the value, weight again.
    await run('2027-06-11T19:59:00Z');
    expect((await alertsOf(file)).filter((a) => a.indicatorId === weight)).toHaveLength(1);
    await run('2027-06-11T20:00:00Z');
    expect((await alertsOf(file)).filter((a) => a.indicatorId === weight)).toHaveLength(2);
    expect(await historyOf(file, 'INDICATOR_NON_COMPLIANCE')).toHaveLength((await alertsOf(file)).length);
  });

  it("raises at the level its rule chose; by default at the establishment's least urgent level", async () => {
    await setTimeZone('azur', 'UTC');
    const weight = await indicatorOf('azur', 'weight');
    const levels = await db.select().from(interventionLevels).where(eq(interventionLevels.establishmentId, ids.azur!)).orderBy(asc(interventionLevels.rank));
    const file = await newFile('azur');
    await rule(file, [weight], 1, '2027-01-01T00:00:00Z');
    const chosen = await newFile('azur');
    await rule(chosen, [weight], 1, '2027-01-01T00:00:00Z', { levelId: levels[0]!.id });
    await run('2027-07-01T00:00:00Z');
    expect((await alertsOf(file)).map((a) => a.levelId)).toEqual([levels.at(-1)!.id]);
    expect((await alertsOf(chosen)).map((a) => a.levelId)).toEqual([levels[0]!.id]);
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

describe('values received again close the non-compliance alert, with a system status', () => {
  const browsers = new Map<string, Browser>();
  async function call(local: string, method: 'get' | 'post', path: string, body?: object) {
    let b = browsers.get(local);
    if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
    const req = b.agent[method](path).set('x-csrf-token', b.csrf);
    return body === undefined ? req : req.send(body);
  }
  const hoursAgo = (hours: number) => new Date(gw.clock.now().getTime() - hours * 3_600_000).toISOString();
  const closedHistory = (fileId: string) => db.select().from(patientFileHistory)
    .where(and(eq(patientFileHistory.patientFileId, fileId), eq(patientFileHistory.type, 'ALERT_CLOSED_AUTOMATICALLY')));

  it('a value measured after the last one the alert knew closes it (time, no closer, history); an older one, a late upload, does not', async () => {
    await setTimeZone('azur', 'Europe/Paris');
    const weight = await indicatorOf('azur', 'weight');
    const file = await newFile('azur');
    await rule(file, [weight], 1, hoursAgo(24 * 10));
    await measure(file, weight, hoursAgo(60));
    await run(gw.clock.now().toISOString());
    const [raised] = await alertsOf(file);
    expect(raised).toMatchObject({ kind: 'NON_COMPLIANCE_INDICATOR', status: 'PENDING', systemStatus: null });
    // A value older than the last one the alert knew (a device uploading its memory) says nothing of today.
    const late = await call('patient.open', 'post', `/api/patient_files/${file}/indicators/data`, { indicatorId: weight, value: 71, measuredAt: hoursAgo(61) });
    expect(late.status, late.text).toBe(201);
    expect((await alertsOf(file))[0]).toMatchObject({ status: 'PENDING', closedAt: null });
    const sent = await call('patient.open', 'post', `/api/patient_files/${file}/indicators/data`, { indicatorId: weight, value: 70.5 });
    expect(sent.status, sent.text).toBe(201);
    const [closed] = await alertsOf(file);
    expect(closed).toMatchObject({ id: raised!.id, status: 'CLOSED', systemStatus: 'VALUES_RECEIVED', closedBy: null, closedAt: gw.clock.now() });
    expect((await closedHistory(file)).map((e) => [e.actorId, e.occurredAt, e.payload])).toEqual([
      [null, gw.clock.now(), expect.objectContaining({ alertId: raised!.id, batchId: raised!.batchId, kind: 'NON_COMPLIANCE_INDICATOR', systemStatus: 'VALUES_RECEIVED' })],
    ]);
    // The team's list says why it closed; the job does not raise it again before a new whole period.
    const listed = await call('operator', 'get', `/api/establishments/${ids.azur}/alerts?patientFileId=${file}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: raised!.id, status: 'CLOSED', systemStatus: 'VALUES_RECEIVED', closedBy: null })]);
    await run(new Date(gw.clock.now().getTime() + 23 * 3_600_000).toISOString());
    expect(await alertsOf(file)).toHaveLength(1);
  });

  it('a value of another indicator, or a file\'s other alerts, are left alone; a closed alert stays as its closer left it', async () => {
    await setTimeZone('azur', 'UTC');
    const weight = await indicatorOf('azur', 'weight');
    const spo2 = await indicatorOf('azur', 'spo2');
    const file = await newFile('azur');
    await rule(file, [weight, spo2], 1, hoursAgo(24 * 10));
    await run(gw.clock.now().toISOString());
    const raised = await alertsOf(file);
    expect(raised).toHaveLength(2);
    const spo2Alert = raised.find((a) => a.indicatorId === spo2)!;
    const operator = await userIdOf(db, 'operator');
    await db.update(alerts).set({ status: 'CLOSED', closedAt: new Date(hoursAgo(1)), closedBy: operator }).where(eq(alerts.id, spo2Alert.id));
    const sent = await call('patient.open', 'post', `/api/patient_files/${file}/indicators/data`, { data: [{ indicatorId: weight, value: 70 }, { indicatorId: spo2, value: 97 }] });
    expect(sent.status, sent.text).toBe(201);
    const after = await alertsOf(file);
    expect(after.find((a) => a.indicatorId === weight)).toMatchObject({ status: 'CLOSED', systemStatus: 'VALUES_RECEIVED' });
    expect(after.find((a) => a.indicatorId === spo2)).toMatchObject({ status: 'CLOSED', systemStatus: null, closedBy: operator });
    expect(await closedHistory(file)).toHaveLength(1);
  });

  it('a questionnaire answered again closes the alerts of its late occurrences', async () => {
    await setTimeZone('azur', 'Europe/Paris');
    const file = await newFile('azur');
    const [form] = await db.select().from(forms).where(and(eq(forms.establishmentId, ids.azur!), eq(forms.reference, 'HF-DAILY')));
    const assigned = await call('prescriber', 'post', `/api/patient_files/${file}/forms/${form!.id}`, {});
    expect(assigned.status, assigned.text).toBeLessThan(300);
    gw.clock.advance(4 * 24 * 3_600_000);
    browsers.clear(); // the sessions expired meanwhile
    await gw.app.jobs.nonCompliance();
    const late = (await alertsOf(file)).filter((a) => a.kind === 'NON_COMPLIANCE_FORM');
    expect(late.length).toBeGreaterThan(0);
    const tasks = await call('patient.open', 'get', `/api/patient_files/${file}/tasks`);
    expect(tasks.status, tasks.text).toBe(200);
    const task = (tasks.body.data as { formId: string; occurrenceId?: string; status: string }[]).find((t) => t.formId === form!.id && t.status === 'available');
    const answered = await call('patient.open', 'post', `/api/patient_files/${file}/form_responses`, {
      formId: form!.id, occurrenceId: task!.occurrenceId, skipEarlierLate: true, answers: { weight: 72, breathless: false, swollenAnkles: false },
    });
    expect(answered.status, answered.text).toBe(201);
    const after = await alertsOf(file);
    expect(after.filter((a) => a.kind === 'NON_COMPLIANCE_FORM')).toEqual(late.map((a) => expect.objectContaining({
      id: a.id, status: 'CLOSED', systemStatus: 'VALUES_RECEIVED', closedBy: null, closedAt: gw.clock.now(),
    })));
    expect((await closedHistory(file)).map((e) => e.payload)).toEqual(late.map(() => expect.objectContaining({ kind: 'NON_COMPLIANCE_FORM', systemStatus: 'VALUES_RECEIVED', formResponseId: answered.body.id })));
    await gw.app.jobs.nonCompliance();
    expect((await alertsOf(file)).filter((a) => a.status === 'PENDING' && a.kind === 'NON_COMPLIANCE_FORM')).toEqual([]);
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
