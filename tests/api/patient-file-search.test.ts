/**
 * POST /api/establishments/:id/patient_files/search (spec 001 §7): the professional's patient-file
 * list. Paging bounds, each sort, each filter, names in any case and with or without accents,
 * identifiers, the caller's scope (another establishment, another service, a patient), and bad
 * input answered 400 naming the field in fr/en/ar. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientFiles, services, users } from '../../server/db/schema.ts';
import { PAGE_SIZES } from '../../schemas/common.ts';
import { PATIENT_FILE_SORT_FIELDS, type PatientFileRow, type PatientFileSearchBody } from '../../schemas/patient-file-search.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, patientFileIdsOf, userIdOf } from '../helpers/demo-data.ts';
import { PATIENT_FILES_COUNTED, PATIENT_NAMES_COUNTED } from '../../server/care/patient-files/search.ts';

let gw: TestGateway;
let azur: string;
let tilleuls: string;
let cardiology: string;
let surgery: string;
const browsers = new Map<string, Browser>();

/** Patients added to CHU Azur for these tests: names with accents, ligatures, birth and used names, identifiers. */
const EXTRA = [
  { firstName: 'Éloïse', lastName: 'Lefèbvre', birthName: 'Dupré', birthDate: '1990-03-04', externalId: 'EXT-0042', insNumber: '290037512345678', service: 'cardiology' },
  { firstName: 'Noël', lastName: "L'Œuvre", usedName: 'Garçon', birthDate: '1975-12-25', socialSecurityNumber: '1751275123456', service: 'surgery' },
  { firstName: 'Zoé', lastName: 'Abadie', birthDate: '2001-07-14', externalId: 'EXT-0100', service: 'cardiology', status: 'AWAITING' as const },
  { firstName: 'Anne_Marie', lastName: '100%Test', birthDate: '1966-06-06', service: 'surgery', status: 'CLOSED' as const },
];

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}

/** What a client sends: page, pageSize and sort may be left to their defaults. */
type Body = Partial<PatientFileSearchBody>;

function search(local: string, body: Body | Record<string, unknown>, establishment = azur, language?: string) {
  return as(local).then((b) => {
    const call = b.agent.post(`/api/establishments/${establishment}/patient_files/search${language ? `?l=${language}` : ''}`)
      .set('x-csrf-token', b.csrf).send(body);
    return call;
  });
}

async function rows(local: string, body: Body): Promise<PatientFileRow[]> {
  const res = await search(local, body);
  expect(res.status, res.text).toBe(200);
  return res.body.data as PatientFileRow[];
}

/** Every row of a search, page after page (the demo population puts more files in CHU Azur than a page holds). */
async function allRows(local: string, body: Body): Promise<PatientFileRow[]> {
  const out: PatientFileRow[] = [];
  for (let page = 1; ; page++) {
    const res = await search(local, { ...body, page, pageSize: 50 });
    expect(res.status, res.text).toBe(200);
    out.push(...(res.body.data as PatientFileRow[]));
    if (out.length >= res.body.totalItems || res.body.data.length === 0) return out;
  }
}

const names = (list: PatientFileRow[]) => list.map((r) => r.patientName);

beforeAll(async () => {
  gw = await startGateway();
  const db = gw.db.database.db;
  azur = await establishmentIdOf(db, 'chu-azur');
  tilleuls = await establishmentIdOf(db, 'clinique-des-tilleuls');
  const azurServices = await db.select().from(services).where(eq(services.establishmentId, azur));
  cardiology = azurServices.find((s) => s.name === 'Cardiologie')!.id;
  surgery = azurServices.find((s) => s.name === 'Chirurgie orthopédique')!.id;
  for (const [i, p] of EXTRA.entries()) {
    const { service, status, ...person } = p as typeof p & { status?: 'OPEN' | 'CLOSED' | 'AWAITING' };
    const [u] = await db.insert(users).values({ email: `search.${i}@example.test`, passwordHash: 'x', roles: ['ROLE_PATIENT'], ...person }).returning();
    await db.insert(patientFiles).values({
      patientId: u!.id, serviceId: service === 'cardiology' ? cardiology : surgery, status: status ?? 'OPEN',
      startDate: `2024-0${i + 1}-15`, createdAt: new Date(Date.UTC(2024, i, 15)),
    });
  }
});
afterAll(() => gw?.close());

