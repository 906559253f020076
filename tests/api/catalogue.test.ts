/**
 * The telemonitoring catalogue of an establishment (issue 11 §1, spec 001 §3, §7, §8): CRUD of
 * indicator types, units, indicators with their default thresholds, alert statuses, intervention
 * levels, who is called at which level, and indicators visibility. Each unique rule answers 409
 * NOT_UNIQUE_ERROR on its field (decided by the unique index); a UCUM code the library refuses is
 * 400 invalid_ucum_code on ucumCode in fr/en/ar; the reference value is an integer (never
 * rounded); records in use are not deleted; scope: another establishment's admin 404, a
 * professional reads but does not write, a patient 404. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Indicator, IndicatorType, InterventionLevel, LevelAssignment, Unit } from '../../schemas/catalogue.ts';
import { indicators, measures, patientFiles, services } from '../../server/db/schema.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, patientFileIdsOf, userIdOf } from '../helpers/demo-data.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
let azur: string;
let tilleuls: string;
const browsers = new Map<string, Browser>();

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}
type Method = 'get' | 'post' | 'put' | 'delete';
async function call(local: string, method: Method, path: string, body?: object) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}
const expectError = (res: { status: number; body: { code?: string; field?: string }; text: string }, status: number, code: string, field?: string) =>
  expect([res.status, res.body.code, res.body.field], res.text).toEqual([status, code, field]);
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const slug = () => `ind_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

async function created<T>(local: string, path: string, body: object): Promise<T> {
  const res = await call(local, 'post', path, body);
  expect(res.status, res.text).toBe(201);
  return res.body as T;
}
const listOf = async <T>(local: string, path: string) => {
  const res = await call(local, 'get', path);
  expect(res.status, res.text).toBe(200);
  return res.body as T;
};

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  azur = await establishmentIdOf(db, 'chu-azur');
  tilleuls = await establishmentIdOf(db, 'clinique-des-tilleuls');
});
afterAll(async () => { await gw?.close(); });

/** A type, a unit and the demo levels of CHU Azur, for an indicator. */
async function parts(establishment = azur) {
  const type = await created<IndicatorType>('admin', `/api/establishments/${establishment}/indicator_types`, { name: { fr: unique('Type') } });
  const unit = await created<Unit>('admin', `/api/establishments/${establishment}/units`, { ucumCode: '[lb_av]', name: { fr: unique('Livre') }, symbol: unique('lb') });
  const levels = await listOf<InterventionLevel[]>('admin', `/api/establishments/${establishment}/intervention_levels`);
  return { type, unit, levels };
}
const indicatorBody = (p: Awaited<ReturnType<typeof parts>>, extra: object = {}) => ({
  reference: slug(), name: { fr: unique('Indicateur'), en: 'Indicator', ar: 'مؤشر' }, typeId: p.type.id, unitId: p.unit.id,
  referenceValue: 80, decimals: 1, molecularWeight: null, visibleToPatients: true,
  boundaries: [{ levelId: p.levels[0]!.id, operator: '>=', mode: 'RELATIVE', value: 3 }, { levelId: p.levels[1]!.id, operator: '<', mode: 'ABSOLUTE', value: 40.5 }],
  ...extra,
});

