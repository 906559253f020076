/**
 * A closed file is read-only for everyone (issue 10 §4, spec 001 §4): every registered route
 * that changes something of a patient file answers 409 patient_file_closed on a closed file —
 * except reopen. The routes are found from the running app (app.registeredRoutes), as the access
 * matrix does: any POST/PUT/PATCH/DELETE under a patient file (`/api/patient_files/:id/…`) or
 * under one of its records (FILE_BOUND below), each driven with valid ids of the closed file's
 * own records and a body its schema accepts, by the professional and then, if refused as such
 * (403), by the patient. A new route that forgets `file.requireOpen()` fails here; a route with a
 * parameter this test cannot fill fails too, until `paramOf` is taught.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertComments, alerts, alertStatuses, chartDisplays, indicatorBoundaries, indicators, interventionLevels, measures, nonObservanceRules, patientFileProtocols, protocols, protocolServices, referenceValues } from '../../server/db/schema.ts';
import { raiseAlerts } from '../../server/care/alerts/raise.ts';
import { caregivers, pathologies, patientConditions, patientFileHistory, patientFileNotes, patientFiles } from '../../server/db/schema.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { sampleAnswer } from '../helpers/form-corpus.ts';
import { calls, formIdOf, MIME, newPatientFile, PNG, uploadFile } from '../helpers/questionnaires.ts';

/**
 * Records of a patient file addressed by their own id (`/api/<collection>/:<first parameter>/…`,
 * whatever the parameter is named: `:id`, `:alertId`, `:chartDisplayId`, `:ruleId`…).
 */
const FILE_BOUND: Record<string, keyof World> = {
  patient_files: 'file', patient_file_forms: 'assignment', form_responses: 'response', files: 'answerFile',
  alerts: 'alert', chart_displays: 'chartDisplay', indicator_non_observance_rules: 'rule', patient_file_protocols: 'fileProtocol',
};
/** The collection a route's first path parameter names a record of (`/api/<collection>/:x`). */
const collectionOf = (url: string) => /^\/api\/([a-z_]+)\/:/.exec(url)?.[1] ?? '';
/** Routes that change a file's record but must stay open on a closed file. */
const EXEMPT = new Set(['POST /api/patient_files/:id/reopen']);
/** Routes under those collections that change nothing of a patient file. */
const NOT_OF_A_FILE = new Set([
  // A file's bytes are uploaded once, before it is attached to anything (server/care/files).
  'POST /api/files/:id/upload',
  // A reader's own place in the conversation: a closed file's conversation is still read (its
  // page says readOnly), and what one has read changes nothing of the file.
  'PUT /api/patient_files/:id/messages/read',
]);

interface World {
  file: string; patient: string; caregiver: string; otherPatient: string; form: string; planned: string; occurrence: string;
  assignment: string; response: string; answerFile: string; note: string; condition: string; pathology: string; establishment: string;
  protocol: string; fileProtocol: string; indicator: string; level: string; boundary: string; referenceValue: string; chartDisplay: string; rule: string;
  alert: string; alertStatus: string; measure: string;
}

interface JsonSchema {
  type?: string | string[]; format?: string; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema;
  default?: unknown; const?: unknown; enum?: unknown[]; minimum?: number; minLength?: number; oneOf?: JsonSchema[]; anyOf?: JsonSchema[];
}

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
let world: World;
const browsers = new Map<string, Browser>();

/** A path parameter of a route under the closed file: a record of that file. */
function paramOf(url: string, name: string): string | undefined {
  if (url.startsWith(`/api/${collectionOf(url)}/:${name}`)) return world[FILE_BOUND[collectionOf(url)]!];
  return ({
    formId: world.form, userId: world.caregiver, noteId: world.note, conditionId: world.condition, fileId: world.answerFile,
    protocolId: world.protocol, indicatorId: world.indicator, boundaryId: world.boundary, referenceValueId: world.referenceValue,
    measureId: world.measure,
  } as Record<string, string>)[name];
}

/** Body values the schema alone would not make valid (ids of the file's records, real answers, rules checked in code). */
const bodyValues = (): Record<string, unknown> => ({
  formId: world.form, occurrenceId: undefined, pathologyId: world.pathology, answers: sampleAnswer('phq-9'),
  text: 'Une note de suivi', note: 'Diagnostic confirmé', diagnosedOn: '2026-01-15', email: demoEmail('new.consent'),
  planning: { everyDays: 1, occurrences: 3, windowHours: 24, graceHours: 0 }, name: 'photo.png',
  closingReasonType: 'OTHER', closingReason: 'Clôture pour le test',
  alertStatusId: world.alertStatus, indicatorId: world.indicator, indicatorIds: [world.indicator], startDate: '2026-01-15',
  reason: 'Saisie erronée',
});