describe('who may search', () => {
  it('an establishment-wide operator lists every file of the establishment', async () => {
    const res = await search('operator', {});
    expect(res.status).toBe(200);
    const db = gw.db.database.db;
    const all = await db.select({ id: patientFiles.id }).from(patientFiles).where(inArray(patientFiles.serviceId, [cardiology, surgery]));
    expect(res.body.totalItems).toBe(all.length);
    expect(res.body).toMatchObject({ page: 1, pageSize: 15 });
  });

  it('a prescriber of one service does not see another service\'s files', async () => {
    const list = await allRows('prescriber', {});
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.service.id === cardiology)).toBe(true);
    expect(names(list)).not.toContain("Noël L'Œuvre");
  });

  it('another establishment, an unknown one, a patient, a manager and a back-office admin get 404', async () => {
    expect((await search('prescriber', {}, tilleuls)).status).toBe(404);
    expect((await search('operator', {}, randomUUID())).status).toBe(404);
    expect((await search('patient.open', {})).status).toBe(404);
    expect((await search('manager', {})).status).toBe(404);
    expect((await search('admin', {})).status).toBe(404);
  });

  it("a service of another establishment in the filter is not found, naming the field", async () => {
    const db = gw.db.database.db;
    const [other] = await db.select().from(services).where(eq(services.establishmentId, tilleuls));
    const res = await search('operator', { filters: { serviceIds: [cardiology, other!.id] } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found', field: 'body.filters.serviceIds.1' });
    expect((await search('operator', { filters: { serviceIds: [randomUUID()] } })).status).toBe(404);
  });
});

describe('name search', () => {
  it.each([
    ['eloise', "Éloïse Lefèbvre"], ['ÉLOÏSE', 'Éloïse Lefèbvre'], ['lefebvre', 'Éloïse Lefèbvre'], ['dupre', 'Éloïse Lefèbvre'],
    ['oeuvre', "Noël L'Œuvre"], ['garcon', "Noël L'Œuvre"], ['NOEL', "Noël L'Œuvre"], ['febv', 'Éloïse Lefèbvre'],
  ])('%s finds %s (case, accents, birth and used names, infix)', async (text, expected) => {
    expect(names(await rows('operator', { filters: { text } }))).toEqual([expected]);
  });

  it('every word must match, in any order', async () => {
    expect(names(await rows('operator', { filters: { text: '  lefebvre   eloise ' } }))).toEqual(['Éloïse Lefèbvre']);
    expect(await rows('operator', { filters: { text: 'eloise garcon' } })).toEqual([]);
  });

  it('wildcards typed are letters', async () => {
    expect(names(await rows('operator', { filters: { text: '100%' } }))).toEqual(['Anne_Marie 100%Test']);
    expect(names(await rows('operator', { filters: { text: 'e_m' } }))).toEqual(['Anne_Marie 100%Test']);
    expect(await rows('operator', { filters: { text: '%' } })).toHaveLength(1);
  });
});

