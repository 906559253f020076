/**
 * Prescriptions (issue 20 §3, spec 000 §2 `prescriptions`, spec 001 §3 "Prescription status"):
 * documents of the three prescription types, listed for an establishment's professionals with a
 * status computed from their dates and today in the establishment's calendar — waiting, ongoing,
 * awaiting renewal (ending within 30 days, not renewed), expired — at the edges of each; renewed
 * by a professional of the file into the next one, linked both ways, once. Runs on PGlite and
 * on PostgreSQL.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientDocument } from '../../schemas/documents.ts';
import type { Prescription } from '../../schemas/prescriptions.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { historyOf, newPatientFile } from '../helpers/questionnaires.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
let azur: string;
let fileId: string;
const browsers = new Map<string, Browser>();

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}
async function call(local: string, method: 'get' | 'post' | 'delete', path: string, body?: object) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}
/** The day `offset` days from today in CHU Azur's calendar (Europe/Paris). */
const day = (offset: number) => DateTime.fromJSDate(gw.clock.now(), { zone: 'Europe/Paris' }).plus({ days: offset }).toISODate()!;

async function prescribed(title: string, startDate: string | null, endDate: string | null, type = 'PRESCRIPTION'): Promise<PatientDocument> {
  const res = await call('prescriber', 'post', `/api/patient_files/${fileId}/documents`, { title, type, externalUrl: 'https://example.org/ordonnance', startDate, endDate });
  expect(res.status, res.text).toBe(201);
  return res.body as PatientDocument;
}
/** This test file's prescriptions in the list, by title, with the query's filter. */
async function listed(query = '', local = 'prescriber'): Promise<Map<string, Prescription>> {
  const res = await call(local, 'get', `/api/establishments/${azur}/prescriptions?pageSize=50${query}`);
  expect(res.status, res.text).toBe(200);
  return new Map((res.body.data as Prescription[]).filter((p) => p.patientFileId === fileId).map((p) => [p.title, p]));
}

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  azur = await establishmentIdOf(db, 'chu-azur');
  fileId = await newPatientFile(db);
});
afterAll(async () => { await gw?.close(); });

describe('the prescriptions list', () => {
  const CASES: [title: string, start: () => string | null, end: () => string | null, status: Prescription['status']][] = [
    ['starts tomorrow', () => day(1), () => day(90), 'WAITING'],
    ['starts today', () => day(0), () => day(90), 'ONGOING'],
    ['ends in 31 days', () => day(-10), () => day(31), 'ONGOING'],
    ['ends in 30 days', () => day(-10), () => day(30), 'AWAITING_RENEWAL'],
    ['ends today', () => day(-10), () => day(0), 'AWAITING_RENEWAL'],
    ['ended yesterday', () => day(-90), () => day(-1), 'EXPIRED'],
    ['no dates', () => null, () => null, 'ONGOING'],
  ];

  it('gives each prescription its status by its dates and today in the establishment\'s calendar, at the edges', async () => {
    for (const [title, start, end] of CASES) await prescribed(title, start(), end());
    await prescribed('a report is not a prescription', day(-10), day(5), 'REPORT');
    const all = await listed();
    expect(Object.fromEntries([...all].map(([title, p]) => [title, p.status]))).toEqual(Object.fromEntries(CASES.map(([title, , , status]) => [title, status])));
    // Days left on the same calendar: 0 on the last day, negative once expired, none without an end.
    expect(Object.fromEntries([...all].map(([title, p]) => [title, p.daysLeft]))).toEqual({
      'starts tomorrow': 90, 'starts today': 90, 'ends in 31 days': 31, 'ends in 30 days': 30, 'ends today': 0, 'ended yesterday': -1, 'no dates': null,
    });
    for (const status of ['WAITING', 'ONGOING', 'AWAITING_RENEWAL', 'EXPIRED'] as const) {
      const filtered = await listed(`&status=${status}`);
      expect([...filtered.keys()].sort(), status).toEqual(CASES.filter((c) => c[3] === status).map((c) => c[0]).sort());
    }
    expect([...(await listed('&type=MEDICATION_PRESCRIPTION')).keys()]).toEqual([]);
  });

  it('sorts what ends first first by default, undated last', async () => {
    const titles = [...(await listed()).values()].map((p) => p.endDate ?? 'none');
    expect(titles).toEqual([...titles].sort((a, b) => (a === 'none' ? 1 : b === 'none' ? -1 : a.localeCompare(b))));
  });

  it('is the establishment\'s professionals\' only: another establishment\'s professional and a patient get 404', async () => {
    expect((await call('admin.establishment', 'get', `/api/establishments/${azur}/prescriptions`)).status).toBe(404);
    expect((await call('patient.open', 'get', `/api/establishments/${azur}/prescriptions`)).status).toBe(404);
  });
});

