/**
 * Issue 2 §9: GET /me, /me/privileges, /me/patient_files, /establishments, /establishments/{id}/theme
 * and /patient_files/{id}, with access decided by the caller's privileges: out of reach is 404.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments } from '../../server/db/schema.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, patientFileIdsOf, userIdOf } from '../helpers/demo-data.ts';

const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const GREY = { primary: '#555555', secondary: '#666666', accent: '#777777', dark: '#111111', positive: '#22aa22', negative: '#aa2222', info: '#2222aa', warning: '#aaaa22' };

let gw: TestGateway;
const ids: Record<string, string> = {};
beforeAll(async () => {
  gw = await startGateway();
  const db = gw.db.database.db;
  // A third establishment, inserted last and first by name, where nobody holds privileges.
  const [aix] = await db.insert(establishments).values({ identifier: 'aix-sante', name: 'Aix Santé', theme: { light: GREY, dark: GREY } }).returning();
  Object.assign(ids, { aix: aix!.id, azur: await establishmentIdOf(db, 'chu-azur'), tilleuls: await establishmentIdOf(db, 'clinique-des-tilleuls') });
});
afterAll(async () => { await gw.close(); });

const browsers = new Map<string, Promise<Browser>>();
/** One logged-in browser per demo account, shared by the tests of this file. */
const as = (local: string) => {
  if (!browsers.has(local)) browsers.set(local, login(gw.app, demoEmail(local)));
  return browsers.get(local)!;
};
async function get(local: string, path: string, status?: number) {
  const res = await (await as(local)).agent.get(path);
  if (status !== undefined) expect(res.status, `${local} GET ${path}: ${res.text}`).toBe(status);
  return res;
}

describe('GET /api/me', () => {
  it('answers identity, roles, language, time zones and consents', async () => {
    const res = await get('patient.open', '/api/me', 200);
    expect(res.body).toEqual({
      id: await userIdOf(gw.db.database.db, 'patient.open'), email: demoEmail('patient.open'), roles: ['ROLE_PATIENT'],
      firstName: 'Camille', lastName: 'Martin', usedFirstName: null, usedName: null, language: 'fr',
      selectedTimezone: 'automatic', timezone: 'UTC', cguAcceptedAt: ISO, personalDataConsentAt: ISO,
    });
  });

  it.each([
    ['admin', ['ROLE_ADMIN'], 'fr'],
    ['operator', ['ROLE_PROFESSIONAL'], 'en'],
    ['patient.multi', ['ROLE_PATIENT'], 'ar'],
  ])('gives %s roles %j and language %s', async (local, roles, language) => {
    const res = await get(local, '/api/me', 200);
    expect(res.body).toMatchObject({ roles, language });
  });
});

describe('GET /api/me/privileges', () => {
  it('lists a professional in two structures per establishment and per service', async () => {
    const res = await get('pro.two', '/api/me/privileges', 200);
    expect(res.body).toEqual([
      { establishment: { id: ids.azur, name: 'CHU Azur' }, privileges: [], services: [{ id: UUID, name: 'Cardiologie', privileges: ['PRESCRIBER'] }] },
      { establishment: { id: ids.tilleuls, name: 'Clinique des Tilleuls' }, privileges: ['OPERATOR'], services: [] },
    ]);
  });

  it.each([
    ['manager', [{ establishment: { id: 'azur', name: 'CHU Azur' }, privileges: ['MANAGER'], services: [] }]],
    ['admin.establishment', [{ establishment: { id: 'tilleuls', name: 'Clinique des Tilleuls' }, privileges: ['ADMIN_ESTABLISHMENT'], services: [] }]],
    ['patient.multi', []],
    ['admin', []],
  ])('gives %s its own privileges only', async (local, expected) => {
    const res = await get(local, '/api/me/privileges', 200);
    expect(res.body).toEqual(expected.map((e) => ({ ...e, establishment: { ...e.establishment, id: ids[e.establishment.id] } })));
  });
});

