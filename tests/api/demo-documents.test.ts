/**
 * The demo documents (issue 20 §1, server/demo/documents.ts) on a real database: Camille Martin
 * (patient.open) finds documents of several types in My Documents, one of them waiting for
 * acknowledgement; the prescriber sees them in the file and opens the PDF's bytes through the
 * storage; her prescriptions include one to renew and one expiring soon, already renewed; a
 * second run changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDemoDocuments } from '../../server/demo/documents.ts';
import type { PatientDocument } from '../../schemas/documents.ts';
import type { Prescription } from '../../schemas/prescriptions.ts';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, patientFileIdsOf } from '../helpers/demo-data.ts';

describe('demo documents', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway();
    expect(await provisionDemoDocuments(gw.db.database.db, gw.app.storage)).toBe('provisioned');
  }, 300_000);
  afterAll(async () => { await gw?.close(); });

  it('gives Camille documents of several types, one waiting for acknowledgement, readable by her and her prescriber', async () => {
    const [fileId] = await patientFileIdsOf(gw.db.database.db, 'patient.open');
    const patient = await login(gw.app, demoEmail('patient.open'));
    const mine = await patient.agent.get(`/api/patient_files/${fileId}/documents`);
    expect(mine.status, mine.text).toBe(200);
    const docs = mine.body.data as PatientDocument[];
    expect(new Set(docs.map((d) => d.type)).size).toBeGreaterThanOrEqual(3);
    expect(docs.filter((d) => d.acknowledgement.status === 'WAITING')).toHaveLength(1);
    expect(docs.some((d) => d.externalUrl)).toBe(true);
    const prescriber = await login(gw.app, demoEmail('prescriber'));
    const waiting = docs.find((d) => d.acknowledgement.status === 'WAITING')!;
    const bytes = await prescriber.agent.get(`/api/documents/${waiting.id}/stream`).buffer(true);
    expect(bytes.status).toBe(200);
    expect(bytes.headers['content-type']).toBe('application/pdf');
    // Her medication prescription ends in ten days: the prescriber's Prescriptions screen has one to renew.
    const azur = await establishmentIdOf(gw.db.database.db, 'chu-azur');
    const due = await prescriber.agent.get(`/api/establishments/${azur}/prescriptions?status=AWAITING_RENEWAL`);
    expect(due.status, due.text).toBe(200);
    expect((due.body.data as Prescription[]).filter((p) => p.patientFileId === fileId).map((p) => p.title)).toEqual(['Ordonnance : furosémide 40 mg']);
    // Her physiotherapy prescription expires in five days and is already renewed: ongoing, linked to the next one.
    const all = await prescriber.agent.get(`/api/establishments/${azur}/prescriptions?pageSize=50`);
    const hers = new Map((all.body.data as Prescription[]).filter((p) => p.patientFileId === fileId).map((p) => [p.title, p]));
    const soon = hers.get('Prescription : kinésithérapie')!;
    // Five days from the UTC day it was provisioned on; Paris may already be on the next day.
    expect([4, 5]).toContain(soon.daysLeft);
    expect(soon).toMatchObject({ status: 'ONGOING', renewedBy: hers.get('Prescription : kinésithérapie (suite)')!.id });
    expect(hers.get('Prescription : kinésithérapie (suite)')).toMatchObject({ status: 'WAITING', renews: soon.id });
    expect(await provisionDemoDocuments(gw.db.database.db, gw.app.storage)).toBe('skipped');
  });
});