describe('the demo catalogue', () => {
  it('is read by the establishment\'s professionals: types, units, levels by rank, statuses, indicators with their default thresholds', async () => {
    const types = await listOf<IndicatorType[]>('prescriber', `/api/establishments/${azur}/indicator_types`);
    expect(types.map((t) => t.name.fr)).toEqual(expect.arrayContaining(['Constantes vitales', 'Biologie']));
    const units = await listOf<Unit[]>('operator', `/api/establishments/${azur}/units`);
    expect(units.find((u) => u.symbol === 'mmHg')).toMatchObject({ ucumCode: 'mm[Hg]', inUse: true });
    const levels = await listOf<InterventionLevel[]>('prescriber', `/api/establishments/${azur}/intervention_levels`);
    expect(levels.slice(0, 3).map((l) => [l.name.fr, l.rank, l.colour])).toEqual([['Urgence', 1, 'red'], ['Vigilance', 2, 'pink'], ['Information', 3, 'blue']]);
    const statuses = await listOf<{ name: { fr: string }; closesAlert: boolean }[]>('prescriber', `/api/establishments/${azur}/alert_statuses`);
    expect(statuses.find((s) => s.name.fr === 'Fausse alerte')?.closesAlert).toBe(true);
    const page = await listOf<{ data: Indicator[]; totalItems: number }>('prescriber', `/api/establishments/${azur}/indicators?search=poids`);
    expect(page.totalItems).toBe(1);
    expect(page.data[0]).toMatchObject({ reference: 'weight', referenceValue: null, decimals: 1 });
    expect(page.data[0]!.boundaries.map((b) => [b.operator, b.mode, b.value])).toEqual([['>=', 'RELATIVE', 3], ['>', 'RELATIVE', 2]]);
    const assignments = await listOf<LevelAssignment[]>('prescriber', `/api/establishments/${azur}/intervention_levels/assignments`);
    expect(assignments.some((a) => a.lastName === 'Dubois' && a.serviceName === 'Cardiologie' && a.levelId === levels[0]!.id)).toBe(true);
  });

  it('pages and sorts the indicators (the list pattern)', async () => {
    const byName = await listOf<{ data: Indicator[]; totalItems: number; pageSize: number }>('admin', `/api/establishments/${tilleuls}/indicators?pageSize=3&sort=reference`);
    expect(byName.pageSize).toBe(3);
    expect(byName.data.map((i) => i.reference)).toEqual([...byName.data.map((i) => i.reference)].sort());
    const desc = await listOf<{ data: Indicator[] }>('admin', `/api/establishments/${tilleuls}/indicators?pageSize=50&sort=-reference`);
    expect(desc.data.map((i) => i.reference)).toEqual([...desc.data.map((i) => i.reference)].sort().reverse());
    expectError(await call('admin', 'get', `/api/establishments/${tilleuls}/indicators?sort=unitId`), 400, 'validation_error', 'query.sort');
  });
});

describe('indicator types', () => {
  it('are created, renamed and deleted; a name used twice (any case) is NOT_UNIQUE_ERROR on body.name; a type in use stays', async () => {
    const name = unique('Symptômes');
    const type = await created<IndicatorType>('admin.establishment', `/api/establishments/${tilleuls}/indicator_types`, { name: { fr: `  ${name} `, en: 'Symptoms', ar: '' } });
    expect(type).toMatchObject({ name: { fr: name, en: 'Symptoms' }, inUse: false, establishmentId: tilleuls });
    expectError(await call('admin', 'post', `/api/establishments/${tilleuls}/indicator_types`, { name: { fr: name.toUpperCase() } }), 409, 'NOT_UNIQUE_ERROR', 'body.name');
    // The same name in another establishment is another type.
    await created('admin', `/api/establishments/${azur}/indicator_types`, { name: { fr: name } });
    expectError(await call('admin', 'post', `/api/establishments/${tilleuls}/indicator_types`, { name: { fr: '   ' } }), 400, 'field_required', 'body.name.fr');
    const renamed = await call('admin.establishment', 'put', `/api/indicator_types/${type.id}`, { name: { fr: `${name} 2` } });
    expect([renamed.status, renamed.body.name]).toEqual([200, { fr: `${name} 2` }]);
    expect((await call('admin.establishment', 'delete', `/api/indicator_types/${type.id}`)).status).toBe(204);
    expectError(await call('admin.establishment', 'delete', `/api/indicator_types/${type.id}`), 404, 'not_found');

    const p = await parts();
    await created('admin', `/api/establishments/${azur}/indicators`, indicatorBody(p));
    expectError(await call('admin', 'delete', `/api/indicator_types/${p.type.id}`), 409, 'indicator_type_in_use', 'params.typeId');
  });
});