describe('GET /api/me/patient_files', () => {
  it('lists every file of a patient with several, oldest first, with their statuses', async () => {
    const res = await get('patient.multi', '/api/me/patient_files', 200);
    expect(res.body).toMatchObject({ totalItems: 3, page: 1, pageSize: 15 });
    expect(res.body.data.map((f: { status: string; service: { name: string; establishment: { name: string } } }) =>
      [f.status, f.service.name, f.service.establishment.name])).toEqual([
      ['OPEN', 'Diabétologie', 'Clinique des Tilleuls'],
      ['CLOSED', 'Cardiologie', 'CHU Azur'],
      ['AWAITING', 'Chirurgie orthopédique', 'CHU Azur'],
    ]);
    for (const file of res.body.data) {
      expect(file).toMatchObject({ id: UUID, caregiver: false, createdAt: ISO, patient: { firstName: 'Yasmine', lastName: 'Haddad' } });
    }
    expect(res.body.data[1]).toMatchObject({ closedAt: ISO, closingReasonType: 'TRANSFERRED', closingReason: 'Transfert vers un autre établissement' });
  });

  it('pages with page and pageSize', async () => {
    const res = await get('patient.multi', '/api/me/patient_files?page=2&pageSize=2', 200);
    expect(res.body).toMatchObject({ totalItems: 3, page: 2, pageSize: 2 });
    expect(res.body.data.map((f: { status: string }) => f.status)).toEqual(['AWAITING']);
  });

  it("lists a caregiver's followed file without its `patient` field", async () => {
    const res = await get('caregiver', '/api/me/patient_files', 200);
    expect(res.body.totalItems).toBe(1);
    const [file] = res.body.data;
    expect(file).toMatchObject({ id: (await patientFileIdsOf(gw.db.database.db, 'patient.open'))[0], status: 'OPEN', caregiver: true, patientName: 'Camille Martin' });
    expect(file).not.toHaveProperty('patient');
  });

  it('lists nothing for a professional', async () => {
    const res = await get('prescriber', '/api/me/patient_files', 200);
    expect(res.body).toEqual({ data: [], totalItems: 0, page: 1, pageSize: 15 });
  });

  it('refuses a page size above 999 naming the field', async () => {
    const res = await get('patient.multi', '/api/me/patient_files?pageSize=1000', 400);
    expect(res.body).toMatchObject({ code: 'validation_error', field: 'query.pageSize' });
  });
});

describe('GET /api/establishments', () => {
  const names = (body: { data: { name: string }[] }) => body.data.map((e) => e.name);

  it('gives a back-office administrator every establishment, 999 per page sorted by name ascending', async () => {
    const res = await get('admin', '/api/establishments?page=1&pageSize=999&sort=name', 200);
    expect(names(res.body)).toEqual(['Aix Santé', 'CHU Azur', 'Clinique des Tilleuls']);
    expect(res.body).toMatchObject({ totalItems: 3, page: 1, pageSize: 999 });
    expect(res.body.data[1]).toEqual({
      id: ids.azur, identifier: 'chu-azur', name: 'CHU Azur', brand: 'azur', professionalDirectoryEnabled: true,
      services: [{ id: UUID, name: 'Cardiologie' }, { id: UUID, name: 'Chirurgie orthopédique' }],
    });
  });

  it.each([
    ['sort=-name', ['Clinique des Tilleuls', 'CHU Azur', 'Aix Santé']],
    ['sort=identifier', ['Aix Santé', 'CHU Azur', 'Clinique des Tilleuls']],
    ['sort=-identifier', ['Clinique des Tilleuls', 'CHU Azur', 'Aix Santé']],
    ['sort=name&page=1&pageSize=3', ['Aix Santé', 'CHU Azur', 'Clinique des Tilleuls']],
    ['sort=name&page=2&pageSize=3', []], // page sizes are those of spec 001 §9 (3 the smallest)
  ])('sorts and pages (%s)', async (query, expected) => {
    const res = await get('admin', `/api/establishments?${query}`, 200);
    expect(names(res.body)).toEqual(expected);
    expect(res.body.totalItems).toBe(3);
  });

  it.each([
    ['pro.two', ['CHU Azur', 'Clinique des Tilleuls']],
    ['prescriber', ['CHU Azur']], // through a service only
    ['admin.establishment', ['Clinique des Tilleuls']],
    ['patient.multi', []], // files in both, yet no structure
  ])('gives %s the establishments where it holds privileges', async (local, expected) => {
    const res = await get(local, '/api/establishments?page=1&pageSize=999&sort=name', 200);
    expect(names(res.body)).toEqual(expected);
    expect(res.body.totalItems).toBe(expected.length);
  });

  it('refuses an unknown sort naming the field', async () => {
    const res = await get('admin', '/api/establishments?sort=password', 400);
    expect(res.body).toMatchObject({ code: 'validation_error', field: 'query.sort' });
  });
});

