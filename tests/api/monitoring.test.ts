/**
 * Monitoring reads (issue 11 §6): GET /patient_files/:id/indicators (visibility for the patient's
 * side, last value, the units a value may be typed in), GET …/indicators/:indicatorId/values
 * (default and given periods, thresholds and reference value in force, downsampling bounded with
 * the extremes kept), GET /patient_files/:id/measures (paged newest first, filters, who recorded
 * it and for whom); scope: another establishment's indicator, another service's file, another
 * patient's file answer 404. Runs on PGlite and on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caregivers, indicators, measures, patientFiles, referenceValues, services, units } from '../../server/db/schema.ts';
import type { IndicatorSeries, MeasureRow, MonitoredIndicators } from '../../schemas/monitoring.ts';
import type { Page } from '../../schemas/common.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { seriesPoints } from '../../server/care/monitoring/series-points.ts';
import { downsampleMinMax } from '../../server/care/monitoring/downsample.ts';
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
const get = async (local: string, path: string) => (await as(local)).agent.get(path);

type Establishment = 'chu-azur' | 'clinique-des-tilleuls';
async function newFile(service: string, establishment: Establishment = 'chu-azur', patient = 'patient.open') {
  const [s] = await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, await establishmentIdOf(db, establishment)), eq(services.name, service)));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, patient), serviceId: s!.id, status: 'OPEN' }).returning();
  await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, 'caregiver') });
  return file!.id;
}

async function indicatorId(reference: string, establishment: Establishment = 'chu-azur') {
  const [row] = await db.select({ id: indicators.id }).from(indicators)
    .where(and(eq(indicators.establishmentId, await establishmentIdOf(db, establishment)), eq(indicators.reference, reference)));
  return row!.id;
}

/** Measures stored as recordMeasures would (the measures route is slice B's; here the reads are tested). */
async function store(fileId: string, indicator: string, values: Array<{ at: Date; value: number }>, by = 'patient.open') {
  const recordedBy = await userIdOf(db, by);
  for (let i = 0; i < values.length; i += 500) {
    await db.insert(measures).values(values.slice(i, i + 500).map(({ at, value }) => ({
      patientFileId: fileId, indicatorId: indicator, value, enteredValue: value, enteredUnit: 'kg', measuredAt: at, recordedAt: at, recordedBy, source: 'MANUAL' as const,
    })));
  }
}

