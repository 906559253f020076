/**
 * Medical protocols (issue 11 §8, spec 001 §3, §4, §7): an establishment's protocols (list with
 * its sorts and filters, create, read, replace, archive and restore; NOT_UNIQUE_ERROR on the
 * French name; ids of another establishment 404 on their field; privileges: super admin,
 * prescriber and manager, the operator 404), and a patient file's protocols (apply in one
 * transaction: questionnaires assigned with the protocol's planning, thresholds and rules copied,
 * history PROTOCOL_ASSIGNED; twice 409; another service's protocol 404; activate, deactivate,
 * exclude, restore with their history; what they change in the thresholds in force; a closed
 * file 409; the patient 403). Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formOccurrences, indicatorBoundaries, indicators, interventionLevels, nonObservanceRules, patientFileForms, patientFiles, services,
} from '../../server/db/schema.ts';
import { effectiveBoundaries } from '../../server/care/measures/boundaries.ts';
import type { ApplyResult, FileProtocols, Protocol, ProtocolBody, ProtocolRow } from '../../schemas/protocols.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { formIdOf, historyOf } from '../helpers/questionnaires.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();
let azur: string;
let tilleuls: string;
const ids = { cardiology: '', surgery: '', phq9: '', hfDaily: '', weight: '', spo2: '', urgent: '', watch: '', tilleulsWeight: '', tilleulsLevel: '', tilleulsForm: '', tilleulsService: '' };

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}
type Method = 'get' | 'post' | 'put';
async function call(local: string, method: Method, path: string, body?: object) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}

const serviceOf = async (establishmentId: string, name: string) =>
  (await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, establishmentId), eq(services.name, name))))[0]!.id;
const indicatorOf = async (establishmentId: string, reference: string) =>
  (await db.select({ id: indicators.id }).from(indicators).where(and(eq(indicators.establishmentId, establishmentId), eq(indicators.reference, reference))))[0]!.id;
const levelOf = async (establishmentId: string, fr: string) =>
  (await db.select({ id: interventionLevels.id, name: interventionLevels.name }).from(interventionLevels).where(eq(interventionLevels.establishmentId, establishmentId)))
    .find((l) => (l.name as { fr: string }).fr === fr)!.id;

async function newFile(serviceId: string, status: 'OPEN' | 'CLOSED' = 'OPEN') {
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId, status }).returning();
  return file!.id;
}

let names = 0;
/** A protocol body of CHU Azur for Cardiologie: HF-DAILY every 2 days, the weight over +1 kg at the urgent level, SpO2 silent 3 days at the watch level. */
function body(overrides: Partial<ProtocolBody> = {}): ProtocolBody {
  names++;
  return {
    name: { fr: `Insuffisance cardiaque ${names} ${randomUUID().slice(0, 6)}`, en: `Heart failure ${names}`, ar: `قصور القلب ${names}` },
    description: { fr: 'Suivi après hospitalisation' },
    serviceIds: [ids.cardiology],
    forms: [{ formId: ids.hfDaily, planning: { everyDays: 2, occurrences: 5, windowHours: 24, graceHours: 12 } }, { formId: ids.phq9 }],
    boundaries: [{ indicatorId: ids.weight, levelId: ids.urgent, operator: '>', mode: 'ABSOLUTE', value: 81.5 }],
    nonObservanceRules: [{ indicators: [ids.spo2, ids.weight], periodInDays: 3, levelId: ids.watch }],
    ...overrides,
  };
}

async function created(local = 'prescriber', overrides: Partial<ProtocolBody> = {}): Promise<Protocol> {
  const res = await call(local, 'post', `/api/establishments/${azur}/protocols`, body(overrides));
  expect(res.status, res.text).toBe(201);
  return res.body as Protocol;
}

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  azur = await establishmentIdOf(db, 'chu-azur');
  tilleuls = await establishmentIdOf(db, 'clinique-des-tilleuls');
  Object.assign(ids, {
    cardiology: await serviceOf(azur, 'Cardiologie'), surgery: await serviceOf(azur, 'Chirurgie orthopédique'),
    phq9: await formIdOf(db, 'chu-azur', 'PHQ-9'), hfDaily: await formIdOf(db, 'chu-azur', 'HF-DAILY'),
    weight: await indicatorOf(azur, 'weight'), spo2: await indicatorOf(azur, 'spo2'),
    urgent: await levelOf(azur, 'Urgence'), watch: await levelOf(azur, 'Vigilance'),
    tilleulsWeight: await indicatorOf(tilleuls, 'weight'),
    tilleulsLevel: (await db.select({ id: interventionLevels.id }).from(interventionLevels).where(eq(interventionLevels.establishmentId, tilleuls)))[0]!.id, tilleulsForm: await formIdOf(db, 'clinique-des-tilleuls', 'PHQ-9'),
    tilleulsService: (await db.select({ id: services.id }).from(services).where(eq(services.establishmentId, tilleuls)))[0]!.id,
  });
});
afterAll(async () => { await gw?.close(); });

