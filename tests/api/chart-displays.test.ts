/**
 * Chart displays of a patient file (issue 11 §6, spec 001 §7 chart_displays: GET, GET /patient,
 * POST, PUT, DELETE, exclude, restore): CRUD by the file's professionals, order, exclusion and
 * restoration (409 when already so), the patient's view (visible and not excluded; readable by the
 * patient and their caregiver, who may change nothing), indicators of the file's establishment only
 * (404 on body.indicatorIds.N), bounds on their field in fr/en/ar (never clamped), a closed file
 * read-only, scope 404s. Runs on PGlite and on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caregivers, chartDisplays, indicators, patientFiles, services } from '../../server/db/schema.ts';
import type { ChartDisplay } from '../../schemas/chart-displays.ts';
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

async function newFile(service: string, options: { establishment?: Establishment; status?: 'OPEN' | 'CLOSED' } = {}) {
  const [s] = await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, await establishmentIdOf(db, options.establishment ?? 'chu-azur')), eq(services.name, service)));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId: s!.id, status: options.status ?? 'OPEN' }).returning();
  await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, 'caregiver') });
  return file!.id;
}

async function indicatorId(reference: string, establishment: Establishment = 'chu-azur') {
  const [row] = await db.select({ id: indicators.id }).from(indicators)
    .where(and(eq(indicators.establishmentId, await establishmentIdOf(db, establishment)), eq(indicators.reference, reference)));
  return row!.id;
}

type Method = 'get' | 'post' | 'put' | 'delete';
async function call(local: string, method: Method, path: string, body?: object) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}

const body = (ids: string[], extra: object = {}) => ({ title: 'Poids et tension', indicatorIds: ids, chartType: 'line', periodDays: 30, visibleToPatient: false, ...extra });

async function created(fileId: string, payload: object): Promise<ChartDisplay> {
  const res = await call('prescriber', 'post', `/api/patient_files/${fileId}/chart_displays`, payload);
  expect(res.status, res.text).toBe(201);
  return res.body as ChartDisplay;
}

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('chart displays', () => {
  it('creates, lists in order with indicator names and units, updates, deletes', async () => {
    const file = await newFile('Cardiologie');
    const [weight, systolic, diastolic] = [await indicatorId('weight'), await indicatorId('systolic'), await indicatorId('diastolic')];
    const first = await created(file, body([weight]));
    expect(first).toMatchObject({ title: 'Poids et tension', chartType: 'line', periodDays: 30, visibleToPatient: false, position: 0, excludedAt: null });
    expect(first.indicators).toEqual([expect.objectContaining({ id: weight, reference: 'weight', unitSymbol: 'kg' })]);
    const second = await created(file, body([systolic, diastolic], { chartType: 'bar', title: null }));
    expect(second.position).toBe(1);
    expect(second.indicators.map((i) => i.reference)).toEqual(['systolic', 'diastolic']);

    const listed = await call('operator', 'get', `/api/patient_files/${file}/chart_displays`);
    expect(listed.status).toBe(200);
    expect((listed.body.data as ChartDisplay[]).map((c) => c.id)).toEqual([first.id, second.id]);

    const put = await call('prescriber', 'put', `/api/chart_displays/${first.id}`, body([weight, systolic], { periodDays: 365, visibleToPatient: true, position: 5 }));
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ periodDays: 365, visibleToPatient: true, position: 5 });
    expect((put.body as ChartDisplay).indicators.map((i) => i.reference)).toEqual(['weight', 'systolic']);
    const reordered = await call('operator', 'get', `/api/patient_files/${file}/chart_displays`);
    expect((reordered.body.data as ChartDisplay[]).map((c) => c.id)).toEqual([second.id, first.id]);

    expect((await call('prescriber', 'delete', `/api/chart_displays/${second.id}`)).status).toBe(204);
    expect(await db.select().from(chartDisplays).where(eq(chartDisplays.id, second.id))).toEqual([]);
    expect((await call('prescriber', 'delete', `/api/chart_displays/${second.id}`)).status).toBe(404);
  });

  it('excludes and restores (409 when already so); the patient sees the visible, non-excluded ones, and may change nothing', async () => {
    const file = await newFile('Cardiologie');
    const weight = await indicatorId('weight');
    const shown = await created(file, body([weight], { visibleToPatient: true }));
    await created(file, body([weight], { visibleToPatient: false, title: 'Équipe seulement' }));
    const patientView = async (local: string) => {
      const res = await call(local, 'get', `/api/patient_files/${file}/chart_displays/patient`);
      expect(res.status, res.text).toBe(200);
      return (res.body.data as ChartDisplay[]).map((c) => c.id);
    };
    expect(await patientView('patient.open')).toEqual([shown.id]);
    expect(await patientView('caregiver')).toEqual([shown.id]);
    expect(await patientView('prescriber')).toEqual([shown.id]);

    const excluded = await call('prescriber', 'post', `/api/chart_displays/${shown.id}/exclude`);
    expect(excluded.status, excluded.text).toBe(200);
    expect(excluded.body.excludedAt).toEqual(expect.any(String));
    expect(await patientView('patient.open')).toEqual([]);
    const again = await call('prescriber', 'post', `/api/chart_displays/${shown.id}/exclude?l=en`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'chart_display_already_excluded', message: 'This chart is already excluded from this file.' });
    // Still listed to professionals, marked.
    const listed = await call('prescriber', 'get', `/api/patient_files/${file}/chart_displays`);
    expect((listed.body.data as ChartDisplay[]).find((c) => c.id === shown.id)?.excludedAt).toEqual(expect.any(String));

    expect((await call('prescriber', 'post', `/api/chart_displays/${shown.id}/restore`)).body.excludedAt).toBeNull();
    expect(await patientView('patient.open')).toEqual([shown.id]);
    expect((await call('prescriber', 'post', `/api/chart_displays/${shown.id}/restore`)).body.code).toBe('chart_display_not_excluded');

    for (const local of ['patient.open', 'caregiver']) {
      expect((await call(local, 'get', `/api/patient_files/${file}/chart_displays`)).status).toBe(403);
      expect((await call(local, 'post', `/api/patient_files/${file}/chart_displays`, body([weight]))).status).toBe(403);
      expect((await call(local, 'post', `/api/chart_displays/${shown.id}/exclude`)).status).toBe(403);
      expect((await call(local, 'delete', `/api/chart_displays/${shown.id}`)).status).toBe(403);
    }
  });

  it.each([
    ['fr', 'Saisissez une valeur entre'],
    ['en', 'Enter a value between 1 and 365.'],
    ['ar', ''],
  ])('refuses a period out of 1-365 on body.periodDays, never clamped (%s)', async (l, message) => {
    const file = await newFile('Cardiologie');
    const weight = await indicatorId('weight');
    for (const periodDays of [0, 366, -3]) {
      const res = await call('prescriber', 'post', `/api/patient_files/${file}/chart_displays?l=${l}`, body([weight], { periodDays }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'value_out_of_range', field: 'body.periodDays' });
      expect(res.body.message).toContain(message);
      if (l === 'ar') expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    }
    const long = await call('prescriber', 'post', `/api/patient_files/${file}/chart_displays?l=${l}`, body([weight], { title: 'x'.repeat(101) }));
    expect(long.body).toMatchObject({ code: 'value_too_long', field: 'body.title' });
    const none = await call('prescriber', 'post', `/api/patient_files/${file}/chart_displays?l=${l}`, body([]));
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('body.indicatorIds');
    expect(await db.select().from(chartDisplays).where(eq(chartDisplays.patientFileId, file))).toEqual([]);
  });

  it('names indicators of the file\'s establishment only (404 on body.indicatorIds.N); a closed file is read-only; other files are 404', async () => {
    const file = await newFile('Cardiologie');
    const weight = await indicatorId('weight');
    const elsewhere = await indicatorId('weight', 'clinique-des-tilleuls');
    const res = await call('prescriber', 'post', `/api/patient_files/${file}/chart_displays`, body([weight, elsewhere]));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found', field: 'body.indicatorIds.1' });

    const chart = await created(file, body([weight]));
    await db.update(patientFiles).set({ status: 'CLOSED' }).where(eq(patientFiles.id, file));
    expect((await call('prescriber', 'put', `/api/chart_displays/${chart.id}`, body([weight]))).status).toBe(409);
    expect((await call('prescriber', 'post', `/api/patient_files/${file}/chart_displays`, body([weight]))).body.code).toBe('patient_file_closed');
    expect((await call('prescriber', 'get', `/api/patient_files/${file}/chart_displays`)).status).toBe(200);

    const other = await newFile('Pneumologie', { establishment: 'clinique-des-tilleuls' });
    const theirs = (await db.insert(chartDisplays).values({ patientFileId: other, indicatorIds: [elsewhere] }).returning())[0]!;
    expect((await call('prescriber', 'get', `/api/patient_files/${other}/chart_displays`)).status).toBe(404);
    expect((await call('prescriber', 'put', `/api/chart_displays/${theirs.id}`, body([weight]))).status).toBe(404);
    expect((await call('prescriber', 'post', `/api/chart_displays/${theirs.id}/exclude`)).status).toBe(404);
    expect((await call('patient.multi', 'get', `/api/patient_files/${other}/chart_displays/patient`)).status).toBe(404);
  });
});
