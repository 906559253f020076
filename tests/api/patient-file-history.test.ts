/**
 * GET /api/patient_files/:id/history (issue 10 §4, spec 001 §3 "Patient-file history entries"):
 * newest first with a fixed tie order, paging bounds, the kind filter, the day filter in the
 * caller's time zone across both DST changes of Europe/Paris, who did it and on whose behalf,
 * the scope (404 outside it, 403 for the patient and the caregiver), and bad filters answered 400
 * on their field in fr/en/ar. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, formVersions, pathologies, patientFileHistory, patientFiles, services, users } from '../../server/db/schema.ts';
import type { HistoryEntry } from '../../schemas/patient-file-history.ts';
import type { HistoryKind } from '../../schemas/history.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, patientFileIdsOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let fileId: string;
let ownFileId: string;
let caregiverId: string;
let camilleId: string;
let prescriberId: string;
const browsers = new Map<string, Browser>();

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}

async function history(local: string, query = '', options: { file?: string; timeZone?: string } = {}) {
  const b = await as(local);
  return b.agent.get(`/api/patient_files/${options.file ?? fileId}/history${query ? `?${query}` : ''}`)
    .set('x-timezone', options.timeZone ?? 'UTC');
}

async function entries(query = '', timeZone?: string): Promise<HistoryEntry[]> {
  const res = await history('prescriber', query, { timeZone });
  expect(res.status, res.text).toBe(200);
  return res.body.data as HistoryEntry[];
}

/** The regular entries: one a day from 2024-01-01 12:00 UTC, kinds in turn. */
const KINDS: HistoryKind[] = ['NOTE_ADDED', 'FORM_ASSIGNED', 'PROFILE_UPDATED', 'CAREGIVER_ADDED', 'FILE_CLOSED'];
const REGULAR = 30;
/** Entries around the DST changes of Europe/Paris (30 March and 26 October 2025), as [UTC instant, label]. */
const DST = [
  ['2025-03-29T22:30:00Z', 'spring: 23:30 on the 29th in Paris'],
  ['2025-03-29T23:30:00Z', 'spring: 00:30 on the 30th in Paris'],
  ['2025-03-30T21:30:00Z', 'spring: 23:30 on the 30th in Paris (summer time)'],
  ['2025-03-30T22:30:00Z', 'spring: 00:30 on the 31st in Paris'],
  ['2025-10-25T21:30:00Z', 'autumn: 23:30 on the 25th in Paris (summer time)'],
  ['2025-10-25T22:30:00Z', 'autumn: 00:30 on the 26th in Paris'],
  ['2025-10-26T22:30:00Z', 'autumn: 23:30 on the 26th in Paris (winter time)'],
  ['2025-10-26T23:30:00Z', 'autumn: 00:30 on the 27th in Paris'],
] as const;
/** Two entries at the same instant: the id breaks the tie, in the same (descending) direction. */
const TIE = new Date('2025-06-01T10:00:00Z');
let total = 0;

beforeAll(async () => {
  gw = await startGateway();
  const db = gw.db.database.db;
  const azur = await establishmentIdOf(db, 'chu-azur');
  const [cardiology] = await db.select().from(services).where(eq(services.name, 'Cardiologie'));
  expect(cardiology!.establishmentId).toBe(azur);
  caregiverId = await userIdOf(db, 'caregiver');
  camilleId = await userIdOf(db, 'patient.open');
  prescriberId = await userIdOf(db, 'prescriber');
  ownFileId = (await patientFileIdsOf(db, 'patient.open'))[0]!;
  const [patient] = await db.insert(users).values({ email: `history.${randomUUID()}@example.test`, passwordHash: 'x', roles: ['ROLE_PATIENT'], firstName: 'Éloïse', lastName: 'Historique' }).returning();
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: patient!.id, serviceId: cardiology!.id, status: 'OPEN' }).returning();
  fileId = file!.id;
  const rows: (typeof patientFileHistory.$inferInsert)[] = [];
  for (let i = 0; i < REGULAR; i++) {
    rows.push({
      patientFileId: fileId, type: KINDS[i % KINDS.length]!, actorId: prescriberId,
      occurredAt: new Date(Date.UTC(2024, 0, 1 + i, 12)), payload: { index: i },
    });
  }
  for (const [at, label] of DST) rows.push({ patientFileId: fileId, type: 'OTHER', actorId: prescriberId, occurredAt: new Date(at), payload: { label } });
  // A caregiver acting for the patient; the platform itself (no actor).
  rows.push({ patientFileId: fileId, type: 'NOTE_EDITED', actorId: caregiverId, onBehalfOfId: camilleId, occurredAt: TIE, payload: { tie: 1 } });
  rows.push({ patientFileId: fileId, type: 'FILE_CLOSED_AUTOMATICALLY', actorId: null, occurredAt: TIE, payload: { tie: 2 } });
  await db.insert(patientFileHistory).values(rows);
  total = rows.length;
});
afterAll(() => gw?.close());

