/**
 * The intake of measures (issue 18), every channel going through recordMeasures: dates that
 * cannot be true (before the file's start, older than the establishment's bound on late values,
 * in the future beyond the clock skew, years PostgreSQL cannot store) refused on their field with
 * the bound in fr/en/ar and nothing stored; an identical measure stored once (sent again, twice in
 * a batch, ten times at once) with no second alert and the first answer given again; the patient's
 * side answered the stored values only. Runs on PGlite and on PostgreSQL.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertBatches, alerts, caregivers, establishments, formResponses, forms, indicators, measures, patientFiles, services } from '../../server/db/schema.ts';
import type { MeasuresResult } from '../../schemas/measures.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();
const DAY = 86_400_000;

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}
async function call(local: string, method: 'get' | 'post' | 'put', path: string, body?: object | string) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  if (typeof body === 'string') return req.set('content-type', 'application/json').send(body);
  return body === undefined ? req : req.send(body);
}
const send = (local: string, file: string, body: object | string, l?: string) => call(local, 'post', `/api/patient_files/${file}/indicators/data${l ? `?l=${l}` : ''}`, body);

/**
 * A new open file of patient.open in CHU Azur's Cardiologie, followed by the demo caregiver,
 * starting on `startDate` (null: the day it is created, which refuses a value dated before
 * midnight in Paris: tests about something else start two months back).
 */
