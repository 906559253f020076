/**
 * An indicator of the establishment stays measurable on any open file (issue 19, "Smaller"): when
 * the file's protocol is deactivated or excluded, only the thresholds it brought stop applying.
 * The case that broke: an indicator with no default thresholds, reached on the file only through
 * the protocol's — once the protocol was out of force, the file "had" no such indicator and the
 * patient's weight was refused 404 on body.indicatorId. Every channel that takes or shows a value
 * is walked: typed values (professional, patient, caregiver), the questionnaire that maps its
 * answer to the weight, the reference value, the file's thresholds (read, set, removed), the
 * monitoring screen's indicators and series. An indicator hidden
 * from patients stays refused to the patient's side (issue 18: 404). Runs on PGlite and PostgreSQL.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, indicatorBoundaries, indicators, interventionLevels, measures, services } from '../../server/db/schema.ts';
import type { ApplyResult } from '../../schemas/protocols.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { formIdOf, newPatientFile } from '../helpers/questionnaires.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();
let weight = '';
let level = '';
let hfDaily = '';
let protocolId = '';

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}
async function call(local: string, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}

/** A new open file of patient.open (caregiver: the demo caregiver) with the demo heart-failure protocol applied, then put out of force. */
async function fileWithProtocol(action: 'deactivate' | 'exclude'): Promise<string> {
  const file = await newPatientFile(db, { caregivers: ['caregiver'] });
  const applied = await call('prescriber', 'post', `/api/patient_files/${file}/protocols/${protocolId}/apply`);
  expect(applied.status, applied.text).toBe(201);
  const fp = (applied.body as ApplyResult).fileProtocol;
  // While the protocol is in force, its weight thresholds are the file's (a reference weight of 72 kg; +1.5 kg raises).
  expect((await call('prescriber', 'post', `/api/patient_files/${file}/reference-value`, { indicatorId: weight, value: 72 })).status).toBe(201);
  const out = await call('prescriber', 'post', `/api/patient_file_protocols/${fp.id}/${action}`);
  expect(out.status, out.text).toBe(200);
  return file;
}

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  const azur = await establishmentIdOf(db, 'chu-azur');
  [{ id: weight }] = await db.select({ id: indicators.id }).from(indicators).where(and(eq(indicators.establishmentId, azur), eq(indicators.reference, 'weight'))) as [{ id: string }];
  [{ id: level }] = await db.select({ id: interventionLevels.id }).from(interventionLevels).where(eq(interventionLevels.establishmentId, azur)) as [{ id: string }];
  hfDaily = await formIdOf(db, 'chu-azur', 'HF-DAILY');
  const [cardiology] = await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, azur), eq(services.name, 'Cardiologie')));
  // A heart-failure protocol brings weight thresholds (+1.5 kg over the reference); the establishment keeps none of its own for the weight.
  const created = await call('prescriber', 'post', `/api/establishments/${azur}/protocols`, {
    name: { fr: 'Insuffisance cardiaque' }, serviceIds: [cardiology!.id], forms: [{ formId: hfDaily }],
    boundaries: [{ indicatorId: weight, levelId: level, operator: '>=', mode: 'RELATIVE', value: 1.5 }], nonObservanceRules: [],
  });
  expect(created.status, created.text).toBe(201);
  protocolId = created.body.id as string;
  await db.update(indicatorBoundaries).set({ active: false })
    .where(and(eq(indicatorBoundaries.indicatorId, weight), isNull(indicatorBoundaries.patientFileId), isNull(indicatorBoundaries.protocolId)));
});
afterAll(async () => { await gw?.close(); });