describe('order and paging', () => {
  it('answers every entry newest first, equal instants in descending id order, with the total', async () => {
    const res = await history('prescriber', 'pageSize=50');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ totalItems: total, page: 1, pageSize: 50 });
    const list = res.body.data as HistoryEntry[];
    expect(list).toHaveLength(total);
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1]!, list[i]!];
      expect(a.occurredAt >= b.occurredAt).toBe(true);
      if (a.occurredAt === b.occurredAt) expect(a.id > b.id, 'ties in descending id order').toBe(true);
    }
    expect(list[0]!.occurredAt).toBe('2025-10-26T23:30:00.000Z');
    expect(list.at(-1)!.payload).toEqual({ index: 0 });
  });

  it('pages cut the same order without repeating or skipping an entry; past the last page is empty', async () => {
    const all = (await entries('pageSize=50')).map((e) => e.id);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 7); page++) {
      const res = await history('prescriber', `page=${page}&pageSize=7`);
      expect(res.body).toMatchObject({ totalItems: total, page, pageSize: 7 });
      paged.push(...(res.body.data as HistoryEntry[]).map((e) => e.id));
    }
    expect(paged).toEqual(all);
    const beyond = await history('prescriber', 'page=99&pageSize=7');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ data: [], totalItems: total, page: 99 });
  });

  it('defaults to the first page of 15', async () => {
    const res = await history('prescriber');
    expect(res.body).toMatchObject({ page: 1, pageSize: 15, totalItems: total });
    expect(res.body.data).toHaveLength(15);
  });
});

describe('filters', () => {
  it('one kind, then several kinds', async () => {
    const notes = await entries('kinds=NOTE_ADDED&pageSize=50');
    expect(notes.length).toBe(REGULAR / KINDS.length);
    expect(new Set(notes.map((e) => e.kind))).toEqual(new Set(['NOTE_ADDED']));
    const res = await history('prescriber', 'kinds=NOTE_ADDED&kinds=FILE_CLOSED&kinds=FILE_CLOSED_AUTOMATICALLY&pageSize=50');
    expect(res.body.totalItems).toBe(2 * (REGULAR / KINDS.length) + 1);
    expect(new Set((res.body.data as HistoryEntry[]).map((e) => e.kind))).toEqual(new Set(['NOTE_ADDED', 'FILE_CLOSED', 'FILE_CLOSED_AUTOMATICALLY']));
  });

  it('a day is a day of the caller’s time zone, 23 hours long in spring and 25 in autumn (Europe/Paris)', async () => {
    const labels = async (query: string, timeZone: string) => (await entries(`${query}&pageSize=50`, timeZone)).map((e) => e.payload.label).reverse();
    expect(await labels('from=2025-03-30&to=2025-03-30', 'Europe/Paris')).toEqual([DST[1][1], DST[2][1]]);
    expect(await labels('from=2025-10-26&to=2025-10-26', 'Europe/Paris')).toEqual([DST[5][1], DST[6][1]]);
    // The same days in UTC hold other entries: the time zone is the caller's, not the server's.
    expect(await labels('from=2025-03-30&to=2025-03-30', 'UTC')).toEqual([DST[2][1], DST[3][1]]);
    expect(await labels('from=2025-10-26&to=2025-10-26', 'UTC')).toEqual([DST[6][1], DST[7][1]]);
  });

  it('from alone, to alone, and both with a kind', async () => {
    const from = await history('prescriber', 'from=2025-10-26&pageSize=50', { timeZone: 'Europe/Paris' });
    expect(from.body.totalItems).toBe(3);
    const to = await history('prescriber', 'to=2024-01-05&pageSize=50', { timeZone: 'Europe/Paris' });
    expect(to.body.totalItems).toBe(5);
    const both = await entries('from=2024-01-01&to=2024-01-10&kinds=PROFILE_UPDATED', 'Europe/Paris');
    expect(both.map((e) => e.payload.index)).toEqual([7, 2]);
  });
});

it('says who did it and on whose behalf; the platform itself has no actor', async () => {
  const list = await entries('from=2025-06-01&to=2025-06-01');
  const byTie = Object.fromEntries(list.map((e) => [String(e.payload.tie), e]));
  expect(byTie['1']).toMatchObject({ kind: 'NOTE_EDITED', actor: { id: caregiverId, name: 'Paul Martin' }, onBehalfOf: { id: camilleId, name: 'Camille Martin' } });
  expect(byTie['2']).toMatchObject({ kind: 'FILE_CLOSED_AUTOMATICALLY', actor: null, onBehalfOf: null });
  const [regular] = await entries('kinds=NOTE_ADDED&pageSize=3');
  expect(regular).toMatchObject({ actor: { id: prescriberId, name: 'Claire Dubois' }, onBehalfOf: null });
});