describe('the small catalogues\' order', () => {
  it('is alphabetical as a French reader expects, case and accents aside, on both databases', async () => {
    const tag = randomUUID().slice(0, 6);
    for (const fr of [`zinc ${tag}`, `Échographie ${tag}`, `ecg ${tag}`]) await created('admin', `/api/establishments/${tilleuls}/indicator_types`, { name: { fr } });
    const names = (await listOf<IndicatorType[]>('admin', `/api/establishments/${tilleuls}/indicator_types`)).map((t) => t.name.fr).filter((n) => n.endsWith(tag));
    expect(names).toEqual([`ecg ${tag}`, `Échographie ${tag}`, `zinc ${tag}`]);
  });
});

describe('units', () => {
  it('take a case-exact UCUM code: another is 400 invalid_ucum_code on body.ucumCode, said in fr, en and ar', async () => {
    const body = { ucumCode: 'KG', name: { fr: unique('Kilo') }, symbol: unique('k') };
    const messages = new Set<string>();
    for (const l of ['fr', 'en', 'ar']) {
      const res = await call('admin', 'post', `/api/establishments/${azur}/units?l=${l}`, body);
      expectError(res, 400, 'invalid_ucum_code', 'body.ucumCode');
      expect(res.body.message).toContain('KG');
      messages.add(res.body.message);
    }
    expect(messages.size).toBe(3);
    expectError(await call('admin', 'post', `/api/establishments/${azur}/units`, { ...body, ucumCode: 'furlongs' }), 400, 'invalid_ucum_code', 'body.ucumCode');
    const unit = await created<Unit>('admin', `/api/establishments/${azur}/units`, { ...body, ucumCode: 'mg/dL' });
    expect(unit).toMatchObject({ ucumCode: 'mg/dL', inUse: false });
  });

  it('name and symbol are each unique (NOT_UNIQUE_ERROR on that field); a unit in use is neither deleted nor recoded', async () => {
    const unit = await created<Unit>('admin', `/api/establishments/${azur}/units`, { ucumCode: 'g', name: { fr: unique('Gramme') }, symbol: unique('g') });
    expectError(await call('admin', 'post', `/api/establishments/${azur}/units`, { ucumCode: 'g', name: { fr: unit.name.fr.toLowerCase() }, symbol: unique('g') }), 409, 'NOT_UNIQUE_ERROR', 'body.name');
    expectError(await call('admin', 'post', `/api/establishments/${azur}/units`, { ucumCode: 'g', name: { fr: unique('Gramme') }, symbol: unit.symbol }), 409, 'NOT_UNIQUE_ERROR', 'body.symbol');
    expectError(await call('admin', 'put', `/api/units/${unit.id}`, { ucumCode: 'g', name: unit.name, symbol: 'mmHg' }), 409, 'NOT_UNIQUE_ERROR', 'body.symbol');

    const p = await parts();
    await created('admin', `/api/establishments/${azur}/indicators`, indicatorBody(p));
    expectError(await call('admin', 'delete', `/api/units/${p.unit.id}`), 409, 'unit_in_use', 'params.unitId');
    expectError(await call('admin', 'put', `/api/units/${p.unit.id}`, { ucumCode: 'kg', name: p.unit.name, symbol: p.unit.symbol }), 409, 'unit_in_use', 'body.ucumCode');
    const renamed = await call('admin', 'put', `/api/units/${p.unit.id}`, { ucumCode: '[lb_av]', name: { fr: unique('Livre avoirdupois') }, symbol: p.unit.symbol });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await call('admin', 'delete', `/api/units/${unit.id}`)).status).toBe(204);
  });
});