describe('filters', () => {
  it('birth date, exactly', async () => {
    expect(names(await rows('operator', { filters: { birthDate: '1975-12-25' } }))).toEqual(["Noël L'Œuvre"]);
  });

  it('identifiers: external id, INS and social security number, exact or prefix; the file id exactly', async () => {
    expect(names(await rows('operator', { filters: { identifier: 'EXT-0' } }))).toEqual(['Zoé Abadie', 'Éloïse Lefèbvre']);
    expect(names(await rows('operator', { filters: { identifier: 'EXT-0042' } }))).toEqual(['Éloïse Lefèbvre']);
    expect(names(await rows('operator', { filters: { identifier: '2 90 03 75' } }))).toEqual(['Éloïse Lefèbvre']);
    expect(names(await rows('operator', { filters: { identifier: '1751275123456' } }))).toEqual(["Noël L'Œuvre"]);
    const [fileId] = await patientFileIdsOf(gw.db.database.db, 'patient.open');
    expect(names(await rows('operator', { filters: { identifier: fileId!.toUpperCase() } }))).toEqual(['Camille Martin']);
    expect(await rows('operator', { filters: { identifier: 'EXT-9' } })).toEqual([]);
  });

  it('status: any of those given', async () => {
    const awaiting = await rows('operator', { pageSize: 50, filters: { status: ['AWAITING'] } });
    expect(awaiting.length).toBeGreaterThan(0);
    expect(awaiting.every((r) => r.status === 'AWAITING')).toBe(true);
    const both = await rows('operator', { pageSize: 50, filters: { status: ['AWAITING', 'CLOSED'] } });
    expect(new Set(both.map((r) => r.status))).toEqual(new Set(['AWAITING', 'CLOSED']));
    expect(await allRows('operator', { filters: { status: [] } })).toHaveLength((await allRows('operator', {})).length);
  });

  it('service', async () => {
    const list = await rows('operator', { pageSize: 50, filters: { serviceIds: [surgery] } });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.service.id === surgery)).toBe(true);
  });

  it('filters combine', async () => {
    expect(names(await rows('operator', { filters: { text: 'zoe', status: ['AWAITING'], serviceIds: [cardiology] } }))).toEqual(['Zoé Abadie']);
    expect(await rows('operator', { filters: { text: 'zoe', status: ['OPEN'] } })).toEqual([]);
  });
});

describe('sorts and pages', () => {
  const keyOf: Record<(typeof PATIENT_FILE_SORT_FIELDS)[number], (r: PatientFileRow) => string> = {
    patientName: (r) => `${r.patientLastName} ${r.patientFirstName}`.normalize('NFD').replace(/\p{M}/gu, '').replace('Œ', 'OE').toLowerCase(),
    birthDate: (r) => r.patientBirthDate ?? '\uffff',
    status: (r) => r.status,
    service: (r) => r.service.name,
    createdAt: (r) => r.createdAt,
    startDate: (r) => r.startDate ?? '\uffff',
  };

  it.each(PATIENT_FILE_SORT_FIELDS)('%s, ascending and descending, ties in one fixed order', async (field) => {
    const up = await allRows('operator', { sort: field });
    const keys = up.map(keyOf[field]);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const down = await allRows('operator', { sort: `-${field}` });
    expect(down.map((r) => r.id)).toEqual(up.map((r) => r.id).reverse());
  });

  it.each(['status', 'service', '-service', '-patientName'] as const)('pages sorted by %s neither repeat nor skip a row (a page spans two services)', async (sort) => {
    const all = await allRows('operator', { sort });
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 3); page++) seen.push(...(await rows('operator', { page, pageSize: 3, sort })).map((r) => r.id));
    expect(seen).toEqual(all.map((r) => r.id));
  });

  it('a page past the end is empty, with the total', async () => {
    const all = await allRows('operator', {});
    const far = await search('operator', { page: 2_147_483_647, pageSize: 50 });
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ data: [], totalItems: all.length, page: 2_147_483_647 });
  });

  it('a searched page past the end is empty, with the total', async () => {
    const res = await search('operator', { page: 2, pageSize: 3, filters: { text: 'eloise' } });
    expect(res.body).toMatchObject({ data: [], totalItems: 1, page: 2, pageSize: 3 });
    expect((await search('operator', { filters: { text: 'nobody-here' } })).body).toMatchObject({ data: [], totalItems: 0 });
  });

  it('a row carries what the list shows', async () => {
    const [row] = await rows('operator', { filters: { text: 'eloise' } });
    expect(row).toMatchObject({
      patientFirstName: 'Éloïse', patientLastName: 'Lefèbvre', patientBirthName: 'Dupré', patientBirthDate: '1990-03-04',
      patientExternalId: 'EXT-0042', status: 'OPEN', startDate: '2024-01-15', createdAt: '2024-01-15T00:00:00.000Z',
      service: { id: cardiology, name: 'Cardiologie', establishment: { id: azur, name: 'CHU Azur' } }, caregiver: false,
    });
    expect(row).not.toHaveProperty('patient');
  });
});