function sample(schema: JsonSchema, name = ''): unknown {
  const known = bodyValues();
  if (name in known) return known[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branch = (schema.oneOf ?? schema.anyOf)?.find((b) => b.type !== 'null');
  if (branch) return sample(branch, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    // The required properties, and the optional ones this test knows a value of (an alert's change needs a status or a comment).
    const names = new Set([...(schema.required ?? []), ...Object.keys(schema.properties ?? {}).filter((p) => known[p] !== undefined)]);
    return Object.fromEntries([...names].map((p) => [p, sample(schema.properties?.[p] ?? {}, p)]).filter(([, v]) => v !== undefined));
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  return 'x'.repeat(Math.max(2, schema.minLength ?? 2));
}

interface Route { method: string; url: string; schema: FastifySchema & { consumes?: string[] } }

function changesOfAFile(): Route[] {
  const seen = new Set<string>();
  return gw.app.registeredRoutes
    .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`))
    .filter((r) => collectionOf(r.url) in FILE_BOUND)
    .filter((r) => !EXEMPT.has(`${r.method} ${r.url}`) && !NOT_OF_A_FILE.has(`${r.method} ${r.url}`))
    .map((r) => ({ method: r.method, url: r.url, schema: (r.schema ?? {}) as Route['schema'] }));
}

async function callAs(local: string, route: Route) {
  const b = browsers.get(local)!;
  const missing: string[] = [];
  const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => paramOf(route.url, name) ?? (missing.push(name), `:${name}`));
  if (missing.length) throw new Error(`${route.method} ${route.url}: teach paramOf() the parameter(s) ${missing.join(', ')}`);
  const body = route.schema.body ? sample(route.schema.body as JsonSchema) : undefined;
  const req = b.agent[route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete'](url).set('x-csrf-token', b.csrf);
  return body !== undefined ? req.send(body as object) : req;
}

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  for (const local of ['prescriber', 'patient.open', 'caregiver']) browsers.set(local, await login(gw.app, demoEmail(local)));
  const pro = calls(browsers.get('prescriber')!);
  const patient = calls(browsers.get('patient.open')!);
  const file = await newPatientFile(db, { caregivers: ['caregiver'] });
  const [phq9, hf, postOp] = await Promise.all(['PHQ-9', 'HF-DAILY', 'POST-OP'].map((ref) => formIdOf(db, 'chu-azur', ref)));
  const assignment = (await pro.assign(file, phq9!)).body.id as string;
  await pro.assign(file, hf!);
  await pro.assign(file, postOp!);
  const tasks = (await patient.tasks(file)).body.data as { formId: string; status: string; occurrenceId?: string }[];
  const first = (formId: string) => tasks.find((t) => t.formId === formId && t.status === 'available')!.occurrenceId!;
  const response = (await patient.answer(file, { formId: phq9!, answers: sampleAnswer('phq-9') })).body.id as string;
  const photo = await uploadFile(browsers.get('patient.open')!, PNG, 'photo.png', MIME.png);
  const sent = await patient.answer(file, { formId: postOp!, occurrenceId: first(postOp!), answers: { ...sampleAnswer('post-operative-follow-up'), woundPhoto: photo, letter: undefined } });
  expect(sent.status, sent.text).toBe(201);
  const establishment = await establishmentIdOf(db, 'chu-azur');
  const [p1, p2] = await db.insert(pathologies).values([
    { establishmentId: establishment, slug: 'closed-test-hf', name: { fr: 'Insuffisance cardiaque', en: 'Heart failure', ar: 'قصور القلب' } },
    { establishmentId: establishment, slug: 'closed-test-af', name: { fr: 'Fibrillation atriale', en: 'Atrial fibrillation', ar: 'الرجفان الأذيني' } },
  ]).returning();
  const prescriber = await userIdOf(db, 'prescriber');
  const [condition] = await db.insert(patientConditions).values({ patientFileId: file, pathologyId: p1!.id, createdBy: prescriber }).returning();
  const [note] = await db.insert(patientFileNotes).values({ patientFileId: file, authorId: prescriber, text: 'Première note' }).returning();
  // Telemonitoring (issue 11): one record of each kind on the file, before it is closed.
  const indicatorOf = async (reference: string) => (await db.select({ id: indicators.id }).from(indicators)
    .where(and(eq(indicators.establishmentId, establishment), eq(indicators.reference, reference))))[0]!.id;
  const [spo2, weight] = [await indicatorOf('spo2'), await indicatorOf('weight')];
  const [level] = await db.select({ id: interventionLevels.id }).from(interventionLevels)
    .where(and(eq(interventionLevels.establishmentId, establishment), eq(interventionLevels.rank, 1)));
  const [{ serviceId }] = await db.select({ serviceId: patientFiles.serviceId }).from(patientFiles).where(eq(patientFiles.id, file)) as [{ serviceId: string }];
  const [applied, notApplied] = await db.insert(protocols).values([{ establishmentId: establishment, name: { fr: 'Protocole appliqué' } }, { establishmentId: establishment, name: { fr: 'Protocole à appliquer' } }])
    .returning({ id: protocols.id });
  await db.insert(protocolServices).values([{ protocolId: applied!.id, serviceId }, { protocolId: notApplied!.id, serviceId }]);
  const pb = browsers.get('prescriber')!;
  const apply = await pb.agent.post(`/api/patient_files/${file}/protocols/${applied!.id}/apply`).set('x-csrf-token', pb.csrf);
  expect(apply.status, apply.text).toBe(201);
  const [boundary] = await db.insert(indicatorBoundaries).values({ indicatorId: spo2, patientFileId: file, levelId: level!.id, operator: '<', value: 85 }).returning({ id: indicatorBoundaries.id });
  const [reference] = await db.insert(referenceValues).values({ indicatorId: spo2, patientFileId: file, value: 96 }).returning({ id: referenceValues.id });
  const [chart] = await db.insert(chartDisplays).values({ patientFileId: file, indicatorIds: [weight] }).returning({ id: chartDisplays.id });
  const [rule] = await db.insert(nonObservanceRules).values({ patientFileId: file, indicatorIds: [weight], periodInDays: 3 }).returning({ id: nonObservanceRules.id });
  // A value the patient typed (correctable for a while), which a professional could also mark entered in error.
  const typed = await browsers.get('patient.open')!.agent.post(`/api/patient_files/${file}/indicators/data`).set('x-csrf-token', browsers.get('patient.open')!.csrf)
    .send({ indicatorId: spo2, value: 96 });
  expect(typed.status, typed.text).toBe(201);
  const raised = await db.transaction((tx) => raiseAlerts(tx, { id: file, serviceId }, { source: 'MEASURES' }, [{ kind: 'THRESHOLD', crossing: {} }], new Date()));
  const [status] = await db.select({ id: alertStatuses.id }).from(alertStatuses).where(eq(alertStatuses.establishmentId, establishment));
  world = {
    alertStatus: status!.id, protocol: notApplied!.id, fileProtocol: apply.body.fileProtocol.id as string, indicator: spo2, level: level!.id, boundary: boundary!.id,
    referenceValue: reference!.id, chartDisplay: chart!.id, rule: rule!.id, alert: raised!.alertIds[0]!,
    file, patient: await userIdOf(db, 'patient.open'), caregiver: await userIdOf(db, 'caregiver'), otherPatient: await userIdOf(db, 'new.consent'),
    form: phq9!, planned: hf!, occurrence: first(hf!), assignment, response, answerFile: photo, note: note!.id, condition: condition!.id,
    pathology: p2!.id, establishment, measure: typed.body.measures[0].id as string,
  };
  const closed = await browsers.get('prescriber')!.agent.post(`/api/patient_files/${file}/close`).set('x-csrf-token', browsers.get('prescriber')!.csrf)
    .send({ closingReasonType: 'END_OF_FOLLOW_UP' });
  expect(closed.status, closed.text).toBe(200);
});
afterAll(async () => { await gw?.close(); });

describe('a closed file is read-only', () => {
  it('finds the routes that change a file (questionnaires, answers, close, patient data at least)', () => {
    const names = changesOfAFile().map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(expect.arrayContaining([
      'POST /api/patient_files/:id/forms/:formId', 'POST /api/patient_file_forms/:id/deactivate', 'POST /api/patient_file_forms/:id/overload',
      'POST /api/patient_files/:id/form_responses/start', 'POST /api/patient_files/:id/form_responses', 'PUT /api/files/:id',
      'POST /api/patient_files/:id/close', 'POST /api/patient_files/:id/patient_data/deactivate',
      // Telemonitoring (issue 11): records of the file addressed by their own id, whatever its parameter's name.
      'PUT /api/alerts/:alertId', 'POST /api/alerts/:alertId/close', 'PUT /api/chart_displays/:chartDisplayId',
      'PUT /api/indicator_non_observance_rules/:ruleId', 'POST /api/patient_file_protocols/:id/deactivate',
      'POST /api/patient_files/:id/protocols/:protocolId/apply', 'PUT /api/patient_files/:id/indicators/:indicatorId/boundaries',
      'POST /api/patient_files/:id/indicator_boundaries/:boundaryId/deactivate', 'POST /api/patient_files/:id/indicators/data',
    ]));
    expect(names).not.toContain('POST /api/patient_files/:id/reopen');
  });

  it('answers 409 patient_file_closed to every one of them, and nothing is written', async () => {
    const historyBefore = await db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, world.file));
    const failures: string[] = [];
    for (const route of changesOfAFile()) {
      const tried: string[] = [];
      let res = await callAs('prescriber', route);
      tried.push(`prescriber ${res.status} ${res.body?.code ?? ''}`);
      // A patient-side route (answers) refuses a professional: the patient calls it instead.
      if (res.status === 403 || (res.status === 404 && route.url.startsWith('/api/files/'))) {
        res = await callAs('patient.open', route);
        tried.push(`patient ${res.status} ${res.body?.code ?? ''}`);
      }
      if (res.status !== 409 || res.body.code !== 'patient_file_closed') failures.push(`${route.method} ${route.url}: ${tried.join(', ')} ${res.status === 400 ? res.text : ''}`);
    }
    expect(failures).toEqual([]);
    const historyAfter = await db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, world.file));
    expect(historyAfter).toHaveLength(historyBefore.length);
    const [row] = await db.select().from(patientFiles).where(eq(patientFiles.id, world.file));
    expect(row).toMatchObject({ status: 'CLOSED', closingReasonType: 'END_OF_FOLLOW_UP', patientDataActive: true });
    expect(await db.select().from(caregivers).where(and(eq(caregivers.patientFileId, world.file), eq(caregivers.userId, world.caregiver)))).toHaveLength(1);
    expect(await db.select().from(patientFileNotes).where(eq(patientFileNotes.id, world.note))).toEqual([expect.objectContaining({ text: 'Première note', archivedAt: null })]);
    expect(await db.select().from(alerts).where(eq(alerts.id, world.alert))).toEqual([expect.objectContaining({ status: 'PENDING', alertStatusId: null })]);
    expect(await db.select().from(alertComments).where(eq(alertComments.alertId, world.alert))).toEqual([]);
    expect(await db.select().from(measures).where(eq(measures.id, world.measure))).toEqual([expect.objectContaining({ enteredInErrorAt: null, replacedBy: null })]);
    expect(await db.select().from(indicatorBoundaries).where(eq(indicatorBoundaries.patientFileId, world.file))).toEqual([expect.objectContaining({ id: world.boundary, active: true })]);
    expect(await db.select().from(referenceValues).where(eq(referenceValues.patientFileId, world.file))).toEqual([expect.objectContaining({ id: world.referenceValue, deactivatedAt: null })]);
    expect(await db.select().from(patientFileProtocols).where(eq(patientFileProtocols.patientFileId, world.file))).toEqual([expect.objectContaining({ id: world.fileProtocol, active: true, excludedAt: null })]);
    expect(await db.select().from(chartDisplays).where(eq(chartDisplays.patientFileId, world.file))).toEqual([expect.objectContaining({ id: world.chartDisplay, excludedAt: null })]);
    expect(await db.select().from(nonObservanceRules).where(eq(nonObservanceRules.patientFileId, world.file))).toEqual([expect.objectContaining({ id: world.rule, active: true })]);
  });

  it('reopens, and the file takes changes again', async () => {
    const pro = browsers.get('prescriber')!;
    const reopened = await pro.agent.post(`/api/patient_files/${world.file}/reopen`).set('x-csrf-token', pro.csrf);
    expect(reopened.status, reopened.text).toBe(200);
    const off = await pro.agent.post(`/api/patient_files/${world.file}/patient_data/deactivate`).set('x-csrf-token', pro.csrf);
    expect([off.status, off.body.patientDataActive]).toEqual([200, false]);
  });
});
