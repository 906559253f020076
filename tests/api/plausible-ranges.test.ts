/**
 * Values that cannot be true (issue 18): every indicator has a plausible range in its unit (the
 * demo's: SpO2 0–100 %, weight 0.5–500 kg, pressures 30–300 mmHg, heart rate 20–300/min,
 * temperature 25–45 °C, glucose 0.6–33.3 mmol/L), checked after unit conversion. A typed value, a
 * device batch, a questionnaire answer mapped to an indicator and a file's reference value outside
 * it are refused on their field with the range in fr/en/ar; nothing of the request is stored and
 * no alert is raised. The bounds themselves are accepted. The catalogue carries the range and
 * refuses an empty one. Runs on PGlite and on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, caregivers, forms, indicators, measures, patientFiles, referenceValues, services } from '../../server/db/schema.ts';
import type { Indicator } from '../../schemas/catalogue.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();

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

async function newFile() {
  const azur = await establishmentIdOf(db, 'chu-azur');
  const [s] = await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, azur), eq(services.name, 'Cardiologie')));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId: s!.id, status: 'OPEN' }).returning();
  await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, 'caregiver') });
  return file!.id;
}
async function indicator(reference: string) {
  const [row] = await db.select().from(indicators)
    .where(and(eq(indicators.reference, reference), eq(indicators.establishmentId, await establishmentIdOf(db, 'chu-azur'))));
  return row!;
}
const countOf = async (fileId: string) => ({
  measures: (await db.select().from(measures).where(eq(measures.patientFileId, fileId))).length,
  alerts: (await db.select().from(alerts).where(eq(alerts.patientFileId, fileId))).length,
  referenceValues: (await db.select().from(referenceValues).where(eq(referenceValues.patientFileId, fileId))).length,
});

/** Each language's message says the range with the unit, numbers written as that language writes them. */
const RANGE_IN: Record<string, (min: number, max: number, unit: string) => string[]> = {
  fr: (min, max, unit) => [new Intl.NumberFormat('fr').format(min), new Intl.NumberFormat('fr').format(max), unit, 'plausible'],
  en: (min, max, unit) => [new Intl.NumberFormat('en').format(min), new Intl.NumberFormat('en').format(max), unit, 'cannot be true'],
  ar: (min, max, unit) => [new Intl.NumberFormat('ar').format(min), new Intl.NumberFormat('ar').format(max), unit, 'غير معقولة'],
};