describe('bad input: 400 naming the field, in the request language', () => {
  it.each([
    ['pageSize not offered', { pageSize: 16 }, 'body.pageSize'],
    ['pageSize 999', { pageSize: 999 }, 'body.pageSize'],
    ['page 0', { page: 0 }, 'body.page'],
    ['page past INT32_MAX', { page: 2_147_483_648 }, 'body.page'],
    ['unknown sort', { sort: 'email' }, 'body.sort'],
    ['unknown status', { filters: { status: ['GONE'] } }, 'body.filters.status.0'],
    ['bad birth date', { filters: { birthDate: '1990-02-31x' } }, 'body.filters.birthDate'],
    ['service not an id', { filters: { serviceIds: ['x'] } }, 'body.filters.serviceIds.0'],
    ['unknown filter', { filters: { email: 'a' } }, 'body.filters'],
  ])('%s', async (_, body, field) => {
    const messages = new Set<string>();
    for (const language of ['fr', 'en', 'ar']) {
      const res = await search('operator', body, azur, language);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error' });
      expect(res.body.field).toContain(field);
      messages.add(res.body.message);
    }
    expect(messages.size).toBe(3);
  });

  it('every offered page size is accepted', async () => {
    for (const pageSize of PAGE_SIZES) expect((await search('operator', { pageSize })).status).toBe(200);
  });
});

it('the caller id does not leak: the demo patient file of a caregiver shows no `patient` to a professional', async () => {
  const db = gw.db.database.db;
  expect(await userIdOf(db, 'patient.open')).toBeTruthy();
  const list = await rows('operator', { filters: { text: 'camille martin' } });
  expect(list).toHaveLength(1);
  expect(list[0]).not.toHaveProperty('patient');
});