const ago = (days: number) => new Date(gw.clock.now().getTime() - days * DAY);

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('GET /api/patient_files/:id/indicators', () => {
  it("lists every indicator of the file's establishment to its professional, with its unit, last value and the units UCUM converts to it", async () => {
    const file = await newFile('Cardiologie');
    const weight = await indicatorId('weight');
    await db.insert(units).values({ establishmentId: await establishmentIdOf(db, 'chu-azur'), ucumCode: '[lb_av]', symbol: 'lb', name: { fr: 'Livre', en: 'Pound', ar: 'رطل' } });
    await store(file, weight, [{ at: ago(3), value: 71.5 }, { at: ago(1), value: 72.25 }, { at: ago(2), value: 70 }]);
    const res = await get('prescriber', `/api/patient_files/${file}/indicators`);
    expect(res.status, res.text).toBe(200);
    const body = res.body as MonitoredIndicators;
    expect(body.data.map((i) => i.reference).sort()).toEqual(['diastolic', 'glucose', 'heart_rate', 'spo2', 'systolic', 'temperature', 'weight']);
    const w = body.data.find((i) => i.reference === 'weight')!;
    expect(w).toMatchObject({ name: { fr: 'Poids', en: 'Weight' }, unit: { code: 'kg', symbol: 'kg' }, decimals: 1, lastValue: { value: 72.25, measuredAt: ago(1).toISOString() } });
    expect(w.units).toEqual([{ code: 'kg', symbol: 'kg' }, { code: '[lb_av]', symbol: 'lb' }]);
    expect(body.data.find((i) => i.reference === 'heart_rate')!.lastValue).toBeNull();
    // Pounds do not convert to beats per minute.
    expect(body.data.find((i) => i.reference === 'heart_rate')!.units).toEqual([{ code: '/min', symbol: 'bpm' }]);
  });

  it('shows the patient and their caregiver only the indicators visible to patients; a hidden one answers 404 on its series', async () => {
    const file = await newFile('Cardiologie');
    const temperature = await indicatorId('temperature');
    await db.update(indicators).set({ visibleToPatients: false }).where(eq(indicators.id, temperature));
    try {
      for (const who of ['patient.open', 'caregiver']) {
        const res = await get(who, `/api/patient_files/${file}/indicators`);
        expect(res.status, res.text).toBe(200);
        const refs = (res.body as MonitoredIndicators).data.map((i) => i.reference);
        expect(refs).toContain('weight');
        expect(refs).not.toContain('temperature');
        expect((await get(who, `/api/patient_files/${file}/indicators/${temperature}/values`)).status).toBe(404);
      }
      const pro = await get('prescriber', `/api/patient_files/${file}/indicators/${temperature}/values`);
      expect(pro.status, pro.text).toBe(200);
    } finally {
      await db.update(indicators).set({ visibleToPatients: true }).where(eq(indicators.id, temperature));
    }
  });

  it("answers 404 for a file out of the caller's scope: another patient's, another establishment's", async () => {
    const file = await newFile('Cardiologie');
    const other = await newFile('Cardiologie', 'chu-azur', 'patient.closed');
    expect((await get('patient.open', `/api/patient_files/${other}/indicators`)).status).toBe(404);
    const tilleuls = await newFile((await db.select({ name: services.name }).from(services).where(eq(services.establishmentId, await establishmentIdOf(db, 'clinique-des-tilleuls'))).limit(1))[0]!.name, 'clinique-des-tilleuls');
    expect((await get('prescriber', `/api/patient_files/${tilleuls}/indicators`)).status).toBe(404);
    // An indicator of another establishment on a file of this one.
    const foreign = await indicatorId('weight', 'clinique-des-tilleuls');
    expect((await get('prescriber', `/api/patient_files/${file}/indicators/${foreign}/values`)).status).toBe(404);
    expect((await get('prescriber', `/api/patient_files/${file}/indicators/00000000-0000-4000-8000-000000000000/values`)).status).toBe(404);
  });
});