describe.each(['deactivate', 'exclude'] as const)('after the file\'s protocol is %sd, the weight it brought thresholds for', (action) => {
  let file = '';
  beforeAll(async () => { file = await fileWithProtocol(action); });

  it.each(['prescriber', 'patient.open', 'caregiver'])('is typed by %s: stored, and the protocol\'s thresholds raise nothing', async (local) => {
    gw.clock.advance(60_000);
    const res = await call(local, 'post', `/api/patient_files/${file}/indicators/data`, { indicatorId: weight, value: 80 });
    expect(res.status, res.text).toBe(201);
    const [stored] = res.body.measures as { id: string; indicatorId: string; value: number }[];
    expect([stored!.indicatorId, stored!.value]).toEqual([weight, 80]);
    // 8 kg over the reference: the protocol's +1.5 kg would have raised; out of force, nothing does.
    expect(await db.select().from(alerts).where(eq(alerts.measureId, stored!.id))).toEqual([]);
  });

  it('comes from the questionnaire that maps its answer to the weight', async () => {
    const tasks = await call('patient.open', 'get', `/api/patient_files/${file}/tasks`);
    const task = (tasks.body.data as { formId: string; occurrenceId?: string; status: string }[]).find((t) => t.formId === hfDaily && t.status === 'available');
    expect(task, tasks.text).toBeDefined();
    const sent = await call('patient.open', 'post', `/api/patient_files/${file}/form_responses`, {
      formId: hfDaily, occurrenceId: task!.occurrenceId, answers: { weight: 74.5, breathless: false, swollenAnkles: false },
    });
    expect(sent.status, sent.text).toBeLessThan(300);
    const stored = await db.select().from(measures).where(and(eq(measures.patientFileId, file), eq(measures.source, 'FORM_RESPONSE')));
    expect(stored.map((m) => [m.indicatorId, m.value])).toEqual([[weight, 74.5]]);
  });

  it('takes a reference value, and file thresholds of its own (set, read, removed)', async () => {
    expect((await call('prescriber', 'post', `/api/patient_files/${file}/reference-value`, { indicatorId: weight, value: 73 })).status).toBe(201);
    const listed = await call('prescriber', 'get', `/api/patient_files/${file}/indicator_boundaries`);
    expect(listed.status, listed.text).toBe(200);
    expect((listed.body as { indicatorId: string; boundaries: unknown[]; referenceValue: number }[]).find((i) => i.indicatorId === weight))
      .toMatchObject({ boundaries: [], customised: false, referenceValue: 73 });
    const put = await call('prescriber', 'put', `/api/patient_files/${file}/indicators/${weight}/boundaries`, { boundaries: [{ levelId: level, operator: '>', value: 90 }] });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ indicatorId: weight, customised: true, boundaries: [expect.objectContaining({ origin: 'file', value: 90 })] });
    const removed = await call('prescriber', 'delete', `/api/patient_files/${file}/indicators/${weight}/boundaries`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toMatchObject({ indicatorId: weight, customised: false, boundaries: [] });
  });

  it.each(['prescriber', 'patient.open'])('is shown to %s on the monitoring screen, with its series and without the protocol\'s thresholds', async (local) => {
    const listed = await call(local, 'get', `/api/patient_files/${file}/indicators`);
    expect(listed.status, listed.text).toBe(200);
    expect((listed.body.data as { id: string }[]).map((i) => i.id)).toContain(weight);
    const series = await call(local, 'get', `/api/patient_files/${file}/indicators/${weight}/values`);
    expect(series.status, series.text).toBe(200);
    expect(series.body.thresholds).toEqual([]);
  });
});

describe('an indicator hidden from patients, after the protocol is out of force', () => {
  it('is still refused to the patient and the caregiver (404 on body.indicatorId), and taken from the professional', async () => {
    const file = await fileWithProtocol('deactivate');
    await db.update(indicators).set({ visibleToPatients: false }).where(eq(indicators.id, weight));
    try {
      for (const local of ['patient.open', 'caregiver']) {
        gw.clock.advance(60_000);
        const res = await call(local, 'post', `/api/patient_files/${file}/indicators/data`, { indicatorId: weight, value: 74 });
        expect([res.status, res.body.code, res.body.field]).toEqual([404, 'not_found', 'body.indicatorId']);
      }
      gw.clock.advance(60_000);
      expect((await call('prescriber', 'post', `/api/patient_files/${file}/indicators/data`, { indicatorId: weight, value: 74 })).status).toBe(201);
    } finally {
      await db.update(indicators).set({ visibleToPatients: true }).where(eq(indicators.id, weight));
    }
  });
});