describe('indicators', () => {
  it('are created with their default thresholds, read, changed (thresholds replaced) and deleted', async () => {
    const p = await parts();
    const body = indicatorBody(p, { molecularWeight: 180.156, decimals: 2 });
    const indicator = await created<Indicator>('admin', `/api/establishments/${azur}/indicators`, body);
    expect(indicator).toMatchObject({ reference: body.reference, referenceValue: 80, decimals: 2, molecularWeight: 180.156, hasMeasures: false });
    expect(indicator.boundaries.map(({ id: _, ...b }) => b)).toEqual(body.boundaries);
    const read = await call('prescriber', 'get', `/api/indicators/${indicator.id}`);
    expect([read.status, read.body.id]).toEqual([200, indicator.id]);

    // A relative threshold is saved without any reference value.
    const changed = await call('admin', 'put', `/api/indicators/${indicator.id}`, {
      ...body, referenceValue: null, boundaries: [{ levelId: p.levels[2]!.id, operator: '>', mode: 'RELATIVE', value: 2 }],
    });
    expect(changed.status, changed.text).toBe(200);
    expect([changed.body.referenceValue, changed.body.boundaries.length, changed.body.boundaries[0].mode]).toEqual([null, 1, 'RELATIVE']);
    expect((await call('admin', 'delete', `/api/indicators/${indicator.id}`)).status).toBe(204);
    expectError(await call('prescriber', 'get', `/api/indicators/${indicator.id}`), 404, 'not_found');
  });

  it('reference and name are unique (NOT_UNIQUE_ERROR on body.reference, body.name), the reference a slug', async () => {
    const p = await parts();
    const first = await created<Indicator>('admin', `/api/establishments/${azur}/indicators`, indicatorBody(p));
    expectError(await call('admin', 'post', `/api/establishments/${azur}/indicators`, indicatorBody(p, { reference: first.reference })), 409, 'NOT_UNIQUE_ERROR', 'body.reference');
    expectError(await call('admin', 'post', `/api/establishments/${azur}/indicators`, indicatorBody(p, { name: { fr: first.name.fr.toUpperCase() } })), 409, 'NOT_UNIQUE_ERROR', 'body.name');
    expectError(await call('admin', 'post', `/api/establishments/${azur}/indicators`, indicatorBody(p, { reference: 'weight' })), 409, 'NOT_UNIQUE_ERROR', 'body.reference');
    for (const reference of ['Poids', '1weight', 'poids corporel', 'é']) {
      expectError(await call('admin', 'post', `/api/establishments/${azur}/indicators`, indicatorBody(p, { reference })), 400, 'value_invalid', 'body.reference');
    }
  });

  it('the reference value is an integer: 80.5 is 400 integer_required on body.referenceValue in fr/en/ar, never rounded; decimals 0 to 4', async () => {
    const p = await parts();
    const messages = new Set<string>();
    for (const l of ['fr', 'en', 'ar']) {
      const res = await call('admin', 'post', `/api/establishments/${azur}/indicators?l=${l}`, indicatorBody(p, { referenceValue: 80.5 }));
      expectError(res, 400, 'integer_required', 'body.referenceValue');
      messages.add(res.body.message);
    }
    expect(messages.size).toBe(3);
    expectError(await call('admin', 'post', `/api/establishments/${azur}/indicators`, indicatorBody(p, { decimals: 5 })), 400, 'value_out_of_range', 'body.decimals');
    expectError(await call('admin', 'post', `/api/establishments/${azur}/indicators`, indicatorBody(p, { decimals: 1.5 })), 400, 'integer_required', 'body.decimals');
    expectError(await call('admin', 'post', `/api/establishments/${azur}/indicators`, indicatorBody(p, { molecularWeight: 0 })), 400, 'value_invalid', 'body.molecularWeight');
    expectError(await call('admin', 'post', `/api/establishments/${azur}/indicators`, indicatorBody(p, { boundaries: [{ levelId: p.levels[0]!.id, operator: '≥', mode: 'ABSOLUTE', value: 1 }] })), 400, 'validation_error', 'body.boundaries.0.operator');
    const ok = await created<Indicator>('admin', `/api/establishments/${azur}/indicators`, indicatorBody(p, { referenceValue: -3 }));
    expect(ok.referenceValue).toBe(-3);
  });

  it('types, units and levels of another establishment are 404 on their field', async () => {
    const p = await parts();
    const other = await parts(tilleuls);
    expectError(await call('admin', 'post', `/api/establishments/${azur}/indicators`, indicatorBody(p, { typeId: other.type.id })), 404, 'not_found', 'body.typeId');
    expectError(await call('admin', 'post', `/api/establishments/${azur}/indicators`, indicatorBody(p, { unitId: other.unit.id })), 404, 'not_found', 'body.unitId');
    expectError(await call('admin', 'post', `/api/establishments/${azur}/indicators`, indicatorBody(p, {
      boundaries: [{ levelId: p.levels[0]!.id, operator: '>', mode: 'ABSOLUTE', value: 1 }, { levelId: other.levels[0]!.id, operator: '>', mode: 'ABSOLUTE', value: 2 }],
    })), 404, 'not_found', 'body.boundaries.1.levelId');
  });

  it('with measures, keeps its unit (409 on body.unitId) and cannot be deleted (409 indicator_has_measures)', async () => {
    const p = await parts();
    const indicator = await created<Indicator>('admin', `/api/establishments/${azur}/indicators`, indicatorBody(p));
    const [fileId] = await patientFileIdsOf(db, 'patient.open');
    const [file] = await db.select({ serviceId: patientFiles.serviceId }).from(patientFiles).innerJoin(services, eq(services.id, patientFiles.serviceId))
      .where(and(eq(patientFiles.id, fileId!), eq(services.establishmentId, azur)));
    expect(file).toBeDefined();
    const at = new Date();
    await db.insert(measures).values({ patientFileId: fileId!, indicatorId: indicator.id, value: 180, enteredValue: 180, enteredUnit: '[lb_av]', measuredAt: at, recordedAt: at, source: 'MANUAL' });
    const other = await created<Unit>('admin', `/api/establishments/${azur}/units`, { ucumCode: 'kg', name: { fr: unique('Kilo') }, symbol: unique('kg') });
    const body = indicatorBody(p, { reference: indicator.reference, name: indicator.name });
    expectError(await call('admin', 'put', `/api/indicators/${indicator.id}`, { ...body, unitId: other.id }), 409, 'indicator_has_measures', 'body.unitId');
    expect((await call('admin', 'put', `/api/indicators/${indicator.id}`, { ...body, decimals: 0 })).body.decimals).toBe(0);
    expectError(await call('admin', 'delete', `/api/indicators/${indicator.id}`), 409, 'indicator_has_measures', 'params.indicatorId');
    await db.delete(measures).where(eq(measures.indicatorId, indicator.id));
  });
});

