/**
 * Thresholds that silently do nothing (issue 18): a RELATIVE threshold without a reference value
 * raises nothing, so every list of thresholds in force says it — `state: 'inactive'`,
 * `inactiveReason: 'no_reference_value'` — (indicator_boundaries, customizable_indicators, the
 * alert batch context), and the dashboard's route lists the open files the caller follows whose
 * thresholds are inactive. A file's reference value makes them active; a patient created with a
 * weight gets it as the file's weight reference value (checked against the weight's plausible
 * range, with its history entry); the catalogue's global reference value is held to the same
 * range. Runs on PGlite and on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caregivers, indicators, interventionLevels, patientFileHistory, patientFiles, referenceValues, services, users,
} from '../../server/db/schema.ts';
import type { IndicatorBoundaries } from '../../schemas/boundaries.ts';
import type { CustomizableIndicator } from '../../schemas/customizable-indicators.ts';
import type { InactiveThresholdsRow } from '../../schemas/inactive-thresholds.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
let azur: string;
let cardiology: string;
const browsers = new Map<string, Browser>();

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}
async function call(local: string, method: 'get' | 'post' | 'put', path: string, body?: object) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}

async function newFile() {
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId: cardiology, status: 'OPEN' }).returning();
  await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, 'caregiver') });
  return file!.id;
}
async function indicatorOf(reference: string) {
  const [row] = await db.select().from(indicators).where(and(eq(indicators.reference, reference), eq(indicators.establishmentId, azur)));
  return row!;
}
async function levelId(rank: number) {
  const [row] = await db.select({ id: interventionLevels.id }).from(interventionLevels)
    .where(and(eq(interventionLevels.establishmentId, azur), eq(interventionLevels.rank, rank)));
  return row!.id;
}
async function boundariesOf(fileId: string, reference: string): Promise<IndicatorBoundaries> {
  const res = await call('prescriber', 'get', `/api/patient_files/${fileId}/indicator_boundaries`);
  expect(res.status, res.text).toBe(200);
  return (res.body as IndicatorBoundaries[]).find((i) => i.reference === reference)!;
}
async function tabRowOf(fileId: string, reference: string): Promise<CustomizableIndicator> {
  const res = await call('prescriber', 'get', `/api/patient_files/${fileId}/customizable_indicators`);
  expect(res.status, res.text).toBe(200);
  return (res.body.data as CustomizableIndicator[]).find((i) => i.reference === reference)!;
}
/** Every page of the dashboard's list, for one caller. */
async function inactiveList(local: string, establishmentId = azur): Promise<InactiveThresholdsRow[]> {
  const rows: InactiveThresholdsRow[] = [];
  for (let page = 1; ; page++) {
    const res = await call(local, 'get', `/api/establishments/${establishmentId}/inactive-thresholds?page=${page}&pageSize=50`);
    expect(res.status, res.text).toBe(200);
    rows.push(...res.body.data);
    if (rows.length >= res.body.totalItems || res.body.data.length === 0) return rows;
  }
}

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  azur = await establishmentIdOf(db, 'chu-azur');
  const [s] = await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, azur), eq(services.name, 'Cardiologie')));
  cardiology = s!.id;
});
afterAll(async () => { await gw?.close(); });

