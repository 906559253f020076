/**
 * A patient's conditions (issue 10 §4): GET /establishments/:id/pathologies, GET/POST
 * /patient_files/:id/conditions, DELETE …/conditions/:conditionId, GET /conditions/:id. The rules
 * (pathology of the file's establishment, already present, diagnosis date, note 2–500) answered on
 * the field in fr/en/ar, the history entry written with the change, the scope (another service,
 * another establishment, the patient and caregiver), a closed file read-only. PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caregivers, pathologies, patientConditions, patientFileHistory, patientFiles, services } from '../../server/db/schema.ts';
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
let azur: string;
let tilleuls: string;
const browsers = new Map<string, Browser>();
const slugs = new Map<string, string>();
let tilleulsPathology: string;

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}

const withLanguage = (url: string, language?: string) => (language ? `${url}?l=${language}` : url);
const get = async (local: string, url: string, language?: string) => (await as(local)).agent.get(withLanguage(url, language));
const post = async (local: string, url: string, body: object, language?: string) => {
  const b = await as(local);
  return b.agent.post(withLanguage(url, language)).set('x-csrf-token', b.csrf).send(body);
};
const del = async (local: string, url: string) => {
  const b = await as(local);
  return b.agent.delete(url).set('x-csrf-token', b.csrf);
};

/** A new file of a demo patient in a service of CHU Azur, followed by the caregiver when asked. */
async function newFile(service: 'Cardiologie' | 'Chirurgie orthopédique', status: 'OPEN' | 'CLOSED' = 'OPEN', follower?: string) {
  const [s] = await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, azur), eq(services.name, service)));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId: s!.id, status }).returning();
  if (follower) await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, follower) });
  return file!.id;
}

const MESSAGES = { fr: fr.errors, en: en.errors, ar: ar.errors } as Record<string, Record<string, string>>;
const message = (language: string, code: string, params: Record<string, string | number> = {}) =>
  MESSAGES[language]![code]!.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name]));

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  azur = await establishmentIdOf(db, 'chu-azur');
  tilleuls = await establishmentIdOf(db, 'clinique-des-tilleuls');
  for (const p of await db.select().from(pathologies).where(eq(pathologies.establishmentId, azur))) slugs.set(p.slug, p.id);
  [{ id: tilleulsPathology }] = await db.select({ id: pathologies.id }).from(pathologies).where(eq(pathologies.establishmentId, tilleuls)) as [{ id: string }];
});
afterAll(() => gw?.close());

describe('GET /establishments/:id/pathologies', () => {
  it('lists the establishment\'s pathologies, names in fr/en/ar, sorted by the name in the caller\'s language', async () => {
    const res = await get('prescriber', `/api/establishments/${azur}/pathologies`);
    expect(res.status, res.text).toBe(200);
    const data = res.body.data as { slug: string; name: { fr: string; en: string; ar: string }; description: object | null }[];
    expect(data.map((p) => p.slug).sort()).toEqual([...slugs.keys()].sort());
    expect(data.map((p) => p.name.fr)).toEqual(data.map((p) => p.name.fr).sort((a, b) => a.localeCompare(b, 'fr')));
    expect(data.find((p) => p.slug === 'heart-failure')).toMatchObject({ name: { fr: 'Insuffisance cardiaque', en: 'Heart failure', ar: 'قصور القلب' } });
  });

  it.each([['manager', 200], ['operator', 200], ['superadmin', 200], ['patient.open', 404], ['admin.establishment', 404]] as const)(
    '%s: %i (the clinical privileges, in the establishment)', async (local, status) => {
      expect((await get(local, `/api/establishments/${azur}/pathologies`)).status).toBe(status);
    });

  it("is 404 for another establishment's list", async () => {
    const res = await get('prescriber', `/api/establishments/${tilleuls}/pathologies`);
    expect([res.status, res.body.code]).toEqual([404, 'not_found']);
  });
});