describe('alert statuses', () => {
  it('are created, changed and deleted; a name used twice is NOT_UNIQUE_ERROR on body.name', async () => {
    const name = unique('Rappel programmé');
    const status = await created<{ id: string; closesAlert: boolean }>('admin', `/api/establishments/${azur}/alert_statuses`, { name: { fr: name }, closesAlert: false });
    expectError(await call('admin', 'post', `/api/establishments/${azur}/alert_statuses`, { name: { fr: name.toUpperCase() }, closesAlert: true }), 409, 'NOT_UNIQUE_ERROR', 'body.name');
    expectError(await call('admin', 'put', `/api/alert_statuses/${status.id}`, { name: { fr: 'Fausse alerte' }, closesAlert: true }), 409, 'NOT_UNIQUE_ERROR', 'body.name');
    const changed = await call('admin', 'put', `/api/alert_statuses/${status.id}`, { name: { fr: name }, closesAlert: true });
    expect([changed.status, changed.body.closesAlert]).toEqual([200, true]);
    expect((await call('admin', 'delete', `/api/alert_statuses/${status.id}`)).status).toBe(204);
  });
});

describe('intervention levels', () => {
  it('have a unique name, a rank ≥ 1 and an alert colour; a level thresholds use stays', async () => {
    const level = await created<InterventionLevel>('admin', `/api/establishments/${azur}/intervention_levels`, { name: { fr: unique('Suivi') }, rank: 4, colour: 'green' });
    expect(level).toMatchObject({ rank: 4, colour: 'green', inUse: false });
    expectError(await call('admin', 'post', `/api/establishments/${azur}/intervention_levels`, { name: { fr: 'urgence' }, rank: 5, colour: 'red' }), 409, 'NOT_UNIQUE_ERROR', 'body.name');
    expectError(await call('admin', 'post', `/api/establishments/${azur}/intervention_levels`, { name: { fr: unique('X') }, rank: 0, colour: 'red' }), 400, 'validation_error', 'body.rank');
    expectError(await call('admin', 'post', `/api/establishments/${azur}/intervention_levels`, { name: { fr: unique('X') }, rank: 2, colour: 'orange' }), 400, 'validation_error', 'body.colour');
    const levels = await listOf<InterventionLevel[]>('admin', `/api/establishments/${azur}/intervention_levels`);
    const urgent = levels.find((l) => l.name.fr === 'Urgence')!;
    expect(urgent.inUse).toBe(true);
    expectError(await call('admin', 'delete', `/api/intervention_levels/${urgent.id}`), 409, 'intervention_level_in_use', 'params.levelId');
    expect((await call('admin', 'put', `/api/intervention_levels/${level.id}`, { name: level.name, rank: 3, colour: 'blue' })).body.rank).toBe(3);
    expect((await call('admin', 'delete', `/api/intervention_levels/${level.id}`)).status).toBe(204);
  });

  it('call a professional of a service of the level\'s establishment; another service or person is 404 on its field', async () => {
    const levels = await listOf<InterventionLevel[]>('admin', `/api/establishments/${azur}/intervention_levels`);
    const watch = levels.find((l) => l.name.fr === 'Vigilance')!;
    const [cardio] = await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, azur), eq(services.name, 'Cardiologie')));
    const [tilleulsService] = await db.select({ id: services.id }).from(services).where(eq(services.establishmentId, tilleuls)).limit(1);
    const prescriber = await userIdOf(db, 'prescriber');
    const path = `/api/persons/${prescriber}/intervention_levels/${watch.id}`;
    const assigned = await call('admin', 'post', path, { establishmentService: cardio!.id });
    expect([assigned.status, assigned.body.lastName, assigned.body.serviceName], assigned.text).toEqual([200, 'Dubois', 'Cardiologie']);
    expect((await call('admin', 'post', path, { establishmentService: cardio!.id })).status).toBe(200);
    const listed = await listOf<LevelAssignment[]>('operator', `/api/establishments/${azur}/intervention_levels/assignments`);
    expect(listed.filter((a) => a.personId === prescriber && a.levelId === watch.id)).toHaveLength(1);
    expectError(await call('admin', 'post', path, { establishmentService: tilleulsService!.id }), 404, 'not_found', 'body.establishmentService');
    expectError(await call('admin', 'post', `/api/persons/${await userIdOf(db, 'patient.open')}/intervention_levels/${watch.id}`, { establishmentService: cardio!.id }), 404, 'not_found', 'params.id');
    expectError(await call('prescriber', 'post', path, { establishmentService: cardio!.id }), 404, 'not_found');
    expect((await call('admin', 'delete', path, { establishmentService: cardio!.id })).status).toBe(204);
    // Who may be called, with their services: the prescriber in Cardiologie, the establishment-wide operator in every service.
    const people = await listOf<{ personId: string; lastName: string; serviceIds: string[] }[]>('admin', `/api/establishments/${azur}/intervention_levels/professionals`);
    expect(people.find((p) => p.personId === prescriber)?.serviceIds).toContain(cardio!.id);
    const azurServices = await db.select({ id: services.id }).from(services).where(eq(services.establishmentId, azur));
    expect(people.find((p) => p.lastName === 'Lefèvre')?.serviceIds.sort()).toEqual(azurServices.map((s) => s.id).sort());
    expect(people.some((p) => p.lastName === 'Martin')).toBe(false);
    expectError(await call('prescriber', 'get', `/api/establishments/${azur}/intervention_levels/professionals`), 404, 'not_found');
    const after = await listOf<LevelAssignment[]>('operator', `/api/establishments/${azur}/intervention_levels/assignments`);
    expect(after.filter((a) => a.personId === prescriber && a.levelId === watch.id)).toHaveLength(0);
  });
});