async function expectRefused(path: string, local: string, body: object | string, field: string, range: [number, number, string], fileId: string) {
  const before = await countOf(fileId);
  for (const l of ['fr', 'en', 'ar']) {
    const res = await call(local, 'post', `${path}?l=${l}`, body);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ code: 'value_not_plausible', field });
    for (const part of RANGE_IN[l]!(...range)) expect(res.body.message, l).toContain(part);
  }
  expect(await countOf(fileId)).toEqual(before);
}

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('a measure that cannot be true', () => {
  it.each([
    { name: 'SpO2 101 %', reference: 'spo2', value: 101, range: [0, 100, '%'] },
    { name: 'SpO2 −5 %', reference: 'spo2', value: -5, range: [0, 100, '%'] },
    { name: 'weight −70 kg', reference: 'weight', value: -70, range: [0.5, 500, 'kg'] },
    { name: 'systolic 1e300 mmHg', reference: 'systolic', value: 1e300, range: [30, 300, 'mmHg'] },
    { name: 'temperature 0 °C', reference: 'temperature', value: 0, range: [25, 45, '°C'] },
    { name: 'heart rate 301/min', reference: 'heart_rate', value: 301, range: [20, 300, 'bpm'] },
    { name: '2,000 lb (907 kg once converted)', reference: 'weight', value: 2000, unit: '[lb_av]', range: [0.5, 500, 'kg'] },
    { name: 'glucose 700 mg/dL (38.9 mmol/L once converted)', reference: 'glucose', value: 700, unit: 'mg/dL', range: [0.6, 33.3, 'mmol/L'] },
  ] as const)('$name is refused on its field, alone or in a batch, nothing stored, no alert', async ({ reference, value, range, ...rest }) => {
    const file = await newFile();
    const path = `/api/patient_files/${file}/indicators/data`;
    const id = (await indicator(reference)).id;
    const unit = 'unit' in rest ? { unit: rest.unit } : {};
    await expectRefused(path, 'operator', { indicatorId: id, value, ...unit }, 'body.value', [...range], file);
    // A valid value that would raise an alert first: the batch is refused whole.
    const batch = { data: [{ indicatorId: (await indicator('spo2')).id, value: 80 }, { indicatorId: id, value, ...unit }] };
    await expectRefused(path, 'patient.open', batch, 'body.data.1.value', [...range], file);
    expect(await countOf(file)).toEqual({ measures: 0, alerts: 0, referenceValues: 0 });
  });

  it('a value too large for a double (1e400, read as Infinity) is refused on its field', async () => {
    const file = await newFile();
    const res = await call('operator', 'post', `/api/patient_files/${file}/indicators/data`, `{"indicatorId":"${(await indicator('systolic')).id}","value":1e400}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.field).toBe('body.value');
    expect(await countOf(file)).toEqual({ measures: 0, alerts: 0, referenceValues: 0 });
  });

  it('the bounds themselves are accepted, converted ones included', async () => {
    const file = await newFile();
    const data = [
      ['spo2', 0], ['spo2', 100], ['weight', 0.5], ['weight', 500], ['systolic', 30], ['systolic', 300], ['diastolic', 30],
      ['heart_rate', 20], ['heart_rate', 300], ['temperature', 25], ['temperature', 45], ['glucose', 0.6], ['glucose', 33.3],
    ] as const;
    const typed: { indicatorId: string; value: number; unit?: string }[] = await Promise.all(data.map(async ([reference, value]) => ({ indicatorId: (await indicator(reference)).id, value })));
    // 113 °F is 45 °C: the bound once converted.
    const body = { data: [...typed, { indicatorId: (await indicator('temperature')).id, value: 113, unit: '[degF]' }] };
    const res = await call('operator', 'post', `/api/patient_files/${file}/indicators/data`, body);
    expect(res.status, res.text).toBe(201);
    expect((await countOf(file)).measures).toBe(data.length + 1);
  });
});

describe('a questionnaire answer mapped to an indicator', () => {
  it('outside the range once converted is refused on the answer\'s field, the response and its measures not stored', async () => {
    const file = await newFile();
    const weight = await indicator('weight');
    const azur = await establishmentIdOf(db, 'chu-azur');
    const [form] = await db.select().from(forms).where(and(eq(forms.establishmentId, azur), eq(forms.reference, 'HF-DAILY')));
    // The questionnaire itself accepts 20–300 kg: a narrower range in the catalogue shows the mapping's check.
    await db.update(indicators).set({ plausibleMin: 30, plausibleMax: 60 }).where(eq(indicators.id, weight.id));
    try {
      expect((await call('prescriber', 'post', `/api/patient_files/${file}/forms/${form!.id}`, {})).status).toBeLessThan(300);
      const tasks = await call('patient.open', 'get', `/api/patient_files/${file}/tasks`);
      const task = (tasks.body.data as { formId: string; occurrenceId?: string; status: string }[]).find((t) => t.formId === form!.id && t.status === 'available');
      const body = { formId: form!.id, occurrenceId: task!.occurrenceId, answers: { weight: 73.5, breathless: false, swollenAnkles: true } };
      await expectRefused(`/api/patient_files/${file}/form_responses`, 'patient.open', body, 'body.answers.weight', [30, 60, 'kg'], file);
      const accepted = await call('patient.open', 'post', `/api/patient_files/${file}/form_responses`, { ...body, answers: { ...body.answers, weight: 60 } });
      expect(accepted.status, accepted.text).toBeLessThan(300);
      expect((await countOf(file)).measures).toBe(1);
    } finally {
      await db.update(indicators).set({ plausibleMin: weight.plausibleMin, plausibleMax: weight.plausibleMax }).where(eq(indicators.id, weight.id));
    }
  });
});

describe('a file\'s reference value', () => {
  it.each([6450, 0, -3])('of %s kg is refused on body.value, nothing stored', async (value) => {
    const file = await newFile();
    const body = { indicatorId: (await indicator('weight')).id, value };
    await expectRefused(`/api/patient_files/${file}/reference-value`, 'prescriber', body, 'body.value', [0.5, 500, 'kg'], file);
  });

  it('on the bounds is accepted', async () => {
    const file = await newFile();
    for (const value of [0.5, 500]) {
      const res = await call('prescriber', 'post', `/api/patient_files/${file}/reference-value`, { indicatorId: (await indicator('weight')).id, value });
      expect(res.status, res.text).toBe(201);
    }
  });
});

describe('the catalogue', () => {
  it('carries each indicator\'s range, sets a new one, and refuses one whose minimum is not under its maximum', async () => {
    const spo2 = await indicator('spo2');
    const read = (await call('admin', 'get', `/api/indicators/${spo2.id}`)).body as Indicator;
    expect([read.plausibleMin, read.plausibleMax]).toEqual([0, 100]);
    const { id: _, establishmentId: __, hasMeasures: ___, boundaries, ...fields } = read;
    const body = { ...fields, boundaries: boundaries.map(({ id: _id, ...b }) => b) };
    for (const [min, max] of [[100, 100], [100, 0]]) {
      const res = await call('admin', 'put', `/api/indicators/${spo2.id}`, { ...body, plausibleMin: min, plausibleMax: max });
      expect([res.status, res.body.code, res.body.field]).toEqual([400, 'value_invalid', 'body.plausibleMax']);
    }
    const half = await call('admin', 'put', `/api/indicators/${spo2.id}`, { ...body, plausibleMin: undefined });
    expect([half.status, half.body.field]).toEqual([400, 'body.plausibleMin']);
    const narrowed = await call('admin', 'put', `/api/indicators/${spo2.id}`, { ...body, plausibleMin: 50, plausibleMax: 100 });
    expect([narrowed.status, narrowed.body.plausibleMin, narrowed.body.plausibleMax]).toEqual([200, 50, 100]);
    const kept = await call('admin', 'put', `/api/indicators/${spo2.id}`, { ...body, plausibleMin: undefined, plausibleMax: undefined });
    expect([kept.body.plausibleMin, kept.body.plausibleMax]).toEqual([50, 100]);
    await call('admin', 'put', `/api/indicators/${spo2.id}`, body);
  });
});
