/**
 * Measures, thresholds and reference values through the real app (issue 11 §2, §3): one value
 * and a batch, converted to the indicator's unit (UCUM) and stored with what was typed; a unit
 * that does not convert refuses the whole batch (message naming both units in fr/en/ar, nothing
 * stored); a caregiver records on the patient's behalf; closed file and inactive patient data
 * 409; another patient's file and another establishment's indicator 404; each request's crossings
 * one alert batch, raised in the same transaction as the measures (a failing alert insert leaves
 * no measure); the file's thresholds over the defaults of that indicator only; reference values
 * and relative thresholds; every change's history entry. Runs on PGlite and on PostgreSQL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertBatches, alerts, caregivers, indicators, interventionLevels, measures, patientFileHistory, patientFiles, services } from '../../server/db/schema.ts';
import type { MeasuresResult, PatientMeasuresResult } from '../../schemas/measures.ts';
import type { AlertRow } from '../../schemas/alerts.ts';
import type { IndicatorBoundaries, ReferenceValue } from '../../schemas/boundaries.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();
type Establishment = 'chu-azur' | 'clinique-des-tilleuls';

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}

/** A new open file of a demo patient in a service, followed by the demo caregiver. */
async function newFile(options: { establishment?: Establishment; service?: string; status?: 'OPEN' | 'CLOSED'; patient?: string } = {}) {
  const [s] = await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, await establishmentIdOf(db, options.establishment ?? 'chu-azur')), eq(services.name, options.service ?? 'Cardiologie')));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE,
    patientId: await userIdOf(db, options.patient ?? 'patient.open'), serviceId: s!.id, status: options.status ?? 'OPEN',
  }).returning();
  await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, 'caregiver') });
  return file!.id;
}

const indicatorIds = new Map<string, string>();
async function indicator(reference: string, establishment: Establishment = 'chu-azur') {
  const key = `${establishment}/${reference}`;
  if (!indicatorIds.has(key)) {
    const [row] = await db.select({ id: indicators.id }).from(indicators)
      .where(and(eq(indicators.reference, reference), eq(indicators.establishmentId, await establishmentIdOf(db, establishment))));
    indicatorIds.set(key, row!.id);
  }
  return indicatorIds.get(key)!;
}
async function level(rank: number, establishment: Establishment = 'chu-azur') {
  const [row] = await db.select({ id: interventionLevels.id }).from(interventionLevels)
    .where(and(eq(interventionLevels.rank, rank), eq(interventionLevels.establishmentId, await establishmentIdOf(db, establishment))));
  return row!.id;
}

type Method = 'get' | 'post' | 'put' | 'delete';
async function call(local: string, method: Method, path: string, body?: object) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}
const send = (local: string, fileId: string, body: object, l = '') => call(local, 'post', `/api/patient_files/${fileId}/indicators/data${l && `?l=${l}`}`, body);
async function sent(local: string, fileId: string, body: object): Promise<MeasuresResult> {
  const res = await send(local, fileId, body);
  expect(res.status, res.text).toBe(201);
  return res.body as MeasuresResult;
}
/** What the patient's side is answered: the stored values only, never the alerts. */
async function sentByPatient(local: string, fileId: string, body: object): Promise<PatientMeasuresResult> {
  const res = await send(local, fileId, body);
  expect(res.status, res.text).toBe(201);
  expect(Object.keys(res.body)).toEqual(['measures']);
  return res.body as PatientMeasuresResult;
}
/**
 * The alerts the care team sees for these measures (the alert list, as the operator reads it), in
 * the measures' order, with the threshold each crossed (stored on the alert).
 */
