/**
 * A value entered by mistake (issue 18), through the real app: a professional of the file marks a
 * measure entered in error with a reason (who, when, why stored; never deleted; history), its
 * pending alerts close with the system status ENTERED_IN_ERROR; marked twice 409. Every
 * reader of `measures` is listed in READERS with what it does with such a value (leaves charts,
 * last values and non-compliance counting; lists show it struck with who/when/why). The patient
 * corrects a value she typed within the establishment's delay, in one transaction; after it, or
 * on someone else's value, refused with a stable code. Runs on PGlite and on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, caregivers, establishments, indicators, measures, nonObservanceRules, patientFileHistory, patientFiles, services } from '../../server/db/schema.ts';
import { raiseNonComplianceAlerts } from '../../server/jobs/non-compliance.ts';
import type { MeasuresResult } from '../../schemas/measures.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();
const HOUR = 3_600_000;

async function call(local: string, method: 'get' | 'post' | 'put', path: string, body?: object) {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}

/** A new open file of patient.open in Cardiologie at CHU Azur, followed by the demo caregiver. */
async function newFile() {
  const [s] = await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, await establishmentIdOf(db, 'chu-azur')), eq(services.name, 'Cardiologie')));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId: s!.id, status: 'OPEN' }).returning();
  await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, 'caregiver') });
  return file!.id;
}

async function indicator(reference: string) {
  const [row] = await db.select({ id: indicators.id }).from(indicators)
    .where(and(eq(indicators.reference, reference), eq(indicators.establishmentId, await establishmentIdOf(db, 'chu-azur'))));
  return row!.id;
}