async function newFile(startDate: string | null = FOLLOWED_SINCE) {
  const azur = await establishmentIdOf(db, 'chu-azur');
  const [s] = await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, azur), eq(services.name, 'Cardiologie')));
  const [file] = await db.insert(patientFiles).values({ patientId: await userIdOf(db, 'patient.open'), serviceId: s!.id, status: 'OPEN', startDate }).returning();
  await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, 'caregiver') });
  return file!.id;
}
async function indicator(reference: string) {
  const [row] = await db.select({ id: indicators.id }).from(indicators)
    .where(and(eq(indicators.reference, reference), eq(indicators.establishmentId, await establishmentIdOf(db, 'chu-azur'))));
  return row!.id;
}
const countOf = async (file: string) => ({
  measures: (await db.select().from(measures).where(eq(measures.patientFileId, file))).length,
  alerts: (await db.select().from(alerts).where(eq(alerts.patientFileId, file))).length,
  batches: (await db.select().from(alertBatches).where(eq(alertBatches.patientFileId, file))).length,
});
const isoDaysAgo = (days: number) => new Date(gw.clock.now().getTime() - days * DAY).toISOString();
/** The calendar day `days` before the test clock's, as a file start date. */
const dayAgo = (days: number) => isoDaysAgo(days).slice(0, 10);
const longDate = (day: string, language: string) => new Intl.DateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'long' }).format(Date.parse(`${day}T00:00:00Z`));

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('dates that cannot be true', () => {
  const start = () => dayAgo(10);
  it.each([
    { name: '1900-01-01', measuredAt: () => '1900-01-01T00:00:00Z', code: 'measured_before_file_start' },
    { name: 'year 0 (PostgreSQL cannot store it)', measuredAt: () => '0000-01-01T00:00:00Z', code: 'measured_before_file_start' },
    { name: 'the day before the file start', measuredAt: () => isoDaysAgo(11), code: 'measured_before_file_start' },
    { name: 'an hour ahead', measuredAt: () => new Date(gw.clock.now().getTime() + 3_600_000).toISOString(), code: 'measured_at_in_future' },
    { name: 'year 9999', measuredAt: () => '9999-12-31T23:59:59Z', code: 'measured_at_in_future' },
  ])('$name is refused on its field, alone or in a batch, in fr/en/ar, nothing stored', async ({ measuredAt, code }) => {
    const file = await newFile(start());
    const spo2 = await indicator('spo2');
    for (const [who, l] of [['operator', 'fr'], ['patient.open', 'en'], ['caregiver', 'ar']] as const) {
      const one = await send(who, file, { indicatorId: spo2, value: 80, measuredAt: measuredAt() }, l);
      expect([one.status, one.body.code, one.body.field], one.text).toEqual([400, code, 'body.measuredAt']);
      if (code === 'measured_before_file_start') expect(one.body.message, l).toContain(longDate(start(), l));
      const batch = await send(who, file, { data: [{ indicatorId: spo2, value: 80 }, { indicatorId: spo2, value: 81, measuredAt: measuredAt() }] }, l);
      expect([batch.status, batch.body.code, batch.body.field], batch.text).toEqual([400, code, 'body.data.1.measuredAt']);
    }
    expect(await countOf(file)).toEqual({ measures: 0, alerts: 0, batches: 0 });
  });

  it('accepts the file start day, a clock a few minutes fast, and a file without a start date from the day it was created', async () => {
    const file = await newFile(start());
    const spo2 = await indicator('spo2');
    const ok = await send('operator', file, { data: [
      { indicatorId: spo2, value: 97, measuredAt: `${start()}T12:00:00Z` },
      { indicatorId: spo2, value: 98, measuredAt: new Date(gw.clock.now().getTime() + 4 * 60_000).toISOString() },
    ] });
    expect(ok.status, ok.text).toBe(201);
    const undated = await newFile(null);
    expect((await send('operator', undated, { indicatorId: spo2, value: 97 })).status).toBe(201);
    expect((await send('operator', undated, { indicatorId: spo2, value: 97, measuredAt: isoDaysAgo(2) })).body).toMatchObject({ code: 'measured_before_file_start', field: 'body.measuredAt' });
  });

  it("a questionnaire answer mapped to an indicator, dated before the file's start, is refused on its question; nothing stored", async () => {
    const file = await newFile();
    const [form] = await db.select().from(forms).where(and(eq(forms.establishmentId, await establishmentIdOf(db, 'chu-azur')), eq(forms.reference, 'HF-DAILY')));
    expect((await call('prescriber', 'post', `/api/patient_files/${file}/forms/${form!.id}`, {})).status).toBeLessThan(300);
    const tasks = await call('patient.open', 'get', `/api/patient_files/${file}/tasks`);
    const task = (tasks.body.data as { formId: string; occurrenceId?: string; status: string }[]).find((t) => t.formId === form!.id && t.status === 'available');
    expect(task, tasks.text).toBeDefined();
    // The file's start moved to tomorrow: an answer today gives a weight dated before it.
    const tomorrow = new Date(gw.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
    await db.update(patientFiles).set({ startDate: tomorrow }).where(eq(patientFiles.id, file));
    const res = await call('patient.open', 'post', `/api/patient_files/${file}/form_responses?l=en`, {
      formId: form!.id, occurrenceId: task!.occurrenceId, answers: { weight: 73.5, breathless: false, swollenAnkles: true },
    });
    expect([res.status, res.body.code, res.body.field], res.text).toEqual([400, 'measured_before_file_start', 'body.answers.weight']);
    expect(res.body.message).toContain(longDate(tomorrow, 'en'));
    expect(await countOf(file)).toEqual({ measures: 0, alerts: 0, batches: 0 });
    expect(await db.select().from(formResponses).where(and(eq(formResponses.patientFileId, file), isNotNull(formResponses.answeredAt)))).toEqual([]);
  });

  it("refuses values older than the establishment's bound on late values, set by its admins, saying the days", async () => {
    const azur = await establishmentIdOf(db, 'chu-azur');
    const path = `/api/establishments/${azur}/measure_settings`;
    expect((await call('superadmin', 'get', path)).body).toEqual({ lateMeasureMaxDays: null, measureCorrectionMinutes: 15 });
    // Another establishment's admin, a prescriber: not theirs to set.
    expect((await call('admin.establishment', 'put', path, { lateMeasureMaxDays: 7, measureCorrectionMinutes: 15 })).status).toBe(404);
    expect((await call('prescriber', 'put', path, { lateMeasureMaxDays: 7, measureCorrectionMinutes: 15 })).status).toBe(404);
    for (const wrong of [0, -1, 3651, 2.5]) expect((await call('superadmin', 'put', path, { lateMeasureMaxDays: wrong, measureCorrectionMinutes: 15 })).status, String(wrong)).toBe(400);
    for (const wrong of [-1, 1441, 2.5, null]) {
      const res = await call('superadmin', 'put', path, { lateMeasureMaxDays: 7, measureCorrectionMinutes: wrong });
      expect([res.status, res.body.field], String(wrong)).toEqual([400, 'body.measureCorrectionMinutes']);
    }
    const set = await call('superadmin', 'put', path, { lateMeasureMaxDays: 7, measureCorrectionMinutes: 15 });
    expect([set.status, set.body], set.text).toEqual([200, { lateMeasureMaxDays: 7, measureCorrectionMinutes: 15 }]);
    try {
      const file = await newFile(dayAgo(30));
      const spo2 = await indicator('spo2');
      for (const [l, words] of [['fr', ['7', 'jours']], ['en', ['7', 'days']], ['ar', [new Intl.NumberFormat('ar').format(7), 'أيام']]] as const) {
        const res = await send('patient.open', file, { data: [{ indicatorId: spo2, value: 96 }, { indicatorId: spo2, value: 96, measuredAt: isoDaysAgo(8) }] }, l);
        expect([res.status, res.body.code, res.body.field], res.text).toEqual([400, 'measured_too_long_ago', 'body.data.1.measuredAt']);
        for (const word of words) expect(res.body.message, l).toContain(word);
      }
      expect((await countOf(file)).measures).toBe(0);
      expect((await send('patient.open', file, { indicatorId: spo2, value: 96, measuredAt: isoDaysAgo(6) })).status).toBe(201);
    } finally {
      expect((await call('superadmin', 'put', path, { lateMeasureMaxDays: null, measureCorrectionMinutes: 15 })).status).toBe(200);
    }
    expect((await db.select({ days: establishments.lateMeasureMaxDays }).from(establishments).where(eq(establishments.id, azur)))[0]!.days).toBeNull();
  });
});

describe('an identical measure is stored once', () => {
  it.each([
    { name: 'a professional', who: 'operator' },
    { name: 'the patient', who: 'patient.open' },
    { name: 'a caregiver', who: 'caregiver' },
  ])('sent again by $name: one row, one alert, the first answer given again', async ({ who }) => {
    const file = await newFile();
    const body = { data: [{ indicatorId: await indicator('spo2'), value: 80, measuredAt: isoDaysAgo(0.1) }, { indicatorId: await indicator('heart_rate'), value: 70, measuredAt: isoDaysAgo(0.1) }] };
    const first = await send(who, file, body);
    gw.clock.advance(60_000);
    const second = await send(who, file, body);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    expect(await countOf(file)).toEqual({ measures: 2, alerts: 1, batches: 1 });
  });

  it('a professional is answered the alert the first one raised, with its batch', async () => {
    const file = await newFile();
    const body = { indicatorId: await indicator('spo2'), value: 80, measuredAt: isoDaysAgo(0.1) };
    const first = (await send('operator', file, body)).body as MeasuresResult;
    const again = (await send('operator', file, body)).body as MeasuresResult;
    expect(first.alerts).toHaveLength(1);
    expect(again).toEqual(first);
  });

  it('twice in one batch: stored once; a new value beside an identical one: only the new one stored and alerted', async () => {
    const file = await newFile();
    const spo2 = await indicator('spo2');
    const measuredAt = isoDaysAgo(0.1);
    const twice = (await send('operator', file, { data: [{ indicatorId: spo2, value: 80, measuredAt }, { indicatorId: spo2, value: 80, measuredAt }] })).body as MeasuresResult;
    expect(twice.measures.map((m) => m.id)).toEqual([twice.measures[0]!.id, twice.measures[0]!.id]);
    expect(await countOf(file)).toEqual({ measures: 1, alerts: 1, batches: 1 });
    const mixed = (await send('operator', file, { data: [{ indicatorId: spo2, value: 80, measuredAt }, { indicatorId: spo2, value: 85, measuredAt }] })).body as MeasuresResult;
    expect(mixed.measures[0]!.id).toBe(twice.measures[0]!.id);
    expect(mixed.alerts.map((a) => a.measureId).sort()).toEqual([mixed.measures[0]!.id, mixed.measures[1]!.id].sort());
    expect(await countOf(file)).toEqual({ measures: 2, alerts: 2, batches: 2 });
  });

  it.each([
    { name: 'another value', change: { value: 81 } },
    { name: 'another time', change: { measuredAt: '' } },
    { name: 'another unit', change: { value: 80, unit: '%' } },
  ])('$name is another measure', async ({ change }) => {
    const file = await newFile();
    const measuredAt = isoDaysAgo(0.2);
    const base = { indicatorId: await indicator('spo2'), value: 80, measuredAt };
    await send('operator', file, base);
    const other = { ...base, ...change, ...(change.measuredAt === '' ? { measuredAt: isoDaysAgo(0.1) } : {}) };
    // '%' is the indicator's unit, written: the same measure as one sent without a unit.
    const expected = 'unit' in change ? 1 : 2;
    expect((await send('operator', file, other)).status).toBe(201);
    expect((await countOf(file)).measures).toBe(expected);
  });

  it('ten identical posts at once: one row, one alert, no 5xx, every answer the same measure', async () => {
    const file = await newFile();
    const body = { indicatorId: await indicator('spo2'), value: 80, measuredAt: isoDaysAgo(0.1) };
    await as('operator');
    const answers = await Promise.all(Array.from({ length: 10 }, () => send('operator', file, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.measures[0].id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.alerts[0]?.id)).size).toBe(1);
    expect(await countOf(file)).toEqual({ measures: 1, alerts: 1, batches: 1 });
  });
});

describe("the patient's side is answered the stored values only", () => {
  it.each(['patient.open', 'caregiver'])('%s: no alert, level, colour, threshold or batch in the answer; the alert is raised for the team', async (who) => {
    const file = await newFile();
    const res = await send(who, file, { indicatorId: await indicator('spo2'), value: 80 });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body)).toEqual(['measures']);
    expect(res.text).not.toMatch(/alert|level|colour|boundary|batch/i);
    expect(res.body.measures[0]).toMatchObject({ value: 80, unit: '%' });
    const [raised] = await db.select().from(alerts).where(eq(alerts.patientFileId, file));
    expect(raised).toMatchObject({ kind: 'THRESHOLD', measureId: res.body.measures[0].id });
  });
});