async function teamAlerts(fileId: string, sentMeasures: { id: string }[]) {
  const res = await call('operator', 'get', `/api/establishments/${await establishmentIdOf(db, 'chu-azur')}/alerts?patientFileId=${fileId}&pageSize=50`);
  expect(res.status, res.text).toBe(200);
  const rows = res.body.data as AlertRow[];
  const boundaries = new Map((await alertsOf(fileId)).map((a) => [a.id, a.boundaryId]));
  return sentMeasures.flatMap((m) => rows.filter((a) => a.measure?.id === m.id))
    .map((a) => ({ id: a.id, batchId: a.batchId, measureId: a.measure!.id, indicatorId: a.indicator!.id, boundaryId: boundaries.get(a.id), level: a.level! }));
}
const measuresOf = (fileId: string) => db.select().from(measures).where(eq(measures.patientFileId, fileId));
const alertsOf = (fileId: string) => db.select().from(alerts).where(eq(alerts.patientFileId, fileId));
const batchesOf = (fileId: string) => db.select().from(alertBatches).where(eq(alertBatches.patientFileId, fileId));
const historyOf = (fileId: string) => db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, fileId)).orderBy(patientFileHistory.occurredAt);

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('POST /patient_files/:id/indicators/data', () => {
  it('stores one value by a professional, in the indicator unit, with what was typed, and raises nothing under the thresholds', async () => {
    const file = await newFile();
    const result = await sent('operator', file, { indicatorId: await indicator('heart_rate'), value: 72 });
    expect(result.alerts).toEqual([]);
    expect(result.batchId).toBeUndefined();
    expect(result.measures).toHaveLength(1);
    expect(result.measures[0]).toMatchObject({ value: 72, unit: '/min', enteredValue: 72, enteredUnit: '/min', source: 'MANUAL', recordedBy: await userIdOf(db, 'operator') });
    expect(result.measures[0]!.onBehalfOf).toBeUndefined();
    expect(result.measures[0]!.measuredAt).toBe(gw.clock.now().toISOString());
    expect(await measuresOf(file)).toHaveLength(1);
  });

  it('refuses a value of another type on its field (null was stored as 0 and raised an alert), storing and raising nothing', async () => {
    const file = await newFile();
    const heartRate = await indicator('heart_rate');
    for (const value of [null, true, [72], '71', {}]) {
      const single = await send('operator', file, { indicatorId: heartRate, value });
      expect(single.status, `${JSON.stringify(value)}: ${single.text}`).toBe(400);
      expect(single.body).toMatchObject({ code: 'validation_error', field: 'body.value' });
      const batch = await send('patient.open', file, { data: [{ indicatorId: heartRate, value: 72 }, { indicatorId: heartRate, value }] });
      expect(batch.status, `${JSON.stringify(value)}: ${batch.text}`).toBe(400);
      expect(batch.body).toMatchObject({ code: 'validation_error', field: 'body.data.1.value' });
    }
    expect(await measuresOf(file)).toEqual([]);
    expect(await alertsOf(file)).toEqual([]);
  });

  it('converts a batch to the indicators units (lb to kg, degF to Cel, mg/dL to mmol/L with the molecular weight) and stores the converted value', async () => {
    const file = await newFile();
    const measuredAt = new Date(gw.clock.now().getTime() - 3_600_000).toISOString();
    const result = await sentByPatient('patient.open', file, { data: [
      { indicatorId: await indicator('weight'), value: 154, unit: '[lb_av]', measuredAt },
      { indicatorId: await indicator('temperature'), value: 98.6, unit: '[degF]', measuredAt },
      { indicatorId: await indicator('glucose'), value: 180.156, unit: 'mg/dL', measuredAt },
    ] });
    expect(result.measures.map((m) => [m.unit, m.value, m.enteredUnit, m.enteredValue])).toEqual([
      ['kg', 69.85322498, '[lb_av]', 154],
      ['Cel', 37, '[degF]', 98.6],
      ['mmol/L', 10, 'mg/dL', 180.156],
    ]);
    const stored = await measuresOf(file);
    expect(stored.map((m) => m.value).sort((a, b) => a - b)).toEqual([10, 37, 69.85322498]);
    expect(stored.every((m) => m.measuredAt.toISOString() === measuredAt && m.recordedBy !== null && m.onBehalfOf === null)).toBe(true);
  });

  it('refuses the whole batch when one unit does not convert, naming both units in fr, en and ar, and stores nothing', async () => {
    const file = await newFile();
    const body = { data: [
      { indicatorId: await indicator('temperature'), value: 41 },
      { indicatorId: await indicator('temperature'), value: 41, unit: 'kg' },
    ] };
    const messages: Record<string, string> = {};
    for (const l of ['fr', 'en', 'ar']) {
      const res = await send('operator', file, body, l);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'unit_not_convertible', field: 'body.data.1.unit' });
      messages[l] = res.body.message;
      expect(res.body.message).toContain('kg');
      expect(res.body.message).toContain('Cel');
    }
    expect(messages.fr).toMatch(/unité/);
    expect(messages.en).toMatch(/unit/);
    expect(messages.ar).toMatch(/الوحدة/);
    const single = await send('operator', file, { indicatorId: await indicator('weight'), value: 70, unit: 'mm[Hg]' });
    expect(single.body).toMatchObject({ code: 'unit_not_convertible', field: 'body.unit' });
    expect(await measuresOf(file)).toEqual([]);
    expect(await alertsOf(file)).toEqual([]);
  });

  it('refuses what cannot be a measure, on its field: unknown unit, no value, a date in the future, more than 500, an indicator of another establishment', async () => {
    const file = await newFile();
    const temperature = await indicator('temperature');
    expect((await send('operator', file, { indicatorId: temperature, value: 37, unit: 'furlong' })).body).toMatchObject({ code: 'unit_not_convertible', field: 'body.unit' });
    expect((await send('operator', file, { indicatorId: temperature })).body).toMatchObject({ code: 'field_required', field: 'body.value' });
    expect((await send('operator', file, { value: 37 })).body).toMatchObject({ code: 'field_required', field: 'body.indicatorId' });
    expect((await send('operator', file, {})).status).toBe(400);
    const future = new Date(gw.clock.now().getTime() + 3_600_000).toISOString();
    expect((await send('operator', file, { data: [{ indicatorId: temperature, value: 37 }, { indicatorId: temperature, value: 37, measuredAt: future }] })).body)
      .toMatchObject({ code: 'measured_at_in_future', field: 'body.data.1.measuredAt' });
    // A phone a minute ahead is not refused (clock skew), and its date is kept as sent.
    const skewed = new Date(gw.clock.now().getTime() + 60_000).toISOString();
    expect((await send('operator', file, { indicatorId: temperature, value: 37, measuredAt: skewed })).status).toBe(201);
    expect((await send('operator', file, { data: Array.from({ length: 501 }, () => ({ indicatorId: temperature, value: 37 })) })).status).toBe(400);
    const other = await send('operator', file, { data: [{ indicatorId: temperature, value: 37 }, { indicatorId: await indicator('temperature', 'clinique-des-tilleuls'), value: 37 }] });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ field: 'body.data.1.indicatorId' });
    expect((await send('operator', file, { indicatorId: temperature, value: 37, data: [{ indicatorId: temperature, value: 37 }] })).status).toBe(400);
    // JSON reads 1e999 as Infinity: not a measure.
    const infinite = await (await as('operator')).agent.post(`/api/patient_files/${file}/indicators/data`).set('x-csrf-token', (await as('operator')).csrf)
      .set('content-type', 'application/json').send(`{"indicatorId":"${temperature}","value":1e999}`);
    expect(infinite.status).toBe(400);
    expect(await measuresOf(file)).toHaveLength(1);
  });

  it('records a caregiver value on the patient behalf', async () => {
    const file = await newFile();
    const result = await sentByPatient('caregiver', file, { indicatorId: await indicator('spo2'), value: 96 });
    expect(result.measures[0]).toMatchObject({ recordedBy: await userIdOf(db, 'caregiver'), onBehalfOf: await userIdOf(db, 'patient.open') });
    const [row] = await measuresOf(file);
    expect(row).toMatchObject({ recordedBy: await userIdOf(db, 'caregiver'), onBehalfOf: await userIdOf(db, 'patient.open') });
  });

  it('refuses from the patient side an indicator hidden from patients, as not found on its field; its professionals still record it', async () => {
    const file = await newFile();
    const [temperature, spo2] = [await indicator('temperature'), await indicator('spo2')];
    await db.update(indicators).set({ visibleToPatients: false }).where(eq(indicators.id, temperature));
    try {
      for (const who of ['patient.open', 'caregiver']) {
        const one = await send(who, file, { indicatorId: temperature, value: 40 });
        expect([one.status, one.body.code, one.body.field], one.text).toEqual([404, 'not_found', 'body.indicatorId']);
        const batch = await send(who, file, { data: [{ indicatorId: spo2, value: 96 }, { indicatorId: temperature, value: 40 }] });
        expect([batch.status, batch.body.field], batch.text).toEqual([404, 'body.data.1.indicatorId']);
      }
      expect([await measuresOf(file), await alertsOf(file)]).toEqual([[], []]);
      expect((await sent('prescriber', file, { indicatorId: temperature, value: 40 })).measures).toHaveLength(1);
    } finally {
      await db.update(indicators).set({ visibleToPatients: true }).where(eq(indicators.id, temperature));
    }
  });

  it('answers 409 on a closed file and on a file whose patient data is deactivated, 404 on another patient file', async () => {
    const closed = await newFile({ status: 'CLOSED' });
    const spo2 = await indicator('spo2');
    expect((await send('operator', closed, { indicatorId: spo2, value: 96 })).body).toMatchObject({ code: 'patient_file_closed' });
    const inactive = await newFile();
    await db.update(patientFiles).set({ patientDataActive: false }).where(eq(patientFiles.id, inactive));
    const res = await send('patient.open', inactive, { indicatorId: spo2, value: 96 }, 'en');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'patient_data_inactive' });
    const someoneElses = await newFile({ patient: 'patient.multi' });
    expect((await send('patient.open', someoneElses, { indicatorId: spo2, value: 96 })).status).toBe(404);
    expect([...await measuresOf(closed), ...await measuresOf(inactive), ...await measuresOf(someoneElses)]).toEqual([]);
  });
});