async function sent(local: string, fileId: string, body: object): Promise<MeasuresResult> {
  const res = await call(local, 'post', `/api/patient_files/${fileId}/indicators/data`, body);
  expect(res.status, res.text).toBe(201);
  return res.body as MeasuresResult;
}
const markPath = (fileId: string, measureId: string) => `/api/patient_files/${fileId}/measures/${measureId}/entered_in_error`;
const correctPath = (fileId: string, measureId: string) => `/api/patient_files/${fileId}/measures/${measureId}/correction`;
const ago = (ms: number) => new Date(gw.clock.now().getTime() - ms).toISOString();
const historyOf = (fileId: string) => db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, fileId)).orderBy(patientFileHistory.occurredAt);

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('POST /patient_files/:id/measures/:measureId/entered_in_error', () => {
  it('stores who, when and why, keeps the value, writes the history and closes its pending alerts with a system status', async () => {
    const file = await newFile();
    const systolic = await indicator('systolic');
    const typed = await sent('patient.open', file, { indicatorId: systolic, value: 250 });
    const [measure] = typed.measures;
    const [raised] = await db.select().from(alerts).where(eq(alerts.measureId, measure!.id));
    expect(raised?.status).toBe('PENDING');

    const res = await call('prescriber', 'post', markPath(file, measure!.id), { reason: 'Typed 250 for 150' });
    expect(res.status, res.text).toBe(200);
    const prescriber = await userIdOf(db, 'prescriber');
    expect(res.body).toEqual({
      id: measure!.id, closedAlertIds: [raised!.id],
      enteredInError: { at: gw.clock.now().toISOString(), by: { id: prescriber, firstName: expect.any(String), lastName: expect.any(String) }, reason: 'Typed 250 for 150', replacedBy: null },
    });
    const [stored] = await db.select().from(measures).where(eq(measures.id, measure!.id));
    expect(stored).toMatchObject({ value: 250, enteredInErrorBy: prescriber, enteredInErrorReason: 'Typed 250 for 150' });
    const [closed] = await db.select().from(alerts).where(eq(alerts.id, raised!.id));
    expect(closed).toMatchObject({ status: 'CLOSED', systemStatus: 'ENTERED_IN_ERROR', closedBy: null });
    expect(closed!.closedAt?.toISOString()).toBe(gw.clock.now().toISOString());

    const history = (await historyOf(file)).map((h) => ({ type: h.type, actorId: h.actorId, payload: h.payload }));
    expect(history).toEqual(expect.arrayContaining([
      { type: 'MEASURE_ENTERED_IN_ERROR', actorId: prescriber, payload: expect.objectContaining({ measureId: measure!.id, value: 250, unit: 'mmHg', reference: 'systolic', closedAlerts: 1 }) },
      { type: 'ALERT_CLOSED_AUTOMATICALLY', actorId: null, payload: expect.objectContaining({ alertId: raised!.id, systemStatus: 'ENTERED_IN_ERROR' }) },
    ]));
    // The reason is not in the history: it is read by more people, as an alert's comment.
    expect(JSON.stringify(history)).not.toContain('Typed 250');

    // The alert as the lists show it says why it closed.
    const alertRes = await call('prescriber', 'get', `/api/alert_batches/${raised!.batchId}`);
    expect(alertRes.status, alertRes.text).toBe(200);
    expect(alertRes.body.alerts[0]).toMatchObject({ status: 'CLOSED', systemStatus: 'ENTERED_IN_ERROR', closedBy: null });

    // Marked once: the second mark changes nothing.
    const again = await call('operator', 'post', markPath(file, measure!.id), { reason: 'Again, by someone else' });
    expect(again.status, again.text).toBe(409);
    expect(again.body.code).toBe('measure_already_entered_in_error');
    const [still] = await db.select().from(measures).where(eq(measures.id, measure!.id));
    expect(still?.enteredInErrorBy).toBe(prescriber);
  });

  it.each([
    { who: 'prescriber', body: {}, status: 400, code: 'validation_error', field: 'body.reason' },
    { who: 'prescriber', body: { reason: '   ' }, status: 400, code: 'field_required', field: 'body.reason' },
    { who: 'prescriber', body: { reason: 'x' }, status: 400, code: 'value_too_short', field: 'body.reason' },
    { who: 'prescriber', body: { reason: 'x'.repeat(501) }, status: 400, code: 'value_too_long', field: 'body.reason' },
    { who: 'patient.open', body: { reason: 'I typed it wrong' }, status: 403, code: 'professionals_only' },
    { who: 'caregiver', body: { reason: 'I typed it wrong' }, status: 403, code: 'professionals_only' },
    // A manager does not open patient files; a professional of another structure does not reach this one.
    { who: 'manager', body: { reason: 'Not a plausible weight' }, status: 404, code: 'not_found' },
    { who: 'admin.establishment', body: { reason: 'Not a plausible weight' }, status: 404, code: 'not_found' },
  ])('$who with $body: $status $code, nothing marked', async ({ who, body, status, code, field }) => {
    const file = await newFile();
    const { measures: [measure] } = await sent('patient.open', file, { indicatorId: await indicator('weight'), value: 450 });
    const res = await call(who, 'post', markPath(file, measure!.id), body);
    expect(res.status, res.text).toBe(status);
    expect(res.body.code).toBe(code);
    if (field) expect(res.body.field ?? res.body.errors?.[0]?.field).toBe(field);
    const [stored] = await db.select().from(measures).where(eq(measures.id, measure!.id));
    expect(stored?.enteredInErrorAt).toBeNull();
  });

  it("another file's measure is not found; a closed file's values are read-only", async () => {
    const file = await newFile();
    const other = await newFile();
    const { measures: [measure] } = await sent('prescriber', file, { indicatorId: await indicator('weight'), value: 71 });
    const elsewhere = await call('prescriber', 'post', markPath(other, measure!.id), { reason: 'Wrong file' });
    expect(elsewhere.status, elsewhere.text).toBe(404);
    await db.update(patientFiles).set({ status: 'CLOSED' }).where(eq(patientFiles.id, file));
    const closed = await call('prescriber', 'post', markPath(file, measure!.id), { reason: 'Too late' });
    expect(closed.status, closed.text).toBe(409);
    expect(closed.body.code).toBe('patient_file_closed');
  });
});

