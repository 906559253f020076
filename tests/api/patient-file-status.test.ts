/**
 * The Follow-up tab's API (issue 10 §4 "Close and reopen", spec 001 §3, §4, §7): close with a
 * reason type and a reason, reopen, patient data on and off; professionals of the file only,
 * history in the same transaction, closing a closed file or reopening an open one is 409, and a
 * closed file is read-only at once for the patient side (the "only opened" screens follow
 * GET /api/me/patient_files).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientFileHistory, patientFiles } from '../../server/db/schema.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { userIdOf } from '../helpers/demo-data.ts';
import { CLOSING_REASON_TYPES } from '../../schemas/patient-file-status.ts';
import { newPatientFile } from '../helpers/questionnaires.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Promise<Browser>>();
const as = (local: string) => {
  if (!browsers.has(local)) browsers.set(local, login(gw.app, demoEmail(local)));
  return browsers.get(local)!;
};
const post = async (local: string, url: string, body?: object) => {
  const b = await as(local);
  const req = b.agent.post(url).set('x-csrf-token', b.csrf);
  return body ? req.send(body) : req;
};
const get = async (local: string, url: string) => (await as(local)).agent.get(url);
const history = (fileId: string, type: string) => db.select().from(patientFileHistory)
  .where(and(eq(patientFileHistory.patientFileId, fileId), eq(patientFileHistory.type, type)));

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('the demo data', () => {
  it("closes files only with a reason type the API knows, and every demo patient's closed file answers its status", async () => {
    // The demo stored `TRANSFER` where the schema says `TRANSFERRED`: the status of that file answered 500 (issue 19).
    const stored = await db.selectDistinct({ type: patientFiles.closingReasonType }).from(patientFiles);
    expect(stored.map((r) => r.type).filter((t) => t !== null && !(CLOSING_REASON_TYPES as readonly string[]).includes(t))).toEqual([]);
    // pro.two reaches both demo patients' closed files (Cardiologie at CHU Azur, Pneumologie at the Tilleuls).
    const closed = await db.select({ id: patientFiles.id }).from(patientFiles).where(and(eq(patientFiles.status, 'CLOSED'),
      inArray(patientFiles.patientId, [await userIdOf(db, 'patient.multi'), await userIdOf(db, 'patient.closed')])));
    expect(closed).toHaveLength(2);
    for (const { id } of closed) {
      const res = await get('pro.two', `/api/patient_files/${id}/status`);
      expect(res.status, `${id}: ${res.text}`).toBe(200);
    }
  });
});

describe('close and reopen', () => {
  it('closes with a reason, says who closed it, writes FILE_CLOSED in the same change; a second close is 409', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const res = await post('prescriber', `/api/patient_files/${file}/close`, { closingReasonType: 'TRANSFERRED', closingReason: 'Suivi repris par le CHU de Lyon' });
    expect(res.status, res.text).toBe(200);
    const prescriber = await userIdOf(db, 'prescriber');
    expect(res.body).toEqual({
      id: file, status: 'CLOSED', startDate: FOLLOWED_SINCE, endDate: null, closedAt: gw.clock.now().toISOString(),
      closedBy: { id: prescriber, name: 'Claire Dubois' }, closingReasonType: 'TRANSFERRED', closingReason: 'Suivi repris par le CHU de Lyon', patientDataActive: true,
    });
    const [row] = await db.select().from(patientFiles).where(eq(patientFiles.id, file));
    expect(row).toMatchObject({ status: 'CLOSED', closedBy: prescriber, closingReasonType: 'TRANSFERRED', closingReason: 'Suivi repris par le CHU de Lyon' });
    expect(await history(file, 'FILE_CLOSED')).toEqual([expect.objectContaining({
      actorId: prescriber, payload: { closingReasonType: 'TRANSFERRED', closingReason: 'Suivi repris par le CHU de Lyon', previousStatus: 'OPEN' },
    })]);

    for (const [l, message] of [['fr', 'Ce dossier est clôturé : il ne peut plus être modifié.'], ['en', 'This file is closed: it can no longer be changed.'], ['ar', 'هذا الملف مغلق: لم يعد من الممكن تعديله.']] as const) {
      const again = await post('prescriber', `/api/patient_files/${file}/close?l=${l}`, { closingReasonType: 'OTHER', closingReason: 'encore' });
      expect([again.status, again.body]).toEqual([409, { code: 'patient_file_closed', message }]);
    }
    expect(await history(file, 'FILE_CLOSED')).toHaveLength(1);

    // The patient and the caregiver see it closed at once (the only-opened screens read this list).
    for (const local of ['patient.open', 'caregiver']) {
      const mine = await get(local, '/api/me/patient_files?pageSize=50');
      expect(mine.status).toBe(200);
      expect((mine.body.data as { id: string; status: string }[]).find((f) => f.id === file)?.status).toBe('CLOSED');
    }
  });

  it('reopens: the closing is cleared from the file and kept in FILE_REOPENED; reopening an open file is 409', async () => {
    const file = await newPatientFile(db);
    await post('prescriber', `/api/patient_files/${file}/close`, { closingReasonType: 'HOSPITALIZATION' });
    const res = await post('prescriber', `/api/patient_files/${file}/reopen`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'OPEN', closedAt: null, closedBy: null, closingReasonType: null, closingReason: null });
    expect(await history(file, 'FILE_REOPENED')).toEqual([expect.objectContaining({
      actorId: await userIdOf(db, 'prescriber'), payload: expect.objectContaining({ closingReasonType: 'HOSPITALIZATION', closingReason: null }),
    })]);
    const again = await post('prescriber', `/api/patient_files/${file}/reopen?l=en`);
    expect([again.status, again.body]).toEqual([409, { code: 'patient_file_not_closed', message: 'This file is not closed: it cannot be reopened.' }]);
    expect(await history(file, 'FILE_REOPENED')).toHaveLength(1);
  });

  it('closes an awaiting file too', async () => {
    const file = await newPatientFile(db, { status: 'AWAITING' });
    const res = await post('prescriber', `/api/patient_files/${file}/close`, { closingReasonType: 'PATIENT_REQUEST' });
    expect([res.status, res.body.status]).toEqual([200, 'CLOSED']);
    expect((await history(file, 'FILE_CLOSED'))[0]?.payload).toMatchObject({ previousStatus: 'AWAITING' });
  });

  it('checks the reason: a known type; a reason of 2 to 500 characters, required for OTHER, on its field in fr/en/ar', async () => {
    const file = await newPatientFile(db);
    const cases: [object, string, string][] = [
      [{ closingReasonType: 'OTHER' }, 'body.closingReason', 'field_required'],
      [{ closingReasonType: 'OTHER', closingReason: '  ' }, 'body.closingReason', 'value_too_short'],
      [{ closingReasonType: 'END_OF_FOLLOW_UP', closingReason: 'x' }, 'body.closingReason', ''],
      [{ closingReasonType: 'END_OF_FOLLOW_UP', closingReason: 'x'.repeat(501) }, 'body.closingReason', ''],
      [{ closingReasonType: 'FINISHED' }, 'body.closingReasonType', ''],
      [{}, 'body.closingReasonType', ''],
    ];
    for (const [body, field, code] of cases) {
      for (const l of ['fr', 'en', 'ar']) {
        const res = await post('prescriber', `/api/patient_files/${file}/close?l=${l}`, body);
        expect(res.status, `${JSON.stringify(body)} ${res.text}`).toBe(400);
        expect(res.body.field).toBe(field);
        if (code) expect(res.body.code).toBe(code);
        expect(res.body.message).toEqual(expect.any(String));
      }
    }
    const fr = await post('prescriber', `/api/patient_files/${file}/close`, { closingReasonType: 'OTHER' });
    const ar = await post('prescriber', `/api/patient_files/${file}/close?l=ar`, { closingReasonType: 'OTHER' });
    expect([fr.body.message, ar.body.message]).toEqual(['Ce champ est obligatoire', 'هذا الحقل إلزامي']);
    const [row] = await db.select({ status: patientFiles.status }).from(patientFiles).where(eq(patientFiles.id, file));
    expect(row?.status).toBe('OPEN');
    const ok = await post('prescriber', `/api/patient_files/${file}/close`, { closingReasonType: 'OTHER', closingReason: 'Déménagement à l’étranger' });
    expect([ok.status, ok.body.closingReason]).toEqual([200, 'Déménagement à l’étranger']);
  });

  it('is for professionals of the file: the patient and the caregiver get 403, other structures 404', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    for (const local of ['patient.open', 'caregiver']) {
      for (const action of ['close', 'reopen', 'patient_data/deactivate']) {
        const res = await post(local, `/api/patient_files/${file}/${action}`, action === 'close' ? { closingReasonType: 'DECEASED' } : undefined);
        expect([action, res.status, res.body.code]).toEqual([action, 403, 'professionals_only']);
      }
      expect((await get(local, `/api/patient_files/${file}/status`)).status).toBe(403);
    }
    // The establishment admin of Clinique des Tilleuls: a CHU Azur file is not found, as if it did not exist.
    const res = await post('admin.establishment', `/api/patient_files/${file}/close`, { closingReasonType: 'DECEASED' });
    expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    const [row] = await db.select({ status: patientFiles.status }).from(patientFiles).where(eq(patientFiles.id, file));
    expect(row?.status).toBe('OPEN');
  });
});

describe('patient data on and off', () => {
  it('deactivates and activates, once each (no entry when nothing changes), and not on a closed file', async () => {
    const file = await newPatientFile(db);
    const off = await post('prescriber', `/api/patient_files/${file}/patient_data/deactivate`);
    expect([off.status, off.body.patientDataActive]).toEqual([200, false]);
    expect((await post('prescriber', `/api/patient_files/${file}/patient_data/deactivate`)).body.patientDataActive).toBe(false);
    expect(await history(file, 'PATIENT_DATA_DEACTIVATED')).toHaveLength(1);
    const on = await post('prescriber', `/api/patient_files/${file}/patient_data/activate`);
    expect([on.status, on.body.patientDataActive]).toEqual([200, true]);
    expect(await history(file, 'PATIENT_DATA_ACTIVATED')).toHaveLength(1);
    expect((await get('prescriber', `/api/patient_files/${file}/status`)).body).toMatchObject({ id: file, status: 'OPEN', patientDataActive: true });

    await post('prescriber', `/api/patient_files/${file}/close`, { closingReasonType: 'DECEASED' });
    const closed = await post('prescriber', `/api/patient_files/${file}/patient_data/deactivate`);
    expect([closed.status, closed.body.code]).toEqual([409, 'patient_file_closed']);
    expect((await get('prescriber', `/api/patient_files/${file}/status`)).body.patientDataActive).toBe(true);
  });
});