describe('threshold evaluation in the same transaction', () => {
  it('raises one batch per request, each crossing at its most urgent level, with what was crossed', async () => {
    const file = await newFile();
    const temperature = await indicator('temperature');
    const result = await sentByPatient('patient.open', file, { data: [
      { indicatorId: temperature, value: 38.49 },
      { indicatorId: temperature, value: 38.5 },
      { indicatorId: temperature, value: 104, unit: '[degF]' },
      { indicatorId: await indicator('heart_rate'), value: 131 },
    ] });
    const raised = await teamAlerts(file, result.measures);
    expect(raised.map((a) => [a.measureId, a.level.rank, a.level.colour])).toEqual([
      [result.measures[1]!.id, 2, 'pink'],
      [result.measures[2]!.id, 1, 'red'],
      [result.measures[3]!.id, 1, 'red'],
    ]);
    const batches = await batchesOf(file);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ source: 'MEASURES' });
    expect(new Set(raised.map((a) => a.batchId))).toEqual(new Set([batches[0]!.id]));
    const stored = await alertsOf(file);
    expect(stored).toHaveLength(3);
    const hot = stored.find((a) => a.measureId === result.measures[2]!.id)!;
    expect(hot).toMatchObject({ kind: 'THRESHOLD', status: 'PENDING', indicatorId: temperature });
    expect(hot.crossing).toMatchObject({ operator: '>=', mode: 'ABSOLUTE', value: 40, threshold: 40, measuredValue: 40 });
    // A second request is a second batch; the professional is answered its alerts, with their batch.
    const byPro = await sent('operator', file, { indicatorId: temperature, value: 39 });
    expect(byPro.alerts.map((a) => [a.measureId, a.level.rank, a.batchId])).toEqual([[byPro.measures[0]!.id, 2, byPro.batchId]]);
    expect(await batchesOf(file)).toHaveLength(2);
  });

  it('leaves neither measures nor alerts when raising the alerts fails', async () => {
    const file = await newFile();
    await db.execute(sql.raw(`create or replace function fail_alert_for_test() returns trigger language plpgsql as $$ begin
      if new.patient_file_id = '${file}' then raise exception 'alert refused by the test'; end if; return new; end $$`));
    await db.execute(sql`create trigger fail_alert_for_test before insert on alerts for each row execute function fail_alert_for_test()`);
    try {
      const res = await send('operator', file, { data: [{ indicatorId: await indicator('spo2'), value: 97 }, { indicatorId: await indicator('spo2'), value: 85 }] });
      expect(res.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger fail_alert_for_test on alerts`);
      await db.execute(sql`drop function fail_alert_for_test()`);
    }
    expect(await measuresOf(file)).toEqual([]);
    expect(await batchesOf(file)).toEqual([]);
    expect(await alertsOf(file)).toEqual([]);
  });
});

describe('the file thresholds over the defaults', () => {
  it('PUT sets the file thresholds of one indicator (they replace its defaults, the others keep theirs), updates them, DELETE brings the defaults back; each a history entry', async () => {
    const file = await newFile();
    const temperature = await indicator('temperature');
    const heartRate = await indicator('heart_rate');
    const path = `/api/patient_files/${file}/indicators/${temperature}/boundaries`;
    const put = await call('prescriber', 'put', path, { boundaries: [{ levelId: await level(2), operator: '>=', value: 37.8 }] });
    expect(put.status, put.text).toBe(200);
    const set = put.body as IndicatorBoundaries;
    expect(set).toMatchObject({ indicatorId: temperature, customised: true });
    expect(set.boundaries).toEqual([expect.objectContaining({ origin: 'file', operator: '>=', value: 37.8, threshold: 37.8, mode: 'ABSOLUTE' })]);
    expect(set.defaults.length).toBe(3);

    const all = (await call('operator', 'get', `/api/patient_files/${file}/indicator_boundaries`)).body as IndicatorBoundaries[];
    expect(all.find((i) => i.indicatorId === temperature)!.boundaries.map((b) => b.origin)).toEqual(['file']);
    expect(all.find((i) => i.indicatorId === heartRate)!.boundaries.every((b) => b.origin === 'default')).toBe(true);

    // 38 crosses the file's 37.8 (watch); 40, which crosses the default urgent 40, no longer does: the file's replace them.
    const result = await sentByPatient('patient.open', file, { data: [{ indicatorId: temperature, value: 38 }, { indicatorId: temperature, value: 40 }, { indicatorId: heartRate, value: 131 }] });
    expect((await teamAlerts(file, result.measures)).map((a) => [a.indicatorId, a.level.rank, a.boundaryId])).toEqual([
      [temperature, 2, set.boundaries[0]!.id],
      [temperature, 2, set.boundaries[0]!.id],
      [heartRate, 1, expect.any(String)],
    ]);

    const updated = (await call('prescriber', 'put', path, { boundaries: [{ levelId: await level(1), operator: '>', value: 39 }, { levelId: await level(2), operator: '>=', value: 38 }] })).body as IndicatorBoundaries;
    expect(updated.boundaries.map((b) => [b.operator, b.value, b.level.rank])).toEqual([['>', 39, 1], ['>=', 38, 2]]);
    expect(updated.boundaries.map((b) => b.id)).toContain(set.boundaries[0]!.id);

    const removed = await call('prescriber', 'delete', path);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toMatchObject({ customised: false });
    expect((removed.body as IndicatorBoundaries).boundaries.every((b) => b.origin === 'default')).toBe(true);
    expect((await call('prescriber', 'delete', path)).status).toBe(404);

    const history = (await historyOf(file)).filter((h) => h.type.startsWith('ALERT_THRESHOLD'));
    expect(history.map((h) => h.type)).toEqual(['ALERT_THRESHOLD_CREATED', 'ALERT_THRESHOLD_UPDATED', 'ALERT_THRESHOLD_DELETED']);
    expect(history[1]!.payload).toMatchObject({ indicatorId: temperature, before: [{ operator: '>=', value: 37.8 }], after: [{ operator: '>', value: 39 }, { operator: '>=', value: 38 }] });
    expect(history.every((h) => h.actorId !== null)).toBe(true);
  });

  it('deactivates one of the file thresholds (history), answers 409 the second time; a default threshold is not the file to deactivate', async () => {
    const file = await newFile();
    const spo2 = await indicator('spo2');
    const set = (await call('prescriber', 'put', `/api/patient_files/${file}/indicators/${spo2}/boundaries`, { boundaries: [{ levelId: await level(1), operator: '<', value: 85 }] })).body as IndicatorBoundaries;
    const boundaryId = set.boundaries[0]!.id;
    const res = await call('prescriber', 'post', `/api/patient_files/${file}/indicator_boundaries/${boundaryId}/deactivate`);
    expect(res.status, res.text).toBe(200);
    expect((await call('prescriber', 'post', `/api/patient_files/${file}/indicator_boundaries/${boundaryId}/deactivate`)).body).toMatchObject({ code: 'boundary_inactive' });
    // No active file threshold left: the defaults apply again (SpO2 < 92 is watch).
    const result = await sentByPatient('patient.open', file, { indicatorId: spo2, value: 90 });
    expect((await teamAlerts(file, result.measures)).map((a) => a.level.rank)).toEqual([2]);
    expect((await historyOf(file)).map((h) => h.type)).toContain('ALERT_THRESHOLD_DEACTIVATED');
    expect((await call('prescriber', 'post', `/api/patient_files/${file}/indicator_boundaries/${set.defaults[0]!.id}/deactivate`)).status).toBe(404);
  });

  it('lets only professionals change thresholds, on open files, with levels of the establishment', async () => {
    const file = await newFile();
    const spo2 = await indicator('spo2');
    const path = `/api/patient_files/${file}/indicators/${spo2}/boundaries`;
    expect((await call('patient.open', 'put', path, { boundaries: [{ levelId: await level(1), operator: '<', value: 85 }] })).status).toBe(403);
    expect((await call('caregiver', 'get', `/api/patient_files/${file}/indicator_boundaries`)).status).toBe(403);
    const foreign = await call('prescriber', 'put', path, { boundaries: [{ levelId: await level(1, 'clinique-des-tilleuls'), operator: '<', value: 85 }] });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ field: 'body.boundaries.0.levelId' });
    expect((await call('prescriber', 'put', `/api/patient_files/${file}/indicators/${await indicator('spo2', 'clinique-des-tilleuls')}/boundaries`, { boundaries: [{ levelId: await level(1), operator: '<', value: 85 }] })).status).toBe(404);
    expect((await call('prescriber', 'put', path, { boundaries: [] })).body).toMatchObject({ code: 'field_required', field: 'body.boundaries' });
    const closed = await newFile({ status: 'CLOSED' });
    expect((await call('prescriber', 'put', `/api/patient_files/${closed}/indicators/${spo2}/boundaries`, { boundaries: [{ levelId: await level(1), operator: '<', value: 85 }] })).status).toBe(409);
  });
});

describe('reference values and relative thresholds', () => {
  it('a file reference value makes the relative weight thresholds count; a new one deactivates the previous; deactivation and history', async () => {
    const file = await newFile();
    const weight = await indicator('weight');
    // Without a reference value the relative thresholds raise nothing.
    const unjudged = await sentByPatient('patient.open', file, { indicatorId: weight, value: 200 });
    expect(await teamAlerts(file, unjudged.measures)).toEqual([]);

    const created = await call('prescriber', 'post', `/api/patient_files/${file}/reference-value`, { indicatorId: weight, value: 70.4 });
    expect(created.status, created.text).toBe(201);
    const first = created.body as ReferenceValue;
    expect(first).toMatchObject({ indicatorId: weight, value: 70.4, active: true, createdBy: { lastName: expect.any(String) } });

    // 70.4 + 2 = 72.4 (>, watch), 70.4 + 3 = 73.4 (>=, urgent), compared at exact decimals.
    const result = await sentByPatient('patient.open', file, { data: [72.4, 72.5, 73.4].map((value) => ({ indicatorId: weight, value })) });
    expect((await teamAlerts(file, result.measures)).map((a) => [a.measureId, a.level.rank])).toEqual([[result.measures[1]!.id, 2], [result.measures[2]!.id, 1]]);
    const crossing = (await alertsOf(file)).find((a) => a.measureId === result.measures[2]!.id)!.crossing;
    expect(crossing).toMatchObject({ mode: 'RELATIVE', value: 3, referenceValue: 70.4, threshold: 73.4, measuredValue: 73.4 });

    gw.clock.advance(1000);
    const second = (await call('prescriber', 'post', `/api/patient_files/${file}/reference-value`, { indicatorId: weight, value: 71 })).body as ReferenceValue;
    const list = (await call('operator', 'get', `/api/patient_files/${file}/reference-values`)).body as ReferenceValue[];
    expect(list.map((r) => [r.id, r.active])).toEqual([[second.id, true], [first.id, false]]);
    expect(list[1]!.deactivatedAt).toBeDefined();
    const boundaries = (await call('operator', 'get', `/api/patient_files/${file}/indicator_boundaries`)).body as IndicatorBoundaries[];
    expect(boundaries.find((i) => i.indicatorId === weight)).toMatchObject({ referenceValue: 71, referenceValueOrigin: 'file' });

    const off = await call('prescriber', 'post', `/api/patient_files/${file}/reference-values/${second.id}/deactivate`);
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ active: false });
    expect((await call('prescriber', 'post', `/api/patient_files/${file}/reference-values/${second.id}/deactivate`)).body).toMatchObject({ code: 'reference_value_inactive' });

    const history = (await historyOf(file)).filter((h) => h.type.startsWith('REFERENCE_VALUE'));
    expect(history.map((h) => h.type)).toEqual(['REFERENCE_VALUE_CREATED', 'REFERENCE_VALUE_CREATED', 'REFERENCE_VALUE_DEACTIVATED']);
    expect(history[1]!.payload).toMatchObject({ indicatorId: weight, value: 71, previousReferenceValueId: first.id, previousValue: 70.4 });
  });

  it('refuses a reference value to the patient (403), of another establishment indicator (404 on its field), on a closed file (409)', async () => {
    const file = await newFile();
    expect((await call('patient.open', 'post', `/api/patient_files/${file}/reference-value`, { indicatorId: await indicator('weight'), value: 70 })).status).toBe(403);
    const foreign = await call('prescriber', 'post', `/api/patient_files/${file}/reference-value`, { indicatorId: await indicator('weight', 'clinique-des-tilleuls'), value: 70 });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ field: 'body.indicatorId' });
    const closed = await newFile({ status: 'CLOSED' });
    expect((await call('prescriber', 'post', `/api/patient_files/${closed}/reference-value`, { indicatorId: await indicator('weight'), value: 70 })).status).toBe(409);
    expect((await call('prescriber', 'post', `/api/patient_files/${file}/reference-values/00000000-0000-4000-8000-000000000000/deactivate`)).status).toBe(404);
  });
});