/**
 * Every reader of `measures` in server/ (grep the table) and what it does with a value entered in
 * error. The world: a systolic of 120 two hours ago, then 250 an hour ago marked in error; a heart
 * rate of 200 an hour ago marked in error, under a one-day non-compliance rule.
 */
interface World { file: string; systolic: string; heartRate: string; good: string; wrong: string; wrongBatch: string; wrongHeartRate: string }
let world: World;

const READERS: { reader: string; check: (w: World) => Promise<void> }[] = [
  {
    reader: "monitoring cards' last value (monitoring/repository.ts monitoredIndicators)",
    check: async (w) => {
      const res = await call('patient.open', 'get', `/api/patient_files/${w.file}/indicators`);
      expect(res.status, res.text).toBe(200);
      const card = res.body.data.find((i: { id: string }) => i.id === w.systolic);
      expect(card.lastValue.value).toBe(120);
      expect(res.body.data.find((i: { id: string }) => i.id === w.heartRate).lastValue).toBeNull();
    },
  },
  {
    reader: 'chart series and its downsampling (monitoring/repository.ts indicatorSeries)',
    check: async (w) => {
      const res = await call('prescriber', 'get', `/api/patient_files/${w.file}/indicators/${w.systolic}/values`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.points.map((p: { value: number }) => p.value)).toEqual([120]);
      expect(res.body.totalPoints).toBe(1);
    },
  },
  {
    reader: "indicators tab's last value (chart-displays/customizable-indicators.ts)",
    check: async (w) => {
      const res = await call('prescriber', 'get', `/api/patient_files/${w.file}/customizable_indicators?pageSize=100`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.find((i: { id: string }) => i.id === w.systolic).lastValue.value).toBe(120);
      expect(res.body.data.find((i: { id: string }) => i.id === w.heartRate).lastValue).toBeNull();
    },
  },
  {
    reader: "the alert's context chart (alerts/batch-context.ts)",
    check: async (w) => {
      const res = await call('prescriber', 'get', `/api/alert_batches/${w.wrongBatch}`);
      expect(res.status, res.text).toBe(200);
      const systolic = res.body.indicators.find((i: { indicator: { id: string } }) => i.indicator.id === w.systolic);
      expect(systolic.measures.map((m: { value: number }) => m.value)).toEqual([120]);
    },
  },
  {
    reader: 'non-compliance counting (jobs/non-compliance.ts): a value in error is not a value received',
    check: async (w) => {
      await raiseNonComplianceAlerts(db, () => gw.clock.now());
      const raised = await db.select().from(alerts).where(and(eq(alerts.patientFileId, w.file), eq(alerts.kind, 'NON_COMPLIANCE_INDICATOR')));
      expect(raised.map((a) => a.indicatorId)).toEqual([w.heartRate]);
    },
  },
  {
    reader: "the professional's value table (value-tables/repository.ts): struck, with who, when and why, no alert colour",
    check: async (w) => {
      const res = await call('prescriber', 'get', `/api/patient_files/${w.file}/indicator_values_table?indicators=systolic`);
      expect(res.status, res.text).toBe(200);
      const values = res.body.rows.flatMap((r: { cells: unknown[][] }) => r.cells.flat()) as { id: string; alertColour: string | null; enteredInError: unknown }[];
      expect(values.find((v) => v.id === w.good)?.enteredInError).toBeNull();
      expect(values.find((v) => v.id === w.wrong)).toMatchObject({
        alertColour: null, enteredInError: { reason: 'Typed 250 for 150', by: { id: await userIdOf(db, 'prescriber') }, at: expect.any(String), replacedBy: null },
      });
    },
  },
  {
    reader: "the values list, the patient's and the professional's (monitoring/repository.ts listMeasures): struck, with who, when and why",
    check: async (w) => {
      for (const who of ['patient.open', 'prescriber']) {
        const res = await call(who, 'get', `/api/patient_files/${w.file}/measures?indicatorId=${w.systolic}`);
        expect(res.status, res.text).toBe(200);
        const rows = res.body.data as { id: string; enteredInError: { reason: string } | null }[];
        expect(rows.find((r) => r.id === w.good)?.enteredInError).toBeNull();
        expect(rows.find((r) => r.id === w.wrong)?.enteredInError?.reason).toBe('Typed 250 for 150');
      }
    },
  },
  {
    reader: "establishment activities' last measure (activities/repository.ts): a value sent is an activity of the patient, even one in error (kept)",
    check: async (w) => {
      const [row] = await db.select({ recordedAt: measures.recordedAt }).from(measures).where(eq(measures.id, w.wrongHeartRate));
      expect(row?.recordedAt).toBeInstanceOf(Date);
    },
  },
  {
    reader: 'an indicator in use (catalogue/indicators.ts): a value in error is still stored, its unit cannot change (kept)',
    check: async (w) => {
      const [row] = await db.select({ id: measures.id }).from(measures).where(and(eq(measures.indicatorId, w.systolic), eq(measures.id, w.wrong)));
      expect(row).toBeDefined();
    },
  },
];