describe('renewing a prescription', () => {
  it('creates the next one, of the same type, linked both ways: the renewed one no longer awaits renewal', async () => {
    const old = await prescribed('to renew', day(-20), day(10), 'MEDICATION_PRESCRIPTION');
    expect((await listed()).get('to renew')!.status).toBe('AWAITING_RENEWAL');
    const res = await call('prescriber', 'post', `/api/documents/${old.id}/renew`, { title: 'renewed', startDate: day(11), endDate: day(100), externalUrl: 'https://example.org/next' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ type: 'MEDICATION_PRESCRIPTION', title: 'renewed', startDate: day(11), endDate: day(100) });
    const all = await listed();
    expect(all.get('to renew')).toMatchObject({ status: 'ONGOING', renewedBy: res.body.id, renews: null });
    expect(all.get('renewed')).toMatchObject({ status: 'WAITING', renews: old.id, renewedBy: null });
    const entries = await historyOf(db, fileId, 'DOCUMENT_ADDED');
    expect(entries.map((e) => e.payload)).toContainEqual({ documentId: res.body.id, title: 'renewed', renews: old.id });
    // Once: the next renewal is the renewal's.
    const again = await call('prescriber', 'post', `/api/documents/${old.id}/renew`, { title: 'twice', startDate: day(11), endDate: day(100), externalUrl: 'https://example.org/next' });
    expect([again.status, again.body.code]).toEqual([409, 'prescription_already_renewed']);
    // A renewal entered in error frees the prescription it renewed: awaiting renewal again, renewed anew.
    const marked = await call('prescriber', 'delete', `/api/documents/${res.body.id}`, { reason: 'Mauvaise ordonnance jointe' });
    expect(marked.status, marked.text).toBe(200);
    expect((await listed()).get('to renew')).toMatchObject({ status: 'AWAITING_RENEWAL', renewedBy: null });
    const anew = await call('prescriber', 'post', `/api/documents/${old.id}/renew`, { title: 'renewed again', startDate: day(11), endDate: day(100), externalUrl: 'https://example.org/next' });
    expect(anew.status, anew.text).toBe(201);
    expect((await listed()).get('to renew')!.renewedBy).toBe(anew.body.id);
  });

  it('refuses what is not a prescription (409), a renewal without its period (400 on the field), and the patient (403)', async () => {
    const report = await prescribed('a report', day(-1), day(5), 'REPORT');
    const body = { title: 'next', startDate: day(6), endDate: day(60), externalUrl: 'https://example.org/next' };
    const notOne = await call('prescriber', 'post', `/api/documents/${report.id}/renew`, body);
    expect([notOne.status, notOne.body.code]).toEqual([409, 'not_a_prescription']);
    const p = await prescribed('needs a period', day(-1), day(5));
    for (const field of ['startDate', 'endDate'] as const) {
      const res = await call('prescriber', 'post', `/api/documents/${p.id}/renew`, { ...body, [field]: null });
      expect([res.status, res.body.code, res.body.field], res.text).toEqual([400, 'field_required', `body.${field}`]);
    }
    const byPatient = await call('patient.open', 'post', `/api/documents/${p.id}/renew`, body);
    expect(byPatient.status).toBe(403);
    expect((await listed()).get('needs a period')!.renewedBy).toBeNull();
  });
});
