/**
 * The indicators tab's reads (issue 11 §6, spec 001 §7, §9): customizable_indicators (page size
 * 100) with, per indicator, the last value, the thresholds in force and their origin (defaults,
 * the file's own), the reference value in force and the non-compliance rules covering it; the
 * value table and its settings — rows are local days in the caller's time zone (across the
 * Europe/Paris change of 25 October 2026, a 25-hour day is one row), every value of a day listed
 * as stored (no average), values that raised an alert marked with the level's colour; settings
 * {indicators, startDate} with their field errors; scope. Runs on PGlite and on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertBatches, alerts, caregivers, indicatorBoundaries, indicators, interventionLevels, measures, nonObservanceRules, patientFiles,
  referenceValues, services,
} from '../../server/db/schema.ts';
import type { CustomizableIndicator } from '../../schemas/customizable-indicators.ts';
import type { ValueTable } from '../../schemas/value-tables.ts';
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

async function newFile() {
  const [s] = await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, await establishmentIdOf(db, 'chu-azur')), eq(services.name, 'Cardiologie')));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId: s!.id, status: 'OPEN' }).returning();
  await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, 'caregiver') });
  return { id: file!.id, serviceId: s!.id };
}

async function indicatorId(reference: string, establishment: 'chu-azur' | 'clinique-des-tilleuls' = 'chu-azur') {
  const [row] = await db.select({ id: indicators.id }).from(indicators)
    .where(and(eq(indicators.establishmentId, await establishmentIdOf(db, establishment)), eq(indicators.reference, reference)));
  return row!.id;
}

async function levelId(rank: number) {
  const [row] = await db.select({ id: interventionLevels.id }).from(interventionLevels)
    .where(and(eq(interventionLevels.establishmentId, await establishmentIdOf(db, 'chu-azur')), eq(interventionLevels.rank, rank)));
  return row!.id;
}

const measure = async (fileId: string, indicator: string, value: number, at: string) => (await db.insert(measures).values({
  patientFileId: fileId, indicatorId: indicator, value, enteredValue: value, enteredUnit: 'x', measuredAt: new Date(at), recordedAt: new Date(at), source: 'MANUAL',
}).returning())[0]!.id;

async function call(local: string, method: 'get' | 'put', path: string, options: { body?: object; timeZone?: string } = {}) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf).set('x-timezone', options.timeZone ?? 'Europe/Paris');
  return options.body === undefined ? req : req.send(options.body);
}

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('customizable indicators', () => {
  it('lists every indicator of the establishment, 100 a page, with last value, thresholds in force and origin, reference value, rules', async () => {
    const file = await newFile();
    const [weight, systolic] = [await indicatorId('weight'), await indicatorId('systolic')];
    await db.insert(referenceValues).values({ patientFileId: file.id, indicatorId: weight, value: 70 });
    await db.insert(indicatorBoundaries).values({ indicatorId: systolic, patientFileId: file.id, levelId: await levelId(1), operator: '>=', value: 170 });
    const [rule] = await db.insert(nonObservanceRules).values({ patientFileId: file.id, indicatorIds: [weight, systolic], periodInDays: 3 }).returning();
    await db.insert(nonObservanceRules).values({ patientFileId: file.id, indicatorIds: [weight], periodInDays: 9, active: false });
    await measure(file.id, systolic, 150, '2026-11-01T08:00:00Z');
    await measure(file.id, systolic, 162, '2026-11-02T08:00:00Z');

    const res = await call('operator', 'get', `/api/patient_files/${file.id}/customizable_indicators`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 100, totalItems: 7 });
    const byRef = new Map((res.body.data as CustomizableIndicator[]).map((i) => [i.reference, i]));
    expect([...byRef.keys()].sort()).toEqual(['diastolic', 'glucose', 'heart_rate', 'spo2', 'systolic', 'temperature', 'weight']);

    const w = byRef.get('weight')!;
    expect(w).toMatchObject({ origin: 'default', lastValue: null, referenceValue: { value: 70, origin: 'file' }, unit: { code: 'kg', symbol: 'kg' } });
    // Relative thresholds read against the file's reference value: 70 + 2 and 70 + 3, most urgent first.
    expect(w.boundaries.map((b) => [b.operator, b.mode, b.value, b.threshold, b.origin, b.level.colour])).toEqual([
      ['>=', 'RELATIVE', 3, 73, 'default', 'red'], ['>', 'RELATIVE', 2, 72, 'default', 'pink'],
    ]);
    expect(w.nonComplianceRules).toEqual([{ id: rule!.id, periodInDays: 3 }]);

    const s = byRef.get('systolic')!;
    expect(s.origin).toBe('file');
    expect(s.boundaries.map((b) => [b.operator, b.value, b.threshold, b.origin])).toEqual([['>=', 170, 170, 'file']]);
    expect(s.defaults).toHaveLength(3);
    expect(s.lastValue).toEqual({ value: 162, measuredAt: '2026-11-02T08:00:00.000Z' });
    expect(s.nonComplianceRules).toEqual([{ id: rule!.id, periodInDays: 3 }]);
    expect(byRef.get('spo2')).toMatchObject({ origin: 'default', nonComplianceRules: [], referenceValue: { value: 97, origin: 'default' } });

    const paged = await call('operator', 'get', `/api/patient_files/${file.id}/customizable_indicators?pageSize=10&page=2`);
    expect(paged.body).toMatchObject({ data: [], totalItems: 7, page: 2 });
    const bad = await call('operator', 'get', `/api/patient_files/${file.id}/customizable_indicators?pageSize=7&l=en`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('query.pageSize');
  });

  it('answers 403 to the patient and 404 for a file out of scope', async () => {
    const file = await newFile();
    expect((await call('patient.open', 'get', `/api/patient_files/${file.id}/customizable_indicators`)).status).toBe(403);
    expect((await call('prescriber', 'get', '/api/patient_files/00000000-0000-4000-8000-000000000000/customizable_indicators')).status).toBe(404);
  });
});

describe('value table', () => {
  it('rows are local days across the Europe/Paris DST change; every value of a day listed as stored; alerts marked', async () => {
    const file = await newFile();
    const [weight, systolic] = [await indicatorId('weight'), await indicatorId('systolic')];
    // 25 Oct 2026 in Paris lasts 25 hours: from 24 Oct 22:00 UTC to 25 Oct 23:00 UTC.
    const early = await measure(file.id, weight, 70.25, '2026-10-24T22:30:00Z'); // 25 Oct 00:30 CEST
    const late = await measure(file.id, weight, 71.4, '2026-10-25T22:30:00Z'); // 25 Oct 23:30 CET
    await measure(file.id, weight, 72, '2026-10-25T23:30:00Z'); // 26 Oct 00:30 CET
    await measure(file.id, weight, 69.9, '2026-10-23T22:30:00Z'); // 24 Oct 00:30 CEST
    const high = await measure(file.id, systolic, 185, '2026-10-25T12:00:00Z');
    const [batch] = await db.insert(alertBatches).values({ patientFileId: file.id, source: 'MEASURES' }).returning();
    await db.insert(alerts).values({
      batchId: batch!.id, patientFileId: file.id, serviceId: file.serviceId, kind: 'THRESHOLD', levelId: await levelId(1), indicatorId: systolic,
      measureId: high, raisedAt: new Date('2026-10-25T12:00:00Z'),
    });

    const res = await call('prescriber', 'get', `/api/patient_files/${file.id}/indicator_values_table?indicators=weight,systolic&startDate=2026-10-24`);
    expect(res.status, res.text).toBe(200);
    const table = res.body as ValueTable;
    expect(table).toMatchObject({ from: '2026-10-24', timeZone: 'Europe/Paris' });
    expect(table.indicators.map((i) => i.reference)).toEqual(['weight', 'systolic']);
    // Newest first, one row per calendar day up to today.
    expect(table.rows.at(-1)!.date).toBe('2026-10-24');
    const day = (date: string) => table.rows.find((r) => r.date === date)!;
    expect(day('2026-10-25').cells[0]!.map((v) => [v.id, v.value, v.alertColour])).toEqual([[early, 70.25, null], [late, 71.4, null]]);
    expect(day('2026-10-25').cells[1]!.map((v) => [v.id, v.value, v.alertColour])).toEqual([[high, 185, 'red']]);
    expect(day('2026-10-26').cells[0]!.map((v) => v.value)).toEqual([72]);
    expect(day('2026-10-24').cells[0]!.map((v) => v.value)).toEqual([69.9]);
    expect(new Set(table.rows.map((r) => r.date)).size).toBe(table.rows.length);

    // The same values in UTC fall on other days.
    const utc = (await call('prescriber', 'get', `/api/patient_files/${file.id}/indicator_values_table?indicators=weight&startDate=2026-10-24`, { timeZone: 'UTC' })).body as ValueTable;
    const utcDay = (date: string) => utc.rows.find((r) => r.date === date)!.cells[0]!.map((v) => v.value);
    expect([utcDay('2026-10-24'), utcDay('2026-10-25')]).toEqual([[70.25], [71.4, 72]]);
  });

  it('settings: none at first (the last 14 days, every indicator), saved and used; bad input on its field; read-only when closed', async () => {
    const file = await newFile();
    const [weight, spo2] = [await indicatorId('weight'), await indicatorId('spo2')];
    const path = `/api/patient_files/${file.id}/indicator_values_table_settings`;
    expect((await call('prescriber', 'get', path)).body).toEqual({ indicators: [], startDate: null });
    const first = (await call('prescriber', 'get', `/api/patient_files/${file.id}/indicator_values_table`)).body as ValueTable;
    expect(first.rows).toHaveLength(14);
    expect(first.indicators).toHaveLength(7);

    const saved = await call('prescriber', 'put', path, { body: { indicators: [spo2, weight], startDate: '2026-11-01' } });
    expect(saved.status, saved.text).toBe(200);
    expect((await call('operator', 'get', path)).body).toEqual({ indicators: [spo2, weight], startDate: '2026-11-01' });
    const table = (await call('prescriber', 'get', `/api/patient_files/${file.id}/indicator_values_table`)).body as ValueTable;
    expect(table.indicators.map((i) => i.reference)).toEqual(['spo2', 'weight']);
    expect(table.from).toBe('2026-11-01');

    const elsewhere = await indicatorId('weight', 'clinique-des-tilleuls');
    const foreign = await call('prescriber', 'put', path, { body: { indicators: [weight, elsewhere], startDate: null } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.field).toBe('body.indicators.1');
    for (const [l, text] of [['fr', 'Cette date ne peut pas être postérieure'], ['en', 'This date cannot be after today.'], ['ar', '']] as const) {
      const future = await call('prescriber', 'put', `${path}?l=${l}`, { body: { indicators: [], startDate: '2999-01-01' } });
      expect(future.status).toBe(400);
      expect(future.body).toMatchObject({ code: 'date_in_future', field: 'body.startDate' });
      expect(future.body.message).toContain(text);
      if (l === 'ar') expect(future.body.message).toMatch(/[\u0600-\u06FF]/);
    }
    const unknown = await call('prescriber', 'get', `/api/patient_files/${file.id}/indicator_values_table?indicators=weight,nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.field).toBe('query.indicators.1');
    expect((await call('prescriber', 'get', `/api/patient_files/${file.id}/indicator_values_table?startDate=2026-02-30`)).status).toBe(400);

    expect((await call('patient.open', 'get', path)).status).toBe(403);
    expect((await call('caregiver', 'put', path, { body: { indicators: [], startDate: null } })).status).toBe(403);
    await db.update(patientFiles).set({ status: 'CLOSED' }).where(eq(patientFiles.id, file.id));
    expect((await call('prescriber', 'put', path, { body: { indicators: [], startDate: null } })).body.code).toBe('patient_file_closed');
  });
});