describe('GET /api/patient_files/:id/indicators/:indicatorId/values', () => {
  it('answers the last 30 days by default, oldest first, with the thresholds in force computed on the reference value', async () => {
    const file = await newFile('Cardiologie');
    const weight = await indicatorId('weight');
    await store(file, weight, [{ at: ago(40), value: 69 }, { at: ago(10), value: 70.5 }, { at: ago(1), value: 73.4 }, { at: ago(29.9), value: 70 }]);
    await db.insert(referenceValues).values({ patientFileId: file, indicatorId: weight, value: 70, createdAt: ago(50) });
    const res = await get('patient.open', `/api/patient_files/${file}/indicators/${weight}/values`);
    expect(res.status, res.text).toBe(200);
    const series = res.body as IndicatorSeries;
    expect(series.to).toBe(gw.clock.now().toISOString());
    expect(series.from).toBe(ago(30).toISOString());
    expect(series.points).toEqual([{ at: ago(29.9).toISOString(), value: 70 }, { at: ago(10).toISOString(), value: 70.5 }, { at: ago(1).toISOString(), value: 73.4 }]);
    expect(series).toMatchObject({ totalPoints: 3, downsampled: false, referenceValue: 70 });
    // The demo catalogue's weight: +2 kg watch, +3 kg urgent, relative to the reference value.
    expect(series.thresholds.map((t) => [t.operator, t.mode, t.value, t.threshold, t.level.colour]).sort()).toEqual([
      ['>', 'RELATIVE', 2, 72, 'pink'], ['>=', 'RELATIVE', 3, 73, 'red'],
    ].sort());
  });

  it('answers a given period, and refuses an end before the start on query.to', async () => {
    const file = await newFile('Cardiologie');
    const weight = await indicatorId('weight');
    await store(file, weight, [{ at: ago(100), value: 68 }, { at: ago(60), value: 69 }, { at: ago(20), value: 70 }]);
    const from = ago(120).toISOString();
    const to = ago(50).toISOString();
    const res = await get('prescriber', `/api/patient_files/${file}/indicators/${weight}/values?from=${from}&to=${to}`);
    expect(res.status, res.text).toBe(200);
    expect((res.body as IndicatorSeries).points.map((p) => p.value)).toEqual([68, 69]);
    const bad = await get('prescriber', `/api/patient_files/${file}/indicators/${weight}/values?from=${to}&to=${from}&l=en`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'end_date_before_start', field: 'query.to' });
    expect(bad.body.message).toMatch(/end date/i);
    const tooMany = await get('prescriber', `/api/patient_files/${file}/indicators/${weight}/values?maxPoints=5001`);
    expect(tooMany.status).toBe(400);
  });

  it('downsamples a year of four values a day to at most maxPoints, keeping the extremes (an alert value never vanishes)', async () => {
    const file = await newFile('Cardiologie');
    const weight = await indicatorId('weight');
    const values = Array.from({ length: 1460 }, (_, i) => ({ at: new Date(ago(365).getTime() + i * 6 * 3_600_000), value: 70 + Math.sin(i / 20) }));
    values[777]!.value = 79.9;
    values[123]!.value = 60.1;
    await store(file, weight, values);
    const path = `/api/patient_files/${file}/indicators/${weight}/values?from=${ago(366).toISOString()}`;
    const full = (await get('prescriber', `${path}&maxPoints=5000`)).body as IndicatorSeries;
    expect(full).toMatchObject({ totalPoints: 1460, downsampled: false });
    expect(full.points).toHaveLength(1460);
    for (const maxPoints of [undefined, 10, 101, 500]) {
      const res = await get('prescriber', maxPoints ? `${path}&maxPoints=${maxPoints}` : path);
      expect(res.status, res.text).toBe(200);
      const series = res.body as IndicatorSeries;
      expect(series).toMatchObject({ totalPoints: 1460, downsampled: true });
      const bound = maxPoints ?? 1000;
      expect(series.points.length).toBeLessThanOrEqual(bound);
      expect(series.points.length).toBeGreaterThan(bound / 2 - 2);
      expect(series.points.map((p) => p.value)).toContain(79.9);
      expect(series.points.map((p) => p.value)).toContain(60.1);
      const times = series.points.map((p) => Date.parse(p.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });
  it('downsamples five years in SQL with the points downsampleMinMax keeps from the same rows (ties in value and time included)', async () => {
    const file = await newFile('Cardiologie');
    const weight = await indicatorId('weight');
    // 7,300 values, four a day; a few plateaus (equal values) and pairs taken at the same instant.
    const start = ago(5 * 365).getTime();
    const values = Array.from({ length: 7300 }, (_, i) => ({
      at: new Date(start + i * 6 * 3_600_000 - (i % 211 === 1 ? 6 * 3_600_000 : 0)),
      value: i % 50 < 5 ? 71 : Math.round((70 + Math.sin(i / 40) * 3 + Math.sin(i * 1.3)) * 10) / 10,
    }));
    values[4321]!.value = 140.2;
    values[17]!.value = 40.3;
    await store(file, weight, values);
    const where = and(eq(measures.patientFileId, file), eq(measures.indicatorId, weight))!;
    const all = await db.select({ at: measures.measuredAt, value: measures.value }).from(measures).where(where).orderBy(measures.measuredAt, measures.id);
    expect(all).toHaveLength(7300);
    for (const maxPoints of [10, 11, 101, 1000, 5000, 7299, 7300]) {
      const sampled = await seriesPoints(db, where, maxPoints);
      expect(sampled.total).toBe(7300);
      expect(sampled.points, `maxPoints ${maxPoints}`).toEqual(downsampleMinMax(all, maxPoints));
    }
    expect(await seriesPoints(db, and(where, eq(measures.value, -1))!, 1000)).toEqual({ points: [], total: 0 });

    const res = await get('prescriber', `/api/patient_files/${file}/indicators/${weight}/values?from=${ago(5 * 365 + 2).toISOString()}`);
    expect(res.status, res.text).toBe(200);
    const series = res.body as IndicatorSeries;
    expect(series).toMatchObject({ totalPoints: 7300, downsampled: true });
    expect(series.points).toEqual(downsampleMinMax(all, 1000).map((p) => ({ at: p.at.toISOString(), value: p.value })));
    expect(series.points.map((p) => p.value)).toEqual(expect.arrayContaining([140.2, 40.3]));
  });
});

describe('GET /api/patient_files/:id/measures', () => {
  it('pages the values newest first, filters by indicator and period, says who recorded them and for whom', async () => {
    const file = await newFile('Cardiologie');
    const weight = await indicatorId('weight');
    const heart = await indicatorId('heart_rate');
    await store(file, weight, Array.from({ length: 12 }, (_, i) => ({ at: ago(12 - i), value: 70 + i / 10 })));
    await store(file, heart, [{ at: ago(0.5), value: 64 }], 'prescriber');
    const [m] = await db.select().from(measures).where(eq(measures.indicatorId, heart));
    await db.update(measures).set({ recordedBy: await userIdOf(db, 'caregiver'), onBehalfOf: await userIdOf(db, 'patient.open') }).where(eq(measures.id, m!.id));

    const first = await get('patient.open', `/api/patient_files/${file}/measures?pageSize=5`);
    expect(first.status, first.text).toBe(200);
    const page = first.body as Page<MeasureRow>;
    expect(page).toMatchObject({ totalItems: 13, page: 1, pageSize: 5 });
    expect(page.data.map((r) => r.measuredAt)).toEqual([ago(0.5), ago(1), ago(2), ago(3), ago(4)].map((d) => d.toISOString()));
    expect(page.data[0]).toMatchObject({ indicator: { reference: 'heart_rate' }, value: 64, unit: { symbol: 'bpm' }, source: 'MANUAL',
      recordedBy: { firstName: expect.any(String) }, onBehalfOf: { id: await userIdOf(db, 'patient.open') } });
    expect(page.data[1]!.onBehalfOf).toBeNull();

    const third = (await get('patient.open', `/api/patient_files/${file}/measures?pageSize=5&page=3`)).body as Page<MeasureRow>;
    expect(third.data.map((r) => r.value)).toEqual([70.2, 70.1, 70]);

    const onlyHeart = (await get('prescriber', `/api/patient_files/${file}/measures?indicatorId=${heart}`)).body as Page<MeasureRow>;
    expect(onlyHeart.totalItems).toBe(1);
    const period = (await get('prescriber', `/api/patient_files/${file}/measures?indicatorId=${weight}&from=${ago(5.5).toISOString()}&to=${ago(2.5).toISOString()}`)).body as Page<MeasureRow>;
    expect(period.data.map((r) => r.measuredAt)).toEqual([ago(3), ago(4), ago(5)].map((d) => d.toISOString()));

    const bad = await get('prescriber', `/api/patient_files/${file}/measures?from=${ago(1).toISOString()}&to=${ago(2).toISOString()}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'end_date_before_start', field: 'query.to' });

    // An indicator of another establishment, or an unknown one, as a filter: not found.
    expect((await get('prescriber', `/api/patient_files/${file}/measures?indicatorId=${await indicatorId('weight', 'clinique-des-tilleuls')}`)).status).toBe(404);
    expect((await get('prescriber', `/api/patient_files/${file}/measures?indicatorId=00000000-0000-4000-8000-000000000000`)).status).toBe(404);

    // A hidden indicator's values are not listed to the patient, and asking for them is not found.
    await db.update(indicators).set({ visibleToPatients: false }).where(eq(indicators.id, heart));
    try {
      expect((await get('patient.open', `/api/patient_files/${file}/measures?indicatorId=${heart}`)).status).toBe(404);
      expect(((await get('patient.open', `/api/patient_files/${file}/measures`)).body as Page<MeasureRow>).totalItems).toBe(12);
      expect(((await get('prescriber', `/api/patient_files/${file}/measures`)).body as Page<MeasureRow>).totalItems).toBe(13);
    } finally {
      await db.update(indicators).set({ visibleToPatients: true }).where(eq(indicators.id, heart));
    }
  });
});