describe('every reader of measures leaves out or strikes a value entered in error', () => {
  beforeAll(async () => {
    const file = await newFile();
    const systolic = await indicator('systolic');
    const heartRate = await indicator('heart_rate');
    await db.insert(nonObservanceRules).values({ patientFileId: file, indicatorIds: [heartRate], periodInDays: 1, createdAt: new Date(gw.clock.now().getTime() - 10 * 24 * HOUR) });
    const good = await sent('patient.open', file, { indicatorId: systolic, value: 120, measuredAt: ago(2 * HOUR) });
    // Sent by a professional: her answer carries the batch (a patient's carries the values only).
    const wrong = await sent('prescriber', file, { data: [{ indicatorId: systolic, value: 250, measuredAt: ago(HOUR) }, { indicatorId: heartRate, value: 200, measuredAt: ago(HOUR) }] });
    expect(wrong.batchId).toBeDefined();
    for (const measure of wrong.measures) {
      const res = await call('prescriber', 'post', markPath(file, measure.id), { reason: 'Typed 250 for 150' });
      expect(res.status, res.text).toBe(200);
    }
    world = { file, systolic, heartRate, good: good.measures[0]!.id, wrong: wrong.measures[0]!.id, wrongBatch: wrong.batchId!, wrongHeartRate: wrong.measures[1]!.id };
  });

  it.each(READERS)('$reader', async ({ check }) => check(world));
});