describe('adding and removing a condition', () => {
  it('adds, lists, shows and removes, each change with its history entry and actor', async () => {
    const file = await newFile('Cardiologie');
    const prescriber = await userIdOf(db, 'prescriber');
    const added = await post('prescriber', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('heart-failure'), diagnosedOn: '2024-05-02', note: '  Stade II  ' });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      patientFileId: file, diagnosedOn: '2024-05-02', note: 'Stade II',
      pathology: { slug: 'heart-failure', name: { fr: 'Insuffisance cardiaque' } }, createdBy: { id: prescriber, name: 'Claire Dubois' },
    });
    const id = added.body.id as string;
    const [entry] = await db.select().from(patientFileHistory).where(and(eq(patientFileHistory.patientFileId, file), eq(patientFileHistory.type, 'CONDITION_ADDED')));
    expect(entry).toMatchObject({ actorId: prescriber, onBehalfOfId: null, payload: { conditionId: id, slug: 'heart-failure' } });

    // Listed in the order they were added (the clock stands still unless moved).
    gw.clock.advance(1000);
    const other = await post('operator', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('hypertension') });
    expect(other.status, other.text).toBe(201);
    expect(other.body).toMatchObject({ diagnosedOn: null, note: null });
    const list = await get('prescriber', `/api/patient_files/${file}/conditions`);
    expect(list.status).toBe(200);
    expect((list.body.data as { id: string }[]).map((c) => c.id)).toEqual([id, other.body.id]);

    const screen = await get('superadmin', `/api/conditions/${id}`);
    expect(screen.status, screen.text).toBe(200);
    expect(screen.body).toMatchObject({
      condition: { id, pathology: { description: { fr: expect.stringContaining('cœur') } } },
      patientFile: { id: file, status: 'OPEN', serviceName: 'Cardiologie', establishmentId: azur, patient: { firstName: 'Camille', lastName: 'Martin', birthDate: '1958-04-17' } },
    });

    const removed = await del('prescriber', `/api/patient_files/${file}/conditions/${id}`);
    expect(removed.status, removed.text).toBe(204);
    const [gone] = await db.select().from(patientFileHistory).where(and(eq(patientFileHistory.patientFileId, file), eq(patientFileHistory.type, 'CONDITION_REMOVED')));
    expect(gone).toMatchObject({ actorId: prescriber, payload: { conditionId: id, slug: 'heart-failure' } });
    expect((await get('prescriber', `/api/patient_files/${file}/conditions`)).body.data).toHaveLength(1);
    expect((await del('prescriber', `/api/patient_files/${file}/conditions/${id}`)).status).toBe(404);
    expect((await get('prescriber', `/api/conditions/${id}`)).status).toBe(404);
  });

  it('refuses a pathology already present (409 on the field), and writes no second history entry', async () => {
    const file = await newFile('Cardiologie');
    expect((await post('prescriber', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('copd') })).status).toBe(201);
    for (const language of ['fr', 'en', 'ar']) {
      const res = await post('prescriber', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('copd') }, language);
      expect([res.status, res.body.code, res.body.field, res.body.message]).toEqual([409, 'condition_already_present', 'body.pathologyId', message(language, 'condition_already_present')]);
    }
    expect(await db.select().from(patientFileHistory).where(and(eq(patientFileHistory.patientFileId, file), eq(patientFileHistory.type, 'CONDITION_ADDED')))).toHaveLength(1);
    expect(await db.select().from(patientConditions).where(eq(patientConditions.patientFileId, file))).toHaveLength(1);
  });

  it("is 404 on the field for a pathology of another establishment, or an unknown one", async () => {
    const file = await newFile('Cardiologie');
    for (const pathologyId of [tilleulsPathology, randomUUID()]) {
      const res = await post('prescriber', `/api/patient_files/${file}/conditions`, { pathologyId });
      expect([res.status, res.body.code, res.body.field]).toEqual([404, 'not_found', 'body.pathologyId']);
    }
  });

  const today = () => gw.clock.now().toISOString().slice(0, 10);
  const tomorrow = () => new Date(gw.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
  const INVALID: [string, () => Record<string, unknown>, string, Record<string, number>][] = [
    ['a diagnosis after today', () => ({ diagnosedOn: tomorrow() }), 'date_in_future', {}],
    ['a date that does not exist', () => ({ diagnosedOn: '2024-02-30' }), 'date_invalid', {}],
    ['an incomplete date', () => ({ diagnosedOn: '2024-02' }), 'date_invalid', {}],
    ['a note of one character', () => ({ note: ' x ' }), 'value_too_short', { min: 2 }],
    ['a note over 500 characters', () => ({ note: 'a'.repeat(501) }), 'value_too_long', { max: 500 }],
  ];
  it.each(INVALID)('refuses %s, on its field, in fr/en/ar', async (_what, values, code, params) => {
    const file = await newFile('Cardiologie');
    const field = `body.${Object.keys(values())[0]}`;
    for (const language of ['fr', 'en', 'ar']) {
      const res = await post('prescriber', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('asthma'), ...values() }, language);
      expect([res.status, res.body.code, res.body.field, res.body.message]).toEqual([400, code, field, message(language, code, params)]);
    }
    expect(await db.select().from(patientConditions).where(eq(patientConditions.patientFileId, file))).toHaveLength(0);
  });

  it.each([
    ['today', () => ({ diagnosedOn: today() })],
    ['a note of 2 characters', () => ({ note: 'ok' })],
    ['a note of 500 characters', () => ({ note: 'é'.repeat(500) })],
    ['an empty note (none)', () => ({ note: '   ' })],
  ])('accepts %s', async (_what, values) => {
    const file = await newFile('Cardiologie');
    const res = await post('prescriber', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('asthma'), ...values() });
    expect(res.status, res.text).toBe(201);
  });

  it('refuses any change to a closed file (409), and still lists and shows its conditions', async () => {
    const file = await newFile('Cardiologie');
    const added = await post('prescriber', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('hypertension') });
    await db.update(patientFiles).set({ status: 'CLOSED', closedAt: new Date() }).where(eq(patientFiles.id, file));
    for (const language of ['fr', 'en', 'ar']) {
      const res = await post('prescriber', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('asthma') }, language);
      expect([res.status, res.body.code, res.body.message]).toEqual([409, 'patient_file_closed', message(language, 'patient_file_closed')]);
    }
    const removal = await del('prescriber', `/api/patient_files/${file}/conditions/${added.body.id}`);
    expect([removal.status, removal.body.code]).toEqual([409, 'patient_file_closed']);
    expect((await get('prescriber', `/api/patient_files/${file}/conditions`)).body.data).toHaveLength(1);
    expect((await get('prescriber', `/api/conditions/${added.body.id}`)).body.patientFile.status).toBe('CLOSED');
  });
});

