/**
 * Form types (spec 001 §3, §8; issue 17): an establishment's reference catalogue on the one
 * catalogue pattern. Listed by French name for the establishment's professionals and back-office
 * admins, written by its catalogue editors (back-office admin, establishment admin, super admin);
 * a French name already used in the establishment, whatever its case, answers 409
 * NOT_UNIQUE_ERROR on body.name in the caller's language; another establishment's is 404, and so
 * is everything for a patient. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormType } from '../../schemas/form-types.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';

let gw: TestGateway;
let azur: string;
let tilleuls: string;
const browsers = new Map<string, Browser>();

async function call(local: string, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}
const named = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const listOf = async (local: string, establishment: string) => {
  const res = await call(local, 'get', `/api/establishments/${establishment}/form_types`);
  expect(res.status, res.text).toBe(200);
  return res.body as FormType[];
};

beforeAll(async () => {
  gw = await startGateway();
  azur = await establishmentIdOf(gw.db.database.db, 'chu-azur');
  tilleuls = await establishmentIdOf(gw.db.database.db, 'clinique-des-tilleuls');
});
afterAll(async () => { await gw?.close(); });

describe('form types', () => {
  it('lists the demo types by French name, in three languages, for professionals and back-office admins', async () => {
    const types = await listOf('prescriber', azur);
    expect(types.map((t) => t.name.fr)).toEqual(['Évaluation clinique', 'Satisfaction', 'Suivi quotidien']);
    expect(types[0]!.name).toEqual({ fr: 'Évaluation clinique', en: 'Clinical assessment', ar: 'تقييم سريري' });
    expect((await listOf('admin', tilleuls)).map((t) => t.establishmentId)).toEqual([tilleuls, tilleuls, tilleuls]);
  });

  it('is created, renamed and deleted by a catalogue editor; names are stored trimmed, empty translations left out', async () => {
    const res = await call('admin', 'post', `/api/establishments/${azur}/form_types`, { name: { fr: '  Pré-opératoire  ', en: 'Pre-operative', ar: ' ' } });
    expect(res.status, res.text).toBe(201);
    const created = res.body as FormType;
    expect(created).toEqual({ id: expect.any(String), establishmentId: azur, name: { fr: 'Pré-opératoire', en: 'Pre-operative' } });
    const renamed = await call('superadmin', 'put', `/api/form_types/${created.id}`, { name: { fr: 'Préopératoire', ar: 'ما قبل الجراحة' } });
    expect([renamed.status, renamed.body.name], renamed.text).toEqual([200, { fr: 'Préopératoire', ar: 'ما قبل الجراحة' }]);
    expect((await listOf('operator', azur)).map((t) => t.name.fr)).toContain('Préopératoire');
    const deleted = await call('superadmin', 'delete', `/api/form_types/${created.id}`);
    expect(deleted.status, deleted.text).toBe(204);
    expect((await listOf('operator', azur)).map((t) => t.id)).not.toContain(created.id);
  });

  it.each([
    ['fr', "Ce nom ou cette référence est déjà utilisé dans l'établissement."],
    ['en', 'This name or reference is already used in the establishment.'],
    ['ar', 'هذا الاسم أو المرجع مستخدم بالفعل في المؤسسة.'],
  ])('refuses a French name already used in the establishment, whatever its case, on body.name (%s)', async (language, message) => {
    const name = named('Bilan');
    expect((await call('admin.establishment', 'post', `/api/establishments/${tilleuls}/form_types`, { name: { fr: name } })).status).toBe(201);
    const twice = await call('admin.establishment', 'post', `/api/establishments/${tilleuls}/form_types?l=${language}`, { name: { fr: `  ${name.toUpperCase()} ` } });
    expect([twice.status, twice.body.code, twice.body.field], twice.text).toEqual([409, 'NOT_UNIQUE_ERROR', 'body.name']);
    expect(twice.body.message).toBe(message);
    // The same name in another establishment is another type.
    expect((await call('admin', 'post', `/api/establishments/${azur}/form_types`, { name: { fr: name } })).status).toBe(201);
    // A rename onto a used name is refused too, and the type keeps its name.
    const other = await call('admin.establishment', 'post', `/api/establishments/${tilleuls}/form_types`, { name: { fr: named('Autre') } });
    const rename = await call('admin.establishment', 'put', `/api/form_types/${other.body.id}?l=${language}`, { name: { fr: name } });
    expect([rename.status, rename.body.field]).toEqual([409, 'body.name']);
    expect((await listOf('admin.establishment', tilleuls)).find((t) => t.id === other.body.id)!.name.fr).toBe(other.body.name.fr);
  });

  it('refuses a blank or missing French name and a name of another shape, on its field', async () => {
    const path = `/api/establishments/${azur}/form_types`;
    const blank = await call('admin', 'post', path, { name: { fr: '   ' } });
    expect([blank.status, blank.body.code, blank.body.field], blank.text).toEqual([400, 'field_required', 'body.name.fr']);
    for (const name of [{ en: 'Only English' }, null, 'Suivi', { fr: 'Suivi', de: 'Verlauf' }]) {
      const res = await call('admin', 'post', path, { name });
      expect([res.status, res.body.field?.startsWith('body.name')], res.text).toEqual([400, true]);
    }
    expect((await listOf('admin', azur)).map((t) => t.name.fr)).not.toContain('   ');
  });

  it('is read but not written by the other professionals, and not found for another establishment or a patient', async () => {
    const [mine] = await listOf('admin', azur);
    expect((await call('prescriber', 'post', `/api/establishments/${azur}/form_types`, { name: { fr: named('Non') } })).status).toBe(404);
    expect((await call('operator', 'put', `/api/form_types/${mine!.id}`, { name: { fr: named('Non') } })).status).toBe(404);
    expect((await call('operator', 'delete', `/api/form_types/${mine!.id}`)).status).toBe(404);
    expect((await call('admin.establishment', 'get', `/api/establishments/${azur}/form_types`)).status).toBe(404);
    expect((await call('admin.establishment', 'delete', `/api/form_types/${mine!.id}`)).status).toBe(404);
    expect((await call('superadmin', 'post', `/api/establishments/${tilleuls}/form_types`, { name: { fr: named('Non') } })).status).toBe(404);
    expect((await call('patient.open', 'get', `/api/establishments/${azur}/form_types`)).status).toBe(404);
    expect((await listOf('admin', azur)).map((t) => t.id)).toContain(mine!.id);
  });
});
