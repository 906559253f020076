/**
 * Questionnaire answers feed indicators (issue 11 §2): the demo heart-failure questionnaire maps
 * its `weight` question to the indicator `weight` (kg). The patient sends it with a weight 3.5 kg
 * over their reference value → one measure, source FORM_RESPONSE, measured at the answer time,
 * linked to the response, and the relative threshold's alert in one batch linked to the response,
 * all with the response. A definition whose mapping names a missing or non-numeric question, an
 * unknown computed value or a unit that is not UCUM is refused with the JSON path of the mapping.
 * Runs on PGlite and on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertBatches, alerts, forms, indicators, measures, patientFiles, referenceValues, services } from '../../server/db/schema.ts';
import { parseFormDefinition } from '../../server/shared/form-definitions.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import heartFailure from '../../layouts/default/forms/heart-failure-daily.json' with { type: 'json' };
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();
async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}
async function call(local: string, method: 'get' | 'post', path: string, body?: object) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('the heart-failure questionnaire feeds the weight indicator', () => {
  it('a weight 3.5 kg over the reference gives a FORM_RESPONSE measure and an alert batch linked to the response', async () => {
    const azur = await establishmentIdOf(db, 'chu-azur');
    const [service] = await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, azur), eq(services.name, 'Cardiologie')));
    const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId: service!.id, status: 'OPEN' }).returning();
    const [weight] = await db.select().from(indicators).where(and(eq(indicators.establishmentId, azur), eq(indicators.reference, 'weight')));
    await db.insert(referenceValues).values({ patientFileId: file!.id, indicatorId: weight!.id, value: 70 });
    const [form] = await db.select().from(forms).where(and(eq(forms.establishmentId, azur), eq(forms.reference, 'HF-DAILY')));

    const assigned = await call('prescriber', 'post', `/api/patient_files/${file!.id}/forms/${form!.id}`, {});
    expect(assigned.status, assigned.text).toBeLessThan(300);
    const tasks = await call('patient.open', 'get', `/api/patient_files/${file!.id}/tasks`);
    const task = (tasks.body.data as { formId: string; occurrenceId?: string; status: string }[]).find((t) => t.formId === form!.id && t.status === 'available');
    expect(task, tasks.text).toBeDefined();
    const sent = await call('patient.open', 'post', `/api/patient_files/${file!.id}/form_responses`, {
      formId: form!.id, occurrenceId: task!.occurrenceId, answers: { weight: 73.5, breathless: false, swollenAnkles: true },
    });
    expect(sent.status, sent.text).toBeLessThan(300);

    const stored = await db.select().from(measures).where(eq(measures.patientFileId, file!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ indicatorId: weight!.id, value: 73.5, enteredValue: 73.5, enteredUnit: 'kg', source: 'FORM_RESPONSE' });
    const responseId = stored[0]!.formResponseId;
    expect(responseId).toEqual(expect.any(String));
    expect(stored[0]!.measuredAt.toISOString()).toBe(stored[0]!.recordedAt.toISOString());

    const raised = await db.select().from(alerts).where(eq(alerts.patientFileId, file!.id));
    expect(raised).toEqual([expect.objectContaining({ kind: 'THRESHOLD', indicatorId: weight!.id, measureId: stored[0]!.id, status: 'PENDING' })]);
    const [batch] = await db.select().from(alertBatches).where(eq(alertBatches.id, raised[0]!.batchId));
    expect(batch).toMatchObject({ source: 'FORM_RESPONSE', formResponseId: responseId, patientFileId: file!.id });
  });
});

describe('an invalid mapping is refused with its path', () => {
  const withMapping = (mapping: object, more: object = {}) => ({ ...structuredClone(heartFailure), indicators: [mapping], ...more });
  it.each([
    { name: 'a question that does not exist', mapping: { indicator: 'weight', from: { answer: 'poids' } }, path: '/indicators/0/from/answer', key: 'formNotAQuestion' },
    { name: 'a question that is not numeric', mapping: { indicator: 'weight', from: { answer: 'breathless' } }, path: '/indicators/0/from/answer', key: 'formIndicatorNotNumeric' },
    { name: 'a computed value that does not exist', mapping: { indicator: 'weight', from: { computed: 'bmi' } }, path: '/indicators/0/from/computed', key: 'formNotAComputedValue' },
    { name: 'a unit that is not UCUM', mapping: { indicator: 'weight', from: { answer: 'weight' }, unit: 'kilos' }, path: '/indicators/0/unit', key: 'formNotAUcumUnit' },
  ])('$name', ({ mapping, path, key }) => {
    let error: unknown;
    try { parseFormDefinition(withMapping(mapping)); } catch (e) { error = e; }
    expect(error).toMatchObject({ path, why: { key } });
  });

  it('accepts the demo mapping and a computed value with a UCUM unit', () => {
    expect(parseFormDefinition(structuredClone(heartFailure)).indicators).toEqual([{ indicator: 'weight', from: { answer: 'weight' }, unit: 'kg' }]);
    expect(() => parseFormDefinition(withMapping({ indicator: 'weight', from: { computed: 'weightGain' }, unit: 'kg' }))).not.toThrow();
  });
});
