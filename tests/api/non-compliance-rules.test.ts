/**
 * Routes of a file's non-compliance rules (spec 001 §7 indicator_non_observance_rules): list,
 * create, PUT, deactivate, exclude, restore, override, each with its NON_COMPLIANCE_RULE_* history
 * entry; a protocol's rule changed by override only (PUT: 409); indicators of the file's
 * establishment (404 on body.indicators.N); periodInDays a whole number 1-365 on its field in
 * fr/en/ar, never clamped; another establishment's file or rule 404, the patient 403, a closed
 * file 409. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indicators, interventionLevels, nonObservanceRules, patientFileHistory, patientFileProtocols, patientFiles, protocols, services } from '../../server/db/schema.ts';
import type { NonComplianceRule } from '../../schemas/non-compliance.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();
const ids: Record<string, string> = {};

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

async function newFile(options: { establishment?: 'chu-azur' | 'clinique-des-tilleuls'; status?: 'OPEN' | 'CLOSED' } = {}) {
  const establishment = options.establishment ?? 'chu-azur';
  const [s] = await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, await establishmentIdOf(db, establishment)), eq(services.name, establishment === 'chu-azur' ? 'Cardiologie' : services.name)));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId: s!.id, status: options.status ?? 'OPEN' }).returning();
  return file!.id;
}
const indicatorOf = async (establishment: string, reference: string) =>
  (await db.select({ id: indicators.id }).from(indicators).where(and(eq(indicators.establishmentId, establishment), eq(indicators.reference, reference))))[0]!.id;
const historyOf = async (fileId: string) => (await db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, fileId)))
  .filter((e) => e.type.startsWith('NON_COMPLIANCE_RULE_'));

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  ids.azur = await establishmentIdOf(db, 'chu-azur');
  ids.tilleuls = await establishmentIdOf(db, 'clinique-des-tilleuls');
  ids.weight = await indicatorOf(ids.azur, 'weight');
  ids.spo2 = await indicatorOf(ids.azur, 'spo2');
  ids.otherWeight = await indicatorOf(ids.tilleuls, 'weight');
});
afterAll(async () => { await gw?.close(); });

describe('a file\'s own rules', () => {
  it('creates, lists, changes, excludes, restores and deactivates a rule, each with its history entry', async () => {
    const file = await newFile();
    const created = await call('prescriber', 'post', `/api/patient_files/${file}/indicator_non_observance_rules`, { indicators: [ids.weight, ids.spo2], periodInDays: 3 });
    expect(created.status, created.text).toBe(201);
    const rule = created.body as NonComplianceRule;
    expect(rule).toMatchObject({ patientFileId: file, periodInDays: 3, active: true, excludedAt: null, overridden: false, protocol: null });
    expect(rule.indicators.map((i) => i.reference)).toEqual(['weight', 'spo2']);

    const listed = await call('operator', 'get', `/api/patient_files/${file}/indicator_non_observance_rules`);
    expect(listed.status).toBe(200);
    expect((listed.body as NonComplianceRule[]).map((r) => r.id)).toEqual([rule.id]);

    const updated = await call('prescriber', 'put', `/api/indicator_non_observance_rules/${rule.id}`, { indicators: [ids.weight], periodInDays: 7 });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ periodInDays: 7, indicators: [{ id: ids.weight, reference: 'weight' }] });
    expect((await call('prescriber', 'post', `/api/indicator_non_observance_rules/${rule.id}/exclude`)).body.excludedAt).toEqual(expect.any(String));
    expect((await call('prescriber', 'post', `/api/indicator_non_observance_rules/${rule.id}/exclude`)).body.code).toBe('non_compliance_rule_excluded');
    expect((await call('prescriber', 'post', `/api/indicator_non_observance_rules/${rule.id}/restore`)).body.excludedAt).toBeNull();
    expect((await call('prescriber', 'post', `/api/indicator_non_observance_rules/${rule.id}/restore`)).body.code).toBe('non_compliance_rule_not_excluded');
    const override = await call('prescriber', 'post', `/api/indicator_non_observance_rules/${rule.id}/override`, { indicators: [ids.weight], periodInDays: 2 });
    expect([override.status, override.body.code]).toEqual([409, 'non_compliance_rule_not_from_protocol']);
    expect((await call('prescriber', 'post', `/api/indicator_non_observance_rules/${rule.id}/deactivate`)).body.active).toBe(false);
    const again = await call('prescriber', 'put', `/api/indicator_non_observance_rules/${rule.id}`, { indicators: [ids.weight], periodInDays: 4 });
    expect([again.status, again.body.code]).toEqual([409, 'non_compliance_rule_deactivated']);

    expect((await historyOf(file)).map((e) => [e.type, (e.payload as { ruleId: string }).ruleId])).toEqual([
      ['NON_COMPLIANCE_RULE_CREATED', rule.id], ['NON_COMPLIANCE_RULE_UPDATED', rule.id], ['NON_COMPLIANCE_RULE_EXCLUDED', rule.id],
      ['NON_COMPLIANCE_RULE_RESTORED', rule.id], ['NON_COMPLIANCE_RULE_DEACTIVATED', rule.id],
    ]);
  });
});

describe('the level of its alerts', () => {
  it("is the one the rule chooses, one of the establishment's; none chosen: null (the least urgent, by default)", async () => {
    const file = await newFile();
    const levels = await db.select().from(interventionLevels).where(eq(interventionLevels.establishmentId, ids.azur!));
    const watch = levels.find((l) => (l.name as { fr: string }).fr === 'Vigilance')!;
    const path = `/api/patient_files/${file}/indicator_non_observance_rules`;
    const byDefault = await call('prescriber', 'post', path, { indicators: [ids.weight], periodInDays: 3 });
    expect(byDefault.status, byDefault.text).toBe(201);
    expect(byDefault.body.level).toBeNull();
    const chosen = await call('prescriber', 'post', path, { indicators: [ids.spo2], periodInDays: 2, levelId: watch.id });
    expect(chosen.status, chosen.text).toBe(201);
    expect(chosen.body.level).toEqual({ id: watch.id, name: watch.name, rank: watch.rank, colour: watch.colour });
    const changed = await call('prescriber', 'put', `/api/indicator_non_observance_rules/${chosen.body.id}`, { indicators: [ids.spo2], periodInDays: 2, levelId: null });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.level).toBeNull();
    expect((await historyOf(file)).find((e) => e.type === 'NON_COMPLIANCE_RULE_UPDATED')!.payload).toMatchObject({ levelId: null, previousLevelId: watch.id });
    const [otherLevel] = await db.select().from(interventionLevels).where(eq(interventionLevels.establishmentId, ids.tilleuls!));
    for (const levelId of [otherLevel!.id, randomUUID()]) {
      const refused = await call('prescriber', 'post', path, { indicators: [ids.weight], periodInDays: 3, levelId });
      expect([refused.status, refused.body.code, refused.body.field]).toEqual([404, 'not_found', 'body.levelId']);
    }
  });
});

describe("a protocol's rule", () => {
  it('is listed with its protocol, refuses PUT (409) and is overridden for this file alone', async () => {
    const file = await newFile();
    const [protocol] = await db.insert(protocols).values({ establishmentId: ids.azur!, name: { fr: `Protocole règles ${file}` } }).returning();
    const [applied] = await db.insert(patientFileProtocols).values({ patientFileId: file, protocolId: protocol!.id, appliedAt: new Date() }).returning();
    const [row] = await db.insert(nonObservanceRules).values({ patientFileId: file, protocolId: protocol!.id, patientFileProtocolId: applied!.id, indicatorIds: [ids.weight!], periodInDays: 3 }).returning();
    const [list] = (await call('prescriber', 'get', `/api/patient_files/${file}/indicator_non_observance_rules`)).body as NonComplianceRule[];
    expect(list).toMatchObject({ id: row!.id, protocol: { id: protocol!.id, patientFileProtocolId: applied!.id }, overridden: false });
    const put = await call('prescriber', 'put', `/api/indicator_non_observance_rules/${row!.id}`, { indicators: [ids.weight], periodInDays: 5 });
    expect([put.status, put.body.code]).toEqual([409, 'non_compliance_rule_from_protocol']);
    const overridden = await call('prescriber', 'post', `/api/indicator_non_observance_rules/${row!.id}/override`, { indicators: [ids.weight, ids.spo2], periodInDays: 5 });
    expect(overridden.status, overridden.text).toBe(200);
    expect(overridden.body).toMatchObject({ overridden: true, periodInDays: 5 });
    expect((await historyOf(file)).map((e) => e.type)).toEqual(['NON_COMPLIANCE_RULE_OVERRIDDEN']);
  });
});

describe('bad input, scope and closed files', () => {
  it.each([
    { name: 'a period of 0 days', body: () => ({ indicators: [ids.weight], periodInDays: 0 }), status: 400, code: 'value_out_of_range', field: 'body.periodInDays', fr: 'Saisissez une valeur entre 1 et 365' },
    { name: 'a period of 366 days (not clamped to 365)', body: () => ({ indicators: [ids.weight], periodInDays: 366 }), status: 400, code: 'value_out_of_range', field: 'body.periodInDays', fr: '365' },
    { name: 'a period of 1.5 days (not rounded)', body: () => ({ indicators: [ids.weight], periodInDays: 1.5 }), status: 400, code: 'integer_required', field: 'body.periodInDays', fr: 'nombre entier' },
    { name: 'no indicator', body: () => ({ indicators: [], periodInDays: 3 }), status: 400, code: 'field_required', field: 'body.indicators', fr: '' },
    { name: 'the same indicator twice', body: () => ({ indicators: [ids.weight, ids.weight], periodInDays: 3 }), status: 400, code: 'duplicate_item', field: 'body.indicators.1', fr: '' },
    { name: "another establishment's indicator", body: () => ({ indicators: [ids.weight, ids.otherWeight], periodInDays: 3 }), status: 404, code: 'not_found', field: 'body.indicators.1', fr: '' },
    { name: 'an id of no indicator', body: () => ({ indicators: [randomUUID()], periodInDays: 3 }), status: 404, code: 'not_found', field: 'body.indicators.0', fr: '' },
  ])('refuses $name on its field', async ({ body, status, code, field, fr }) => {
    const file = await newFile();
    const res = await call('prescriber', 'post', `/api/patient_files/${file}/indicator_non_observance_rules`, body());
    expect([res.status, res.body.code, res.body.field], res.text).toEqual([status, code, field]);
    expect(res.body.message).toContain(fr);
    expect(await db.select().from(nonObservanceRules).where(eq(nonObservanceRules.patientFileId, file))).toEqual([]);
  });

  it('says why in English and Arabic too', async () => {
    const file = await newFile();
    const en = await call('prescriber', 'post', `/api/patient_files/${file}/indicator_non_observance_rules?l=en`, { indicators: [ids.weight], periodInDays: 400 });
    const ar = await call('prescriber', 'post', `/api/patient_files/${file}/indicator_non_observance_rules?l=ar`, { indicators: [ids.weight], periodInDays: 400 });
    expect(en.body.message).toBe('Enter a value between 1 and 365.');
    expect(ar.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(ar.body.message).toContain('365');
  });

  it("answers 404 for another establishment's file or rule, 403 to the patient, 409 on a closed file", async () => {
    const other = await newFile({ establishment: 'clinique-des-tilleuls' });
    const [rule] = await db.insert(nonObservanceRules).values({ patientFileId: other, indicatorIds: [ids.otherWeight!], periodInDays: 3 }).returning();
    expect((await call('prescriber', 'get', `/api/patient_files/${other}/indicator_non_observance_rules`)).status).toBe(404);
    expect((await call('prescriber', 'post', `/api/indicator_non_observance_rules/${rule!.id}/exclude`)).status).toBe(404);
    expect((await call('prescriber', 'put', `/api/indicator_non_observance_rules/${rule!.id}`, { indicators: [ids.weight], periodInDays: 3 })).status).toBe(404);
    const own = await newFile();
    const patient = await call('patient.open', 'get', `/api/patient_files/${own}/indicator_non_observance_rules`);
    expect([patient.status, patient.body.code]).toEqual([403, 'professionals_only']);
    const closed = await newFile({ status: 'CLOSED' });
    const res = await call('prescriber', 'post', `/api/patient_files/${closed}/indicator_non_observance_rules`, { indicators: [ids.weight], periodInDays: 3 });
    expect([res.status, res.body.code]).toEqual([409, 'patient_file_closed']);
  });
});