describe("an establishment's protocols", () => {
  it('creates a protocol with its services, questionnaires and planning, thresholds and rules, reads it back in the caller\'s language', async () => {
    const p = await created();
    expect(p).toMatchObject({ establishmentId: azur, archivedAt: null, description: { fr: 'Suivi après hospitalisation' } });
    expect(p.services).toEqual([{ id: ids.cardiology, name: 'Cardiologie' }]);
    expect(p.forms.map((f) => [f.reference, f.submissionType, f.planning])).toEqual(expect.arrayContaining([
      ['HF-DAILY', 'PLANNED', { everyDays: 2, occurrences: 5, windowHours: 24, graceHours: 12 }], ['PHQ-9', 'FREE', null],
    ]));
    expect(p.boundaries).toEqual([expect.objectContaining({ indicatorId: ids.weight, indicatorName: 'Poids', unit: 'kg', levelName: 'Urgence', colour: 'red', operator: '>', mode: 'ABSOLUTE', value: 81.5 })]);
    expect(p.nonObservanceRules).toEqual([expect.objectContaining({
      periodInDays: 3, indicators: [{ id: ids.spo2, name: 'Saturation en oxygène' }, { id: ids.weight, name: 'Poids' }], levelId: ids.watch, levelName: 'Vigilance',
    })]);
    const byDefault = await created('prescriber', { nonObservanceRules: [{ indicators: [ids.weight], periodInDays: 2 }] });
    expect(byDefault.nonObservanceRules).toEqual([expect.objectContaining({ periodInDays: 2, levelId: null, levelName: null })]);
    const ar = await call('manager', 'get', `/api/protocols/${p.id}?l=ar`);
    expect(ar.status, ar.text).toBe(200);
    expect((ar.body as Protocol).boundaries[0]).toMatchObject({ indicatorName: 'الوزن', levelName: 'عاجل' });
  });

  it('lists protocols by name and by creation, filtered by service and by archived state, with counts', async () => {
    const a = await created('prescriber', { name: { fr: `aaa Protocole ${randomUUID()}` } });
    gw.clock.advance(1000);
    const z = await created('prescriber', { name: { fr: `zzz Protocole ${randomUUID()}` }, serviceIds: [ids.surgery], forms: [], nonObservanceRules: [] });
    const list = async (query: string) => {
      const res = await call('manager', 'get', `/api/establishments/${azur}/protocols?pageSize=50&${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body as { data: ProtocolRow[]; totalItems: number };
    };
    const byName = await list('sort=name');
    const names = byName.data.map((r) => r.name.fr.toLowerCase());
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en')));
    const row = byName.data.find((r) => r.id === a.id)!;
    expect(row).toMatchObject({ formsCount: 2, indicatorsCount: 2, services: [{ id: ids.cardiology, name: 'Cardiologie' }] });
    expect((await list('sort=-createdAt')).data[0]!.id).toBe(z.id);
    const surgery = await list(`serviceId=${ids.surgery}`);
    expect(surgery.data.map((r) => r.id)).toContain(z.id);
    expect(surgery.data.map((r) => r.id)).not.toContain(a.id);
    expect((await call('prescriber', 'post', `/api/protocols/${z.id}/archive`)).status).toBe(200);
    expect((await list('')).data.map((r) => r.id)).not.toContain(z.id);
    expect((await list('archived=true')).data.map((r) => r.id)).toEqual([z.id]);
    const foreign = await call('manager', 'get', `/api/establishments/${azur}/protocols?serviceId=${ids.tilleulsService}`);
    expect([foreign.status, foreign.body.field]).toEqual([404, 'querystring.serviceId']);
  });

  it('replaces a protocol whole, and an archived one is changed and applied no more until restored', async () => {
    const p = await created();
    const res = await call('manager', 'put', `/api/protocols/${p.id}`, body({
      name: p.name, serviceIds: [ids.cardiology, ids.surgery], forms: [],
      boundaries: [{ indicatorId: ids.weight, levelId: ids.watch, operator: '>=', mode: 'RELATIVE', value: 1.25 }], nonObservanceRules: [],
    }));
    expect(res.status, res.text).toBe(200);
    const changed = res.body as Protocol;
    expect(changed.services.map((s) => s.id).sort()).toEqual([ids.cardiology, ids.surgery].sort());
    expect(changed.forms).toEqual([]);
    expect(changed.boundaries.map((b) => [b.operator, b.mode, b.value, b.levelName])).toEqual([['>=', 'RELATIVE', 1.25, 'Vigilance']]);
    expect(changed.nonObservanceRules).toEqual([]);
    expect((await db.select().from(indicatorBoundaries).where(eq(indicatorBoundaries.protocolId, p.id)))).toHaveLength(1);

    expect((await call('manager', 'post', `/api/protocols/${p.id}/archive`)).body).toMatchObject({ archivedAt: expect.any(String) });
    const again = await call('manager', 'post', `/api/protocols/${p.id}/archive`);
    expect([again.status, again.body.code]).toEqual([409, 'protocol_archived']);
    const edit = await call('manager', 'put', `/api/protocols/${p.id}`, body());
    expect([edit.status, edit.body.code]).toEqual([409, 'protocol_archived']);
    const apply = await call('prescriber', 'post', `/api/patient_files/${await newFile(ids.cardiology)}/protocols/${p.id}/apply`);
    expect([apply.status, apply.body.code]).toEqual([409, 'protocol_archived']);
    expect((await call('manager', 'post', `/api/protocols/${p.id}/restore`)).body).toMatchObject({ archivedAt: null });
    const restoreAgain = await call('manager', 'post', `/api/protocols/${p.id}/restore`);
    expect([restoreAgain.status, restoreAgain.body.code]).toEqual([409, 'protocol_not_archived']);
  });

  it('answers NOT_UNIQUE_ERROR on body.name.fr for a French name already used, whatever its case, in fr, en and ar', async () => {
    const p = await created();
    for (const l of ['fr', 'en', 'ar']) {
      const res = await call('prescriber', 'post', `/api/establishments/${azur}/protocols?l=${l}`, body({ name: { fr: p.name.fr.toUpperCase() } }));
      expect([res.status, res.body.code, res.body.field]).toEqual([409, 'NOT_UNIQUE_ERROR', 'body.name.fr']);
      expect(res.body.message).toBeTruthy();
    }
    // Another establishment may use the same name.
    const other = await call('superadmin', 'get', `/api/establishments/${tilleuls}/protocols`);
    expect(other.status).toBe(404);
  });

  it.each([
    ['a service of another establishment', () => ({ serviceIds: [ids.cardiology, ids.tilleulsService] }), 404, 'not_found', 'body.serviceIds.1'],
    ['an unknown service', () => ({ serviceIds: [randomUUID()] }), 404, 'not_found', 'body.serviceIds.0'],
    ['the same service twice', () => ({ serviceIds: [ids.cardiology, ids.cardiology] }), 400, 'duplicate_item', 'body.serviceIds.1'],
    ['a questionnaire of another establishment', () => ({ forms: [{ formId: ids.tilleulsForm }] }), 404, 'not_found', 'body.forms.0.formId'],
    ['a planning for a free questionnaire', () => ({ forms: [{ formId: ids.phq9, planning: { everyDays: 1, occurrences: 3, windowHours: 24, graceHours: 0 } }] }), 400, 'planning_for_free_form', 'body.forms.0.planning'],
    ['a window longer than the interval', () => ({ forms: [{ formId: ids.hfDaily, planning: { everyDays: 1, occurrences: 3, windowHours: 48, graceHours: 0 } }] }), 400, 'planning_window_too_long', 'body.forms.0.planning.windowHours'],
    ['an indicator of another establishment', () => ({ boundaries: [{ indicatorId: ids.tilleulsWeight, levelId: ids.urgent, operator: '>', mode: 'ABSOLUTE', value: 1 }] }), 404, 'not_found', 'body.boundaries.0.indicatorId'],
    ['an unknown level', () => ({ boundaries: [{ indicatorId: ids.weight, levelId: randomUUID(), operator: '>', mode: 'ABSOLUTE', value: 1 }] }), 404, 'not_found', 'body.boundaries.0.levelId'],
    ['a rule on an indicator of another establishment', () => ({ nonObservanceRules: [{ indicators: [ids.weight, ids.tilleulsWeight], periodInDays: 2 }] }), 404, 'not_found', 'body.nonObservanceRules.0.indicators.1'],
    ['a rule at an unknown level', () => ({ nonObservanceRules: [{ indicators: [ids.weight], periodInDays: 2, levelId: randomUUID() }] }), 404, 'not_found', 'body.nonObservanceRules.0.levelId'],
    ['a rule at a level of another establishment', () => ({ nonObservanceRules: [{ indicators: [ids.weight], periodInDays: 2, levelId: ids.tilleulsLevel }] }), 404, 'not_found', 'body.nonObservanceRules.0.levelId'],
    ['a French name of spaces', () => ({ name: { fr: '   ' } }), 400, 'field_required', 'body.name.fr'],
  ] as const)('refuses %s on its field', async (_what, overrides, status, code, field) => {
    const res = await call('prescriber', 'post', `/api/establishments/${azur}/protocols?l=ar`, body(overrides() as Partial<ProtocolBody>));
    expect([res.status, res.body.code, res.body.field], res.text).toEqual([status, code, field]);
  });

  it('refuses a body the schema does not describe: an unknown operator, a period of 0 days', async () => {
    const res = await call('prescriber', 'post', `/api/establishments/${azur}/protocols`, { ...body(), boundaries: [{ indicatorId: ids.weight, levelId: ids.urgent, operator: '>>', mode: 'ABSOLUTE', value: 1 }] });
    expect(res.status).toBe(400);
    const zero = await call('prescriber', 'post', `/api/establishments/${azur}/protocols`, { ...body(), nonObservanceRules: [{ indicators: [ids.weight], periodInDays: 0 }] });
    expect(zero.status).toBe(400);
  });

  it('is managed by super admins, prescribers and managers of the establishment; the operator, the patient and another establishment get 404', async () => {
    const p = await created('superadmin');
    expect((await call('manager', 'get', `/api/protocols/${p.id}`)).status).toBe(200);
    expect((await call('prescriber', 'get', `/api/protocols/${p.id}`)).status).toBe(200);
    for (const local of ['operator', 'patient.open', 'admin.establishment']) {
      for (const [method, path, b] of [
        ['get', `/api/protocols/${p.id}`], ['put', `/api/protocols/${p.id}`, body()], ['post', `/api/protocols/${p.id}/archive`],
        ['get', `/api/establishments/${azur}/protocols`], ['post', `/api/establishments/${azur}/protocols`, body()],
      ] as [Method, string, object?][]) {
        const res = await call(local, method, path, b);
        expect([local, path, res.status, res.body.code]).toEqual([local, path, 404, 'not_found']);
      }
    }
  });
});

describe("a patient file's protocols", () => {
  it('applies a protocol of its service in one go: questionnaires with its planning, thresholds and rules copied, history PROTOCOL_ASSIGNED; twice is 409', async () => {
    const p = await created();
    const file = await newFile(ids.cardiology);
    // PHQ-9 already assigned: it keeps its assignment.
    expect((await call('operator', 'post', `/api/patient_files/${file}/forms/${ids.phq9}`)).status).toBe(200);
    const before = await call('operator', 'get', `/api/patient_files/${file}/protocols`);
    expect((before.body as FileProtocols).applicable.map((a) => a.id)).toContain(p.id);

    const res = await call('operator', 'post', `/api/patient_files/${file}/protocols/${p.id}/apply`);
    expect(res.status, res.text).toBe(201);
    const applied = res.body as ApplyResult;
    expect(applied.fileProtocol).toMatchObject({ protocolId: p.id, state: 'ACTIVE', formsCount: 2, boundariesCount: 1, rulesCount: 1, appliedBy: { firstName: 'Hugo' } });
    expect(applied.forms).toEqual(expect.arrayContaining([{ formId: ids.hfDaily, outcome: 'ASSIGNED' }, { formId: ids.phq9, outcome: 'ALREADY_ASSIGNED' }]));

    const assignments = await db.select().from(patientFileForms).where(eq(patientFileForms.patientFileId, file));
    const hf = assignments.find((a) => a.formId === ids.hfDaily)!;
    expect(hf.overload).toEqual({ everyDays: 2, occurrences: 5, windowHours: 24, graceHours: 12 });
    const occurrences = await db.select().from(formOccurrences).where(eq(formOccurrences.patientFileFormId, hf.id)).orderBy(asc(formOccurrences.startAt));
    expect(occurrences).toHaveLength(5);
    expect(occurrences[1]!.startAt.getTime() - occurrences[0]!.startAt.getTime()).toBeGreaterThanOrEqual(47 * 3_600_000);
    expect(assignments.find((a) => a.formId === ids.phq9)!.overload).toBeNull();

    const copies = await db.select().from(indicatorBoundaries).where(eq(indicatorBoundaries.patientFileId, file));
    expect(copies.map((b) => [b.indicatorId, b.operator, b.value, b.patientFileProtocolId, b.protocolId])).toEqual([[ids.weight, '>', 81.5, applied.fileProtocol.id, null]]);
    const rules = await db.select().from(nonObservanceRules).where(eq(nonObservanceRules.patientFileId, file));
    expect(rules.map((r) => [r.indicatorIds, r.periodInDays, r.levelId, r.patientFileProtocolId])).toEqual([[[ids.spo2, ids.weight], 3, ids.watch, applied.fileProtocol.id]]);

    const [entry] = await historyOf(db, file, 'PROTOCOL_ASSIGNED');
    expect(entry!.payload).toMatchObject({ protocolId: p.id, name: p.name.fr, indicators: expect.arrayContaining([ids.weight, ids.spo2]) });
    expect((entry!.payload as { forms: unknown[] }).forms).toEqual(expect.arrayContaining([expect.objectContaining({ formId: ids.phq9, outcome: 'ALREADY_ASSIGNED' })]));
    expect(await historyOf(db, file, 'FORM_ASSIGNED')).toHaveLength(2);

    const twice = await call('operator', 'post', `/api/patient_files/${file}/protocols/${p.id}/apply`);
    expect([twice.status, twice.body.code]).toEqual([409, 'protocol_already_applied']);
    const after = (await call('operator', 'get', `/api/patient_files/${file}/protocols`)).body as FileProtocols;
    expect(after.applied.map((a) => a.protocolId)).toEqual([p.id]);
    expect(after.applicable.map((a) => a.id)).not.toContain(p.id);
  });

  it('refuses a protocol of another service (404 on params.protocolId), on a closed file (409) and to the patient (403)', async () => {
    const surgeryOnly = await created('prescriber', { serviceIds: [ids.surgery] });
    const file = await newFile(ids.cardiology);
    const res = await call('prescriber', 'post', `/api/patient_files/${file}/protocols/${surgeryOnly.id}/apply`);
    expect([res.status, res.body.code, res.body.field]).toEqual([404, 'not_found', 'params.protocolId']);
    const p = await created();
    const closed = await call('prescriber', 'post', `/api/patient_files/${await newFile(ids.cardiology, 'CLOSED')}/protocols/${p.id}/apply`);
    expect([closed.status, closed.body.code]).toEqual([409, 'patient_file_closed']);
    // newFile's files are patient.open's own.
    const patient = await call('patient.open', 'post', `/api/patient_files/${file}/protocols/${p.id}/apply`);
    expect([patient.status, patient.body.code]).toEqual([403, 'professionals_only']);
    expect((await call('patient.open', 'get', `/api/patient_files/${file}/protocols`)).status).toBe(403);
    // The manager holds no patient-data privilege: the file is not theirs to open.
    expect((await call('manager', 'post', `/api/patient_files/${file}/protocols/${p.id}/apply`)).status).toBe(404);
  });

  it('deactivates, activates, excludes and restores, each once with its history; the thresholds follow', async () => {
    const p = await created();
    const file = await newFile(ids.cardiology);
    const fp = ((await call('prescriber', 'post', `/api/patient_files/${file}/protocols/${p.id}/apply`)).body as ApplyResult).fileProtocol;
    const inForce = async () => {
      const weight = (await effectiveBoundaries(db, file, [ids.weight])).get(ids.weight)!;
      return weight.boundaries.map((b) => [b.origin, b.operator, b.value]);
    };
    expect(await inForce()).toEqual([['protocol', '>', 81.5]]);
    const step = async (action: string, state: string) => {
      const res = await call('prescriber', 'post', `/api/patient_file_protocols/${fp.id}/${action}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.state).toBe(state);
    };
    await step('deactivate', 'INACTIVE');
    // The default thresholds of the weight (relative to the reference value) apply again.
    expect((await inForce()).every(([origin]) => origin === 'default')).toBe(true);
    expect((await call('prescriber', 'post', `/api/patient_file_protocols/${fp.id}/deactivate`)).body.code).toBe('protocol_already_inactive');
    await step('activate', 'ACTIVE');
    expect(await inForce()).toEqual([['protocol', '>', 81.5]]);
    expect((await call('prescriber', 'post', `/api/patient_file_protocols/${fp.id}/activate`)).body.code).toBe('protocol_already_active');
    await step('exclude', 'EXCLUDED');
    expect((await inForce()).every(([origin]) => origin === 'default')).toBe(true);
    expect((await call('prescriber', 'post', `/api/patient_file_protocols/${fp.id}/exclude`)).body.code).toBe('protocol_already_excluded');
    await step('restore', 'ACTIVE');
    expect((await call('prescriber', 'post', `/api/patient_file_protocols/${fp.id}/restore`)).body.code).toBe('protocol_not_excluded');
    expect(await inForce()).toEqual([['protocol', '>', 81.5]]);

    const kinds = (await historyOf(db, file)).filter((h) => h.type.startsWith('PROTOCOL_')).map((h) => [h.type, (h.payload as { excluded?: boolean }).excluded ?? false]);
    expect(kinds).toEqual([['PROTOCOL_ASSIGNED', false], ['PROTOCOL_DEACTIVATED', false], ['PROTOCOL_ACTIVATED', false], ['PROTOCOL_DEACTIVATED', true], ['PROTOCOL_RESTORED', false]]);

    await db.update(patientFiles).set({ status: 'CLOSED' }).where(eq(patientFiles.id, file));
    const closed = await call('prescriber', 'post', `/api/patient_file_protocols/${fp.id}/deactivate`);
    expect([closed.status, closed.body.code]).toEqual([409, 'patient_file_closed']);
  });

  it('raises an alert from the protocol\'s threshold while it is active; deactivated, the default thresholds apply again (POST indicators/data)', async () => {
    // SpO2's defaults: urgent < 88, watch < 92. The protocol's: urgent < 95.
    const p = await created('prescriber', { boundaries: [{ indicatorId: ids.spo2, levelId: ids.urgent, operator: '<', mode: 'ABSOLUTE', value: 95 }], forms: [], nonObservanceRules: [] });
    const file = await newFile(ids.cardiology);
    const fp = ((await call('prescriber', 'post', `/api/patient_files/${file}/protocols/${p.id}/apply`)).body as ApplyResult).fileProtocol;
    const [copy] = await db.select().from(indicatorBoundaries).where(eq(indicatorBoundaries.patientFileProtocolId, fp.id));
    const measure = async (value: number) => {
      // A minute apart: the same value at the same time is the same measure, stored once.
      gw.clock.advance(60_000);
      const res = await call('prescriber', 'post', `/api/patient_files/${file}/indicators/data`, { indicatorId: ids.spo2, value });
      expect(res.status, res.text).toBe(201);
      return res.body.alerts as { boundaryId: string; level: { id: string } }[];
    };
    expect((await measure(93)).map((a) => [a.boundaryId, a.level.id])).toEqual([[copy!.id, ids.urgent]]);
    expect((await call('prescriber', 'post', `/api/patient_file_protocols/${fp.id}/deactivate`)).status).toBe(200);
    expect(await measure(93)).toEqual([]);
    const fallback = await measure(91);
    expect(fallback.map((a) => a.level.id)).toEqual([ids.watch]);
    expect(fallback[0]!.boundaryId).not.toBe(copy!.id);
    expect((await call('prescriber', 'post', `/api/patient_file_protocols/${fp.id}/activate`)).status).toBe(200);
    expect((await measure(94)).map((a) => a.boundaryId)).toEqual([copy!.id]);
  });

  it('answers 404 for a file protocol outside the caller\'s scope and an unknown one', async () => {
    const p = await created('prescriber', { serviceIds: [ids.surgery] });
    const file = await newFile(ids.surgery);
    const fp = ((await call('operator', 'post', `/api/patient_files/${file}/protocols/${p.id}/apply`)).body as ApplyResult).fileProtocol;
    // The Cardiologie prescriber does not follow Chirurgie orthopédique's files.
    for (const path of [`/api/patient_file_protocols/${fp.id}/deactivate`, `/api/patient_file_protocols/${randomUUID()}/activate`]) {
      const res = await call('prescriber', 'post', path);
      expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    }
    expect((await call('pro.two', 'get', `/api/patient_files/${file}/protocols`)).status).toBe(404);
    expect(await db.select().from(indicatorBoundaries).where(and(eq(indicatorBoundaries.patientFileId, file), isNull(indicatorBoundaries.patientFileProtocolId)))).toEqual([]);
  });
});