describe('indicators visibility', () => {
  it('patients see exactly the listed indicators; an indicator of another establishment is 404 on its field', async () => {
    const before = await listOf<{ id: string; reference: string; visibleToPatients: boolean }[]>('admin.establishment', `/api/establishments/${tilleuls}/indicators_visibility`);
    expect(before.length).toBeGreaterThanOrEqual(7);
    const visible = before.filter((i) => ['weight', 'spo2'].includes(i.reference)).map((i) => i.id);
    const res = await call('admin.establishment', 'put', `/api/establishments/${tilleuls}/indicators_visibility`, { visibleIndicatorIds: visible });
    expect(res.status, res.text).toBe(200);
    expect((res.body as typeof before).filter((i) => i.visibleToPatients).map((i) => i.reference).sort()).toEqual(['spo2', 'weight']);
    const [azurWeight] = await db.select({ id: indicators.id }).from(indicators).where(and(eq(indicators.establishmentId, azur), eq(indicators.reference, 'weight')));
    expectError(await call('admin.establishment', 'put', `/api/establishments/${tilleuls}/indicators_visibility`, { visibleIndicatorIds: [visible[0], azurWeight!.id] }), 404, 'not_found', 'body.visibleIndicatorIds.1');
    await call('admin.establishment', 'put', `/api/establishments/${tilleuls}/indicators_visibility`, { visibleIndicatorIds: before.map((i) => i.id) });
  });
});