describe('GET /api/establishments/{id}/theme', () => {
  /** The demo establishments' light primary colours: each answer must be that establishment's own theme. */
  const primary: Record<string, string> = { azur: '#0b5fa5', tilleuls: '#2e7d4f' };
  const KEYS = ['accent', 'dark', 'info', 'negative', 'positive', 'primary', 'secondary', 'warning'];

  it.each([
    ['prescriber', 'azur', 200], // member through a service
    ['superadmin', 'azur', 200],
    ['admin.establishment', 'tilleuls', 200],
    ['patient.open', 'azur', 200], // patient of a file there
    ['caregiver', 'azur', 200], // caregiver of a file there
    ['patient.multi', 'tilleuls', 200],
    ['admin', 'tilleuls', 200],
    ['prescriber', 'tilleuls', 404],
    ['admin.establishment', 'azur', 404],
    ['patient.open', 'tilleuls', 404],
    ['caregiver', 'tilleuls', 404],
    ['prescriber', 'aix', 404],
  ])('%s reading %s: %i', async (local, key, status) => {
    const res = await get(local, `/api/establishments/${ids[key]}/theme`);
    expect(res.status).toBe(status);
    if (status === 200) {
      expect(Object.keys(res.body.light).sort()).toEqual(KEYS);
      expect(Object.keys(res.body.dark).sort()).toEqual(KEYS);
      expect(res.body.light.primary).toBe(primary[key]);
    }
    else expect(res.body.code).toBe('not_found');
  });

  it('answers an unknown id like an unreachable one, and a malformed id with 400', async () => {
    const unknown = await get('prescriber', `/api/establishments/${randomUUID()}/theme`, 404);
    const unreachable = await get('prescriber', `/api/establishments/${ids.tilleuls}/theme`, 404);
    expect(unknown.body).toEqual(unreachable.body);
    const malformed = await get('prescriber', '/api/establishments/azur/theme', 400);
    expect(malformed.body.field).toBe('params.id');
  });
});

describe('GET /api/patient_files/{id}', () => {
  it.each([
    ['prescriber', 'patient.open', 0, 200], // Cardiologie, CHU Azur: their service
    ['prescriber', 'patient.multi', 1, 200], // a closed file of their service
    ['prescriber', 'patient.closed', 0, 404], // Clinique des Tilleuls
    ['prescriber', 'patient.multi', 2, 404], // CHU Azur, but another service
    ['operator', 'patient.multi', 2, 200], // establishment-wide privilege
    ['operator', 'patient.closed', 0, 404],
    ['superadmin', 'patient.open', 0, 200],
    ['superadmin', 'patient.closed', 0, 404],
    ['pro.two', 'patient.closed', 0, 200],
    ['pro.two', 'patient.multi', 2, 404],
    ['manager', 'patient.open', 0, 404], // no patient-data privilege
    ['admin.establishment', 'patient.closed', 0, 404],
    ['admin', 'patient.open', 0, 404],
    ['patient.open', 'patient.open', 0, 200],
    ['caregiver', 'patient.open', 0, 200],
    ['patient.open', 'patient.closed', 0, 404],
    ['caregiver', 'patient.multi', 0, 404],
  ])('%s reading the file #%s of %s: %i', async (local, owner, index, status) => {
    const fileId = (await patientFileIdsOf(gw.db.database.db, owner))[index as number]!;
    const res = await get(local, `/api/patient_files/${fileId}`);
    expect(res.status).toBe(status);
    if (status === 200) expect(res.body.id).toBe(fileId);
    else expect(res.body.code).toBe('not_found');
  });

  it('shows `patient` to the patient only, and marks the caregiver', async () => {
    const [fileId] = await patientFileIdsOf(gw.db.database.db, 'patient.open');
    const own = await get('patient.open', `/api/patient_files/${fileId}`, 200);
    expect(own.body).toMatchObject({ caregiver: false, patient: { firstName: 'Camille', lastName: 'Martin' } });
    const followed = await get('caregiver', `/api/patient_files/${fileId}`, 200);
    expect(followed.body.caregiver).toBe(true);
    expect(followed.body).not.toHaveProperty('patient');
  });

  it("says whose file it is: the patient's name and birth date, to the professional, the patient and the caregiver", async () => {
    const [fileId] = await patientFileIdsOf(gw.db.database.db, 'patient.open');
    for (const reader of ['prescriber', 'patient.open', 'caregiver']) {
      const res = await get(reader, `/api/patient_files/${fileId}`, 200);
      expect(res.body).toMatchObject({ patientName: 'Camille Martin', patientBirthDate: '1958-04-17' });
    }
  });

  it("answers another establishment's file exactly like one that does not exist", async () => {
    const [closed] = await patientFileIdsOf(gw.db.database.db, 'patient.closed');
    const other = await get('prescriber', `/api/patient_files/${closed}`);
    const none = await get('prescriber', `/api/patient_files/${randomUUID()}`);
    expect([other.status, other.body]).toEqual([none.status, none.body]);
  });
});