describe('scope', () => {
  it("is 404 for a file of another service, for each route, with the file's own condition ids", async () => {
    const file = await newFile('Chirurgie orthopédique');
    const added = await post('operator', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('osteoporosis') });
    expect(added.status).toBe(201);
    for (const res of [
      await get('prescriber', `/api/patient_files/${file}/conditions`),
      await post('prescriber', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('asthma') }),
      await del('prescriber', `/api/patient_files/${file}/conditions/${added.body.id}`),
      await get('prescriber', `/api/conditions/${added.body.id}`),
    ]) expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    expect(await db.select().from(patientConditions).where(eq(patientConditions.patientFileId, file))).toHaveLength(1);
  });

  it('answers 403 professionals_only to the patient and the caregiver on their own file', async () => {
    const file = await newFile('Cardiologie', 'OPEN', 'caregiver');
    const added = await post('prescriber', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('asthma') });
    for (const local of ['patient.open', 'caregiver']) {
      for (const res of [
        await get(local, `/api/patient_files/${file}/conditions`),
        await post(local, `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('copd') }),
        await del(local, `/api/patient_files/${file}/conditions/${added.body.id}`),
        await get(local, `/api/conditions/${added.body.id}`),
      ]) expect([local, res.status, res.body.code]).toEqual([local, 403, 'professionals_only']);
    }
  });

  it('lets the manager read a condition (spec 000 §2 condition/:id), who opens no patient file', async () => {
    const file = await newFile('Chirurgie orthopédique');
    const added = await post('operator', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('osteoporosis') });
    expect(added.status).toBe(201);
    const screen = await get('manager', `/api/conditions/${added.body.id}`);
    expect(screen.status, screen.text).toBe(200);
    expect(screen.body).toMatchObject({ condition: { id: added.body.id }, patientFile: { id: file, serviceName: 'Chirurgie orthopédique', establishmentId: azur } });
    // Reading one condition opens nothing else of the file.
    expect((await get('manager', `/api/patient_files/${file}/conditions`)).status).toBe(404);
    expect((await get('manager', `/api/patient_files/${file}`)).status).toBe(404);
  });

  it("is 404 to a professional of another establishment", async () => {
    const file = await newFile('Cardiologie');
    const added = await post('prescriber', `/api/patient_files/${file}/conditions`, { pathologyId: slugs.get('asthma') });
    for (const res of [
      await get('admin.establishment', `/api/patient_files/${file}/conditions`),
      await get('admin.establishment', `/api/conditions/${added.body.id}`),
    ]) expect([res.status, res.body.code]).toEqual([404, 'not_found']);
  });
});