describe('a large establishment (issue 18: the list counted up to a limit)', () => {
  it('says "more than" past the limit, with or without a name searched, rows in the same order', async () => {
    const db = gw.db.database.db;
    const many = PATIENT_FILES_COUNTED + 10;
    const made = await db.insert(users).values(Array.from({ length: many }, (_, i) => ({
      email: `capucine.${i}@example.test`, passwordHash: 'x', roles: ['ROLE_PATIENT'], firstName: 'Capucine',
      // Names out of insertion order, and pairs with the same name (ordered by file id).
      lastName: `Nom${String((i * 7919) % 503).padStart(4, '0')}`, birthDate: `19${50 + (i % 40)}-01-0${1 + (i % 9)}`,
    }))).returning({ id: users.id });
    await db.insert(patientFiles).values(made.map((u, i) => ({ patientId: u.id, serviceId: i % 3 ? cardiology : surgery, status: 'OPEN' as const })));
    const exact = (await db.select({ id: patientFiles.id }).from(patientFiles).innerJoin(users, eq(users.id, patientFiles.patientId))
      .where(eq(users.firstName, 'Capucine')).orderBy(users.sortName, patientFiles.id)).map((r) => r.id);
    const inAzur = (await db.select({ id: patientFiles.id }).from(patientFiles).where(inArray(patientFiles.serviceId,
      (await db.select({ id: services.id }).from(services).where(eq(services.establishmentId, azur))).map((s) => s.id)))).length;

    // The whole list: counted up to the limit, per service in the order by service as well.
    for (const sort of ['patientName', 'service', '-createdAt'] as const) {
      const all = await search('operator', { pageSize: 15, sort });
      expect(all.status, all.text).toBe(200);
      expect(all.body).toMatchObject({ totalItems: PATIENT_FILES_COUNTED, totalCapped: true });
      expect(all.body.data).toHaveLength(15);
    }
    // A page past the limit is counted past it; the last page is counted exactly, without "more than".
    const later = await search('operator', { pageSize: 15, page: 67 });
    expect(later.body).toMatchObject({ totalItems: 67 * 15, totalCapped: true });
    const lastPage = Math.ceil(inAzur / 50);
    const last = await search('operator', { pageSize: 50, page: lastPage });
    expect(last.body.totalItems).toBe(inAzur);
    expect(last.body).not.toHaveProperty('totalCapped');
    expect(last.body.data).toHaveLength(inAzur - (lastPage - 1) * 50);

    // Fresh statistics, as autovacuum gives them: the search then walks the name's index (search.ts).
    await db.execute(sql`analyze users`);
    // A common first name (issue 18): counted up to its own limit, "more than 100", or past the
    // page asked; the same rows in the same order on every page, by name both ways and by birth
    // date; the last page counted exactly.
    const first = await search('operator', { filters: { text: 'capuc' }, pageSize: 15 });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ totalItems: PATIENT_NAMES_COUNTED, totalCapped: true });
    expect((first.body.data as PatientFileRow[]).map((r) => r.id)).toEqual(exact.slice(0, 15));
    const middle = await search('operator', { filters: { text: 'Capucine' }, pageSize: 50, page: 9 });
    expect(middle.body).toMatchObject({ totalItems: 450, totalCapped: true });
    expect((middle.body.data as PatientFileRow[]).map((r) => r.id)).toEqual(exact.slice(400, 450));
    const down = await search('operator', { filters: { text: 'capucine' }, pageSize: 25, page: 2, sort: '-patientName' });
    expect((down.body.data as PatientFileRow[]).map((r) => r.id)).toEqual([...exact].reverse().slice(25, 50));
    const end = await search('operator', { filters: { text: 'CAPUCINE' }, pageSize: 50, page: 21 });
    expect(end.body.totalItems).toBe(many);
    expect(end.body).not.toHaveProperty('totalCapped');
    expect((end.body.data as PatientFileRow[]).map((r) => r.id)).toEqual(exact.slice(1000));
    const byBirth = (await db.select({ id: patientFiles.id }).from(patientFiles).innerJoin(users, eq(users.id, patientFiles.patientId))
      .where(eq(users.firstName, 'Capucine')).orderBy(users.birthDate, patientFiles.id)).map((r) => r.id);
    const born = await search('operator', { filters: { text: 'capucine' }, pageSize: 50, page: 3, sort: 'birthDate' });
    expect((born.body.data as PatientFileRow[]).map((r) => r.id)).toEqual(byBirth.slice(100, 150));
    // With a birth date too: few, read and sorted, the same files as the database gives.
    const sameDay = (await db.select({ id: patientFiles.id }).from(patientFiles).innerJoin(users, eq(users.id, patientFiles.patientId))
      .where(and(eq(users.firstName, 'Capucine'), eq(users.birthDate, '1951-01-02'))).orderBy(users.sortName, patientFiles.id)).map((r) => r.id);
    const day = await search('operator', { filters: { text: 'capucine', birthDate: '1951-01-02' }, pageSize: 50 });
    expect(sameDay.length).toBeGreaterThan(1);
    expect(day.body).toMatchObject({ totalItems: sameDay.length });
    expect((day.body.data as PatientFileRow[]).map((r) => r.id)).toEqual(sameDay);
    // Fewer than the limit: counted exactly (the prescriber of cardiology sees two thirds of them).
    const own = await search('prescriber', { filters: { text: 'capucine' }, pageSize: 50, page: 14 });
    expect(own.status, own.text).toBe(200);
    expect(own.body).not.toHaveProperty('totalCapped');
    expect(own.body.totalItems).toBe(made.filter((_, i) => i % 3).length);
    const rare = await search('operator', { filters: { text: 'capucine nom0007' } });
    expect(rare.body).not.toHaveProperty('totalCapped');
    expect(rare.body.totalItems).toBeGreaterThan(0);
    expect(rare.body.totalItems).toBeLessThan(PATIENT_NAMES_COUNTED);
  });
});