describe('scope', () => {
  it('another establishment\'s admin is 404 on reads and writes; a professional reads and does not write; a patient is 404', async () => {
    const p = await parts();
    const indicator = await created<Indicator>('admin', `/api/establishments/${azur}/indicators`, indicatorBody(p));
    for (const local of ['admin.establishment', 'patient.open']) {
      for (const path of [`/api/establishments/${azur}/indicators`, `/api/establishments/${azur}/units`, `/api/indicators/${indicator.id}`, `/api/establishments/${azur}/intervention_levels/assignments`]) {
        expectError(await call(local, 'get', path), 404, 'not_found');
      }
      expectError(await call(local, 'post', `/api/establishments/${azur}/indicator_types`, { name: { fr: unique('T') } }), 404, 'not_found');
      expectError(await call(local, 'delete', `/api/indicators/${indicator.id}`), 404, 'not_found');
    }
    for (const local of ['prescriber', 'operator']) {
      expect((await call(local, 'get', `/api/indicators/${indicator.id}`)).status).toBe(200);
      expectError(await call(local, 'put', `/api/indicators/${indicator.id}`, indicatorBody(p)), 404, 'not_found');
      expectError(await call(local, 'post', `/api/establishments/${azur}/alert_statuses`, { name: { fr: unique('S') }, closesAlert: false }), 404, 'not_found');
      expectError(await call(local, 'put', `/api/establishments/${azur}/indicators_visibility`, { visibleIndicatorIds: [] }), 404, 'not_found');
    }
    expectError(await call('admin', 'get', `/api/indicators/${randomUUID()}`), 404, 'not_found');
  });

  // One reading of spec 000's roles (server/care/access.ts policies.catalogue.write): a super admin writes
  // their own establishment's catalogue (they were refused before), and another establishment's is not found.
  it("lets CHU Azur's super admin create an indicator type there (201), and finds no Tilleuls to write to (404)", async () => {
    const name = { fr: unique('Type du super admin') };
    const own = await call('superadmin', 'post', `/api/establishments/${azur}/indicator_types`, { name });
    expect(own.status, own.text).toBe(201);
    expect((await listOf<IndicatorType[]>('prescriber', `/api/establishments/${azur}/indicator_types`)).map((t) => t.name.fr)).toContain(name.fr);
    expectError(await call('superadmin', 'post', `/api/establishments/${tilleuls}/indicator_types`, { name: { fr: unique('T') } }), 404, 'not_found');
    expect((await listOf<IndicatorType[]>('admin', `/api/establishments/${tilleuls}/indicator_types`)).map((t) => t.name.fr)).not.toContain(name.fr);
  });
});