describe('who may read it', () => {
  it('the prescriber of the service and the establishment-wide operator read it', async () => {
    expect((await history('prescriber')).status).toBe(200);
    expect((await history('operator')).status).toBe(200);
  });

  it('another establishment, a back-office admin, an unknown file: 404', async () => {
    for (const local of ['admin.establishment', 'admin']) {
      const res = await history(local);
      expect(res.status, local).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await history('prescriber', '', { file: randomUUID() })).status).toBe(404);
  });

  it('the patient and their caregiver reach the file, but the history is the professional’s: 403', async () => {
    for (const local of ['patient.open', 'caregiver']) {
      const res = await history(local, '', { file: ownFileId });
      expect(res.status, local).toBe(403);
      expect(res.body.code).toBe('professionals_only');
    }
  });

  it('a patient is not found on someone else’s file', async () => {
    expect((await history('patient.open')).status).toBe(404);
  });
});

describe('bad filters: 400 on the field, in the request language', () => {
  it.each([
    ['an unknown kind', 'kinds=NOT_A_KIND', 'kinds'],
    ['a page of 0', 'page=0', 'page'],
    ['a page size not offered', 'pageSize=4', 'pageSize'],
    ['an impossible date', 'from=2025-02-30', 'from'],
    ['a date and time', 'to=2025-02-03T10:00', 'to'],
    ['an end before the start', 'from=2025-02-03&to=2025-02-02', 'to'],
    ['an unknown parameter', 'sort=occurredAt', 'sort'],
  ])('%s', async (_, query, field) => {
    const messages = new Set<string>();
    for (const language of ['fr', 'en', 'ar']) {
      const res = await history('prescriber', `${query}&l=${language}`);
      expect(res.status, res.text).toBe(400);
      expect(res.body.field, res.text).toContain(field);
      expect(res.headers['content-language']).toBe(language);
      messages.add(res.body.message);
    }
    expect(messages.size, 'one message per language').toBe(3);
  });
});

describe('the header of the file: GET /api/patient_files/:id', () => {
  it('tells a professional the patient’s identity status and attributes, whether patient data are active, the service and establishment', async () => {
    const db = gw.db.database.db;
    const [file] = await db.select().from(patientFiles).where(eq(patientFiles.id, fileId));
    await db.update(users).set({ identityStatus: 'QUALIFIED', identityNamesake: true, identityVerifiedAt: new Date('2025-05-02T08:00:00Z') })
      .where(eq(users.id, file!.patientId));
    const b = await as('prescriber');
    const res = await b.agent.get(`/api/patient_files/${fileId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      patientName: 'Éloïse Historique', patientDataActive: true,
      identity: { status: 'QUALIFIED', doubtful: false, fictitious: false, namesake: true, verifiedAt: '2025-05-02T08:00:00.000Z' },
      service: { name: 'Cardiologie', establishment: { name: 'CHU Azur' } },
    });
  });

  it('the patient side reads the same shape without the identity', async () => {
    for (const local of ['patient.open', 'caregiver']) {
      const res = await (await as(local)).agent.get(`/api/patient_files/${ownFileId}`);
      expect(res.status, local).toBe(200);
      expect(res.body, local).not.toHaveProperty('identity');
      expect(res.body.patientDataActive, local).toBe(true);
    }
  });
});

it('names questionnaires and conditions in the caller’s language, not by reference or code (issue 18)', async () => {
  const db = gw.db.database.db;
  const azur = await establishmentIdOf(db, 'chu-azur');
  const [form] = await db.select({ id: forms.id, definition: formVersions.definition }).from(forms)
    .innerJoin(formVersions, and(eq(formVersions.formId, forms.id), eq(formVersions.version, forms.currentVersion)))
    .where(and(eq(forms.establishmentId, azur), eq(forms.reference, 'HF-DAILY')));
  const [pathology] = await db.select().from(pathologies).where(eq(pathologies.establishmentId, azur)).limit(1);
  const at = new Date('2023-06-01T10:00:00Z');
  await db.insert(patientFileHistory).values([
    { patientFileId: fileId, type: 'FORM_ASSIGNED', actorId: prescriberId, occurredAt: at, payload: { reference: 'HF-DAILY' } },
    { patientFileId: fileId, type: 'FORM_RESPONSE', actorId: prescriberId, occurredAt: at, payload: { formId: form!.id } },
    { patientFileId: fileId, type: 'CONDITION_ADDED', actorId: prescriberId, occurredAt: at, payload: { slug: pathology!.slug } },
  ]);
  const formNames = (form!.definition as { name: Record<string, string> }).name;
  const pathologyNames = pathology!.name as Record<string, string>;
  for (const l of ['fr', 'ar'] as const) {
    const list = await entries(`from=2023-06-01&to=2023-06-01&l=${l}`);
    const of = (kind: string) => list.find((e) => e.kind === kind)!.payload;
    expect(of('FORM_ASSIGNED').formName).toBe(formNames[l]);
    expect(of('FORM_RESPONSE').formName).toBe(formNames[l]);
    expect(of('CONDITION_ADDED').name).toBe(pathologyNames[l]);
  }
});