describe('the state of each threshold in force', () => {
  it('a new file: the weight thresholds (relative, no reference value anywhere) are inactive, said on every list', async () => {
    const fileId = await newFile();
    const weight = await boundariesOf(fileId, 'weight');
    expect(weight.referenceValue).toBeNull();
    expect(weight.boundaries.length).toBeGreaterThan(0);
    for (const b of weight.boundaries) expect(b).toMatchObject({ mode: 'RELATIVE', state: 'inactive', inactiveReason: 'no_reference_value' });
    expect(weight.inactiveBoundaries).toBe(weight.boundaries.length);
    // An absolute threshold, or a relative one with a reference value, is active and says no reason.
    const systolic = await boundariesOf(fileId, 'systolic');
    for (const b of systolic.boundaries) { expect(b.state).toBe('active'); expect(b).not.toHaveProperty('inactiveReason'); }
    expect(systolic.inactiveBoundaries).toBe(0);

    const row = await tabRowOf(fileId, 'weight');
    expect(row.inactiveBoundaries).toBe(row.boundaries.length);
    for (const b of row.boundaries) expect(b).toMatchObject({ threshold: null, state: 'inactive', inactiveReason: 'no_reference_value' });
    expect((await tabRowOf(fileId, 'spo2')).boundaries.every((b) => b.state === 'active')).toBe(true);

    // The file's header says it to a professional; the patient side is not told.
    const header = await call('prescriber', 'get', `/api/patient_files/${fileId}`);
    expect(header.status, header.text).toBe(200);
    expect(header.body.inactiveThresholds).toEqual([{ indicatorId: weight.indicatorId, reference: 'weight', name: expect.objectContaining({ fr: 'Poids' }), inactiveBoundaries: weight.boundaries.length }]);
    const patientSide = await call('patient.open', 'get', `/api/patient_files/${fileId}`);
    expect(patientSide.status, patientSide.text).toBe(200);
    expect(patientSide.body).not.toHaveProperty('inactiveThresholds');

    // A reference value makes them active.
    const set = await call('prescriber', 'post', `/api/patient_files/${fileId}/reference-value`, { indicatorId: (await indicatorOf('weight')).id, value: 72.5 });
    expect(set.status, set.text).toBe(201);
    const after = await boundariesOf(fileId, 'weight');
    expect(after.inactiveBoundaries).toBe(0);
    for (const b of after.boundaries) { expect(b.state).toBe('active'); expect(typeof b.threshold).toBe('number'); }
    expect((await call('prescriber', 'get', `/api/patient_files/${fileId}`)).body.inactiveThresholds).toEqual([]);
  });

  it('a relative threshold the file sets itself is inactive without a reference value, whatever the defaults', async () => {
    const fileId = await newFile();
    const spo2 = await indicatorOf('spo2');
    // SpO2 has a global reference value (97): a relative threshold is active.
    const put = await call('prescriber', 'put', `/api/patient_files/${fileId}/indicators/${spo2.id}/boundaries`,
      { boundaries: [{ levelId: await levelId(1), operator: '<', mode: 'RELATIVE', value: -8 }] });
    expect(put.status, put.text).toBe(200);
    expect(put.body.boundaries[0]).toMatchObject({ state: 'active', threshold: 89 });
    // Glucose has none: the same relative threshold is inactive, and the answer says it.
    const glucose = await indicatorOf('glucose');
    const res = await call('prescriber', 'put', `/api/patient_files/${fileId}/indicators/${glucose.id}/boundaries`,
      { boundaries: [{ levelId: await levelId(1), operator: '>', mode: 'RELATIVE', value: 5 }, { levelId: await levelId(2), operator: '>', value: 13.9 }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.boundaries.map((b: { state: string }) => b.state).sort()).toEqual(['active', 'inactive']);
    expect(res.body.inactiveBoundaries).toBe(1);
  });
});

describe("the dashboard's list of open files whose thresholds are inactive", () => {
  it('lists a file with its inactive indicators until it has a reference value; closed files and other establishments are absent', async () => {
    const fileId = await newFile();
    const weight = await indicatorOf('weight');
    const row = (await inactiveList('prescriber')).find((r) => r.patientFileId === fileId);
    expect(row).toBeDefined();
    expect(row!.patient.id).toBe(await userIdOf(db, 'patient.open'));
    expect(row!.service).toEqual({ id: cardiology, name: 'Cardiologie' });
    expect(row!.indicators).toEqual([expect.objectContaining({ id: weight.id, reference: 'weight', inactiveBoundaries: 2 })]);

    // The list follows the rule of the thresholds in force: the same files as indicator_boundaries says.
    for (const listed of (await inactiveList('prescriber')).slice(0, 5)) {
      const res = await call('prescriber', 'get', `/api/patient_files/${listed.patientFileId}/indicator_boundaries`);
      const inactive = (res.body as IndicatorBoundaries[]).filter((i) => i.inactiveBoundaries > 0).map((i) => i.indicatorId).sort();
      expect(listed.indicators.map((i) => i.id).sort()).toEqual(inactive);
    }

    await call('prescriber', 'post', `/api/patient_files/${fileId}/reference-value`, { indicatorId: weight.id, value: 80 });
    expect((await inactiveList('prescriber')).some((r) => r.patientFileId === fileId)).toBe(false);

    // Customised to absolute thresholds only: nothing inactive either, even without a reference.
    const other = await newFile();
    expect((await inactiveList('prescriber')).some((r) => r.patientFileId === other)).toBe(true);
    await call('prescriber', 'put', `/api/patient_files/${other}/indicators/${weight.id}/boundaries`,
      { boundaries: [{ levelId: await levelId(1), operator: '>=', value: 95 }] });
    expect((await inactiveList('prescriber')).some((r) => r.patientFileId === other)).toBe(false);

    // A closed file is no longer followed.
    const closed = await newFile();
    await db.update(patientFiles).set({ status: 'CLOSED', closedAt: new Date() }).where(eq(patientFiles.id, closed));
    expect((await inactiveList('prescriber')).some((r) => r.patientFileId === closed)).toBe(false);
  });

  it('is out of reach of those who do not follow files (404), and of another establishment', async () => {
    const tilleuls = await establishmentIdOf(db, 'clinique-des-tilleuls');
    expect((await call('prescriber', 'get', `/api/establishments/${tilleuls}/inactive-thresholds`)).status).toBe(404);
    expect((await call('patient.open', 'get', `/api/establishments/${azur}/inactive-thresholds`)).status).toBe(404);
    expect((await call('prescriber', 'get', `/api/establishments/${randomUUID()}/inactive-thresholds`)).status).toBe(404);
  });
});

describe("a patient's weight entered at creation is the file's weight reference value", () => {
  const body = (extra: Record<string, unknown>) => ({
    firstNames: 'Lucie', birthName: 'MARCHAND', sex: 'female', birthDate: '1961-03-02',
    email: `ref.weight.${randomUUID().slice(0, 8)}@example.test`, serviceId: cardiology, startDate: '2026-01-10', ...extra,
  });

  it('becomes the reference value, said in the history with the value and who set it; the weight thresholds are active', async () => {
    const res = await call('prescriber', 'post', '/api/patient_files', body({ weightKg: 81.4 }));
    expect(res.status, res.text).toBe(201);
    const fileId = res.body.patientFile.id as string;
    const weight = await indicatorOf('weight');
    const stored = await db.select().from(referenceValues).where(eq(referenceValues.patientFileId, fileId));
    expect(stored).toEqual([expect.objectContaining({ indicatorId: weight.id, value: 81.4, createdBy: await userIdOf(db, 'prescriber'), deactivatedAt: null })]);
    const history = await db.select().from(patientFileHistory).where(and(eq(patientFileHistory.patientFileId, fileId), eq(patientFileHistory.type, 'REFERENCE_VALUE_CREATED')));
    expect(history).toHaveLength(1);
    expect(history[0]!.actorId).toBe(await userIdOf(db, 'prescriber'));
    expect(history[0]!.payload).toMatchObject({ indicatorId: weight.id, referenceValueId: stored[0]!.id, value: 81.4, unit: 'kg', indicatorName: { fr: 'Poids' }, source: 'patient_creation' });
    const inForce = await boundariesOf(fileId, 'weight');
    expect(inForce).toMatchObject({ referenceValue: 81.4, referenceValueOrigin: 'file', inactiveBoundaries: 0 });
    expect((await inactiveList('prescriber')).some((r) => r.patientFileId === fileId)).toBe(false);
  });

  it('without a weight, no reference value: the file is listed as having inactive thresholds', async () => {
    const res = await call('prescriber', 'post', '/api/patient_files', body({}));
    expect(res.status, res.text).toBe(201);
    expect(await db.select().from(referenceValues).where(eq(referenceValues.patientFileId, res.body.patientFile.id))).toEqual([]);
    expect((await inactiveList('prescriber')).some((r) => r.patientFileId === res.body.patientFile.id)).toBe(true);
  });

  it("a weight outside the weight indicator's plausible range is refused on its field, nothing created", async () => {
    const email = `ref.weight.${randomUUID().slice(0, 8)}@example.test`;
    for (const l of ['fr', 'en', 'ar']) {
      const res = await call('prescriber', 'post', `/api/patient_files?l=${l}`, body({ email, weightKg: 650 }));
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'body.weightKg', code: 'value_not_plausible' }));
      expect(res.body.message).toContain(new Intl.NumberFormat(l).format(500));
    }
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('the REFERENCE_VALUE_CREATED entry of the indicators tab says the value, unit and indicator too', async () => {
    const fileId = await newFile();
    const weight = await indicatorOf('weight');
    await call('prescriber', 'post', `/api/patient_files/${fileId}/reference-value`, { indicatorId: weight.id, value: 70 });
    const [entry] = await db.select().from(patientFileHistory).where(and(eq(patientFileHistory.patientFileId, fileId), eq(patientFileHistory.type, 'REFERENCE_VALUE_CREATED')));
    expect(entry!.payload).toMatchObject({ value: 70, unit: 'kg', indicatorName: { fr: 'Poids', en: 'Weight' } });
  });
});

describe("the catalogue's global reference value", () => {
  it('is held to the plausible range of its indicator (on create and update)', async () => {
    const spo2 = await indicatorOf('spo2');
    const res = await call('admin', 'get', `/api/indicators/${spo2.id}`);
    expect(res.status, res.text).toBe(200);
    const { id: _, hasMeasures: __, establishmentId: ___, boundaries, ...rest } = res.body;
    const indicator = { ...rest, boundaries: (boundaries as { id: string }[]).map(({ id: _id, ...b }) => b) };
    const put = await call('admin', 'put', `/api/indicators/${spo2.id}`, { ...indicator, referenceValue: 150 });
    expect(put.status, put.text).toBe(400);
    expect(put.body).toMatchObject({ code: 'value_not_plausible', field: 'body.referenceValue' });
    const post = await call('admin', 'post', `/api/establishments/${azur}/indicators`, { ...indicator, reference: `spo2_${randomUUID().slice(0, 6)}`, referenceValue: -1 });
    expect(post.status, post.text).toBe(400);
    expect(post.body).toMatchObject({ code: 'value_not_plausible', field: 'body.referenceValue' });
    expect((await indicatorOf('spo2')).referenceValue).toBe(97);
    // Within the range, it is kept.
    const ok = await call('admin', 'put', `/api/indicators/${spo2.id}`, { ...indicator, referenceValue: 96 });
    expect(ok.status, ok.text).toBe(200);
    await call('admin', 'put', `/api/indicators/${spo2.id}`, { ...indicator, referenceValue: 97 });
  });
});