describe('POST /patient_files/:id/measures/:measureId/correction', () => {
  /** Sent `n` minutes ago (the sessions' clock stays where it is: moving it would expire them). */
  async function typedAgo(measureId: string, n: number) {
    await db.update(measures).set({ recordedAt: new Date(gw.clock.now().getTime() - n * 60_000) }).where(eq(measures.id, measureId));
  }
  /** Set as the establishment's admins set it, on My establishment (PUT measure_settings). */
  async function minutes(value: number) {
    const path = `/api/establishments/${await establishmentIdOf(db, 'chu-azur')}/measure_settings`;
    const res = await call('superadmin', 'put', path, { lateMeasureMaxDays: null, measureCorrectionMinutes: value });
    expect([res.status, res.body], res.text).toEqual([200, { lateMeasureMaxDays: null, measureCorrectionMinutes: value }]);
  }

  it('the patient corrects her own value within the delay: the old one marked "corrected" by her, the new one recorded and evaluated, in one transaction', async () => {
    await minutes(15);
    const file = await newFile();
    const systolic = await indicator('systolic');
    const { measures: [old] } = await sent('patient.open', file, { indicatorId: systolic, value: 250, measuredAt: ago(HOUR) });
    await typedAgo(old!.id, 14);
    const res = await call('patient.open', 'post', correctPath(file, old!.id), { value: 150 });
    expect(res.status, res.text).toBe(201);
    const result = res.body as MeasuresResult;
    expect(result.measures).toEqual([expect.objectContaining({ indicatorId: systolic, value: 150, measuredAt: old!.measuredAt })]);
    const patient = await userIdOf(db, 'patient.open');
    const [stored] = await db.select().from(measures).where(eq(measures.id, old!.id));
    expect(stored).toMatchObject({ value: 250, enteredInErrorBy: patient, enteredInErrorReason: 'corrected', replacedBy: result.measures[0]!.id });
    const pending = await db.select().from(alerts).where(and(eq(alerts.patientFileId, file), eq(alerts.status, 'PENDING')));
    expect(pending).toHaveLength(0);
    expect((await historyOf(file)).map((h) => h.type)).toEqual(expect.arrayContaining(['MEASURE_CORRECTED', 'ALERT_CLOSED_AUTOMATICALLY']));

    // The same value at the same time again: correcting twice is refused.
    const twice = await call('patient.open', 'post', correctPath(file, old!.id), { value: 140 });
    expect(twice.status, twice.text).toBe(409);
    expect(twice.body.code).toBe('measure_already_entered_in_error');
  });

  it('a correction that cannot be stored stores nothing and leaves the old value as it was', async () => {
    await minutes(15);
    const file = await newFile();
    const { measures: [old] } = await sent('patient.open', file, { indicatorId: await indicator('systolic'), value: 250 });
    const res = await call('patient.open', 'post', correctPath(file, old!.id), { value: 1e300 });
    expect(res.status, res.text).toBe(400);
    expect(res.body.field).toBe('body.value');
    const [stored] = await db.select().from(measures).where(eq(measures.id, old!.id));
    expect(stored?.enteredInErrorAt).toBeNull();
    expect(await db.select().from(measures).where(eq(measures.patientFileId, file))).toHaveLength(1);
  });

  it.each([
    { case: 'after the delay', typedBy: 'patient.open', caller: 'patient.open', after: 16, status: 409, code: 'measure_correction_delay_passed' },
    { case: "a professional's value", typedBy: 'prescriber', caller: 'patient.open', after: 1, status: 403, code: 'measure_not_yours' },
    { case: "the patient's value, by the caregiver", typedBy: 'patient.open', caller: 'caregiver', after: 1, status: 403, code: 'measure_not_yours' },
    { case: 'a professional correcting (he marks instead)', typedBy: 'prescriber', caller: 'prescriber', after: 1, status: 403, code: 'patients_only' },
    { case: "another patient's value", typedBy: 'patient.open', caller: 'patient.multi', after: 1, status: 404, code: 'not_found' },
  ])('$case: $status $code', async ({ typedBy, caller, after, status, code }) => {
    await minutes(15);
    const file = await newFile();
    const { measures: [old] } = await sent(typedBy, file, { indicatorId: await indicator('weight'), value: 450 });
    await typedAgo(old!.id, after);
    const res = await call(caller, 'post', correctPath(file, old!.id), { value: 45 });
    expect(res.status, res.text).toBe(status);
    expect(res.body.code).toBe(code);
    if (code === 'measure_correction_delay_passed') expect(res.body.message).toContain('15');
    const [stored] = await db.select().from(measures).where(eq(measures.id, old!.id));
    expect(stored?.enteredInErrorAt).toBeNull();
  });

  it("the caregiver corrects what she typed for the patient, on the patient's behalf", async () => {
    await minutes(15);
    const file = await newFile();
    const { measures: [old] } = await sent('caregiver', file, { indicatorId: await indicator('weight'), value: 450 });
    const res = await call('caregiver', 'post', correctPath(file, old!.id), { value: 45, unit: 'kg' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.measures[0]).toMatchObject({ value: 45, onBehalfOf: await userIdOf(db, 'patient.open') });
  });
});
