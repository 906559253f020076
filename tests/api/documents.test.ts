/**
 * Documents of a patient file (issue 20 §1, spec 001 §3 Document, §7, §8): added by the patient,
 * a caregiver or a professional, as an uploaded file (type read from the bytes) or an external
 * link; listed paged, sorted and filtered by type; viewed (PDF and images inline, sandboxed) and
 * downloaded with their history entries; acknowledged by a professional only; excluded,
 * restored, and "deleted" as entered in error (kept, with who, when and why). Scope: the patient,
 * her caregivers (documents visible to caregivers only), the file's professionals; anyone else
 * 404. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, files } from '../../server/db/schema.ts';
import type { PatientDocument } from '../../schemas/documents.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { GIF, historyOf, MIME, newPatientFile, PNG, pdf, uploadFile } from '../helpers/questionnaires.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
async function call(local: string, method: Method, path: string, body?: object) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}
const bytesOf = (local: string, path: string) => as(local).then((b) => b.agent.get(path).buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}));

const add = (local: string, fileId: string, body: object, l = '') => call(local, 'post', `/api/patient_files/${fileId}/documents${l && `?l=${l}`}`, body);
const list = (local: string, fileId: string, query = '') => call(local, 'get', `/api/patient_files/${fileId}/documents${query && `?${query}`}`);

async function added(local: string, fileId: string, body: object): Promise<PatientDocument> {
  const res = await add(local, fileId, body);
  expect(res.status, res.text).toBe(201);
  return res.body as PatientDocument;
}
const link = (title: string, extra: object = {}) => ({ title, type: 'INFORMATION_DOCUMENT', externalUrl: 'https://example.org/video', ...extra });

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('adding and listing', () => {
  it('the patient adds a PDF she uploaded: it waits for acknowledgement, is attached, and DOCUMENT_ADDED is written', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const fileId = await uploadFile(await as('patient.open'), pdf(), 'compte-rendu.pdf', MIME.pdf);
    const doc = await added('patient.open', file, { title: 'Compte rendu', type: 'REPORT', fileId, startDate: '2025-01-10', endDate: '2025-02-10', reminderDate: '2025-01-20' });
    expect(doc).toMatchObject({
      title: 'Compte rendu', type: 'REPORT', source: 'patient', providedAsCaregiver: false, visibleToPatient: true,
      file: { id: fileId, name: 'compte-rendu.pdf', mimeType: 'application/pdf' }, externalUrl: null,
      acknowledgement: { status: 'WAITING', at: null }, startDate: '2025-01-10', reminderDate: '2025-01-20',
    });
    const history = await historyOf(db, file, 'DOCUMENT_ADDED');
    expect(history).toHaveLength(1);
    expect(history[0]!.payload).toEqual({ documentId: doc.id, title: 'Compte rendu' });
    // The upload is the document's now: another document cannot take it.
    expect((await add('patient.open', file, { title: 'Encore', type: 'REPORT', fileId })).status).toBe(404);
  });

  it('a caregiver adds a link: provided as caregiver, shared with caregivers, recorded on behalf of the patient', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const doc = await added('caregiver', file, link('Vidéo kiné'));
    expect(doc).toMatchObject({ source: 'caregiver', providedAsCaregiver: true, visibleToCaregivers: true, file: null, externalUrl: 'https://example.org/video' });
    const [entry] = await historyOf(db, file, 'DOCUMENT_ADDED');
    expect(entry!.onBehalfOfId).not.toBeNull();
  });

  it("a professional's document is acknowledged by its author; she chooses who sees it", async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const doc = await added('prescriber', file, link('Ordonnance', { type: 'PRESCRIPTION', visibleToPatient: true, visibleToCaregivers: false }));
    expect(doc.acknowledgement).toMatchObject({ status: 'ACKNOWLEDGED', by: { lastName: expect.any(String) } });
    expect(doc.visibleToCaregivers).toBe(false);
  });

  it('lists paged, sorted and filtered by type; each side sees what it may', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    await added('prescriber', file, link('B interne', { type: 'REPORT', visibleToPatient: false, visibleToCaregivers: false }));
    gw.clock.advance(1000);
    await added('prescriber', file, link('A pour la patiente', { type: 'IMAGING', visibleToPatient: true, visibleToCaregivers: false }));
    gw.clock.advance(1000);
    await added('prescriber', file, link('C pour tous', { type: 'IMAGING', visibleToPatient: true, visibleToCaregivers: true }));
    const titles = (res: { body: { data: PatientDocument[] } }) => res.body.data.map((d) => d.title);
    expect(titles(await list('prescriber', file))).toEqual(['C pour tous', 'A pour la patiente', 'B interne']);
    expect(titles(await list('prescriber', file, 'sort=title'))).toEqual(['A pour la patiente', 'B interne', 'C pour tous']);
    expect(titles(await list('prescriber', file, 'type=IMAGING&sort=-title'))).toEqual(['C pour tous', 'A pour la patiente']);
    const paged = await list('prescriber', file, 'pageSize=3&page=1&sort=createdAt');
    expect(paged.body).toMatchObject({ totalItems: 3 });
    expect(titles(await list('patient.open', file))).toEqual(['C pour tous', 'A pour la patiente']);
    expect(titles(await list('caregiver', file))).toEqual(['C pour tous']);
    expect((await list('prescriber', file, 'type=NOPE')).status).toBe(400);
  });

  it('refuses a bad body on its field, in the caller\'s language', async () => {
    const file = await newPatientFile(db);
    const fileId = await uploadFile(await as('patient.open'), PNG, 'scan.png', MIME.png);
    const cases: [object, string, string][] = [
      [{ title: ' ', type: 'OTHER', fileId }, 'body.title', 'field_required'],
      [{ title: 'x'.repeat(101), type: 'OTHER', fileId }, 'body.title', 'value_too_long'],
      [{ title: 'Scan', type: 'OTHER' }, 'body.fileId', 'document_file_or_link'],
      [{ title: 'Scan', type: 'OTHER', fileId, externalUrl: 'https://example.org' }, 'body.fileId', 'document_file_or_link'],
      [{ title: 'Scan', type: 'OTHER', externalUrl: 'javascript:alert(1)' }, 'body.externalUrl', 'bad_url'],
      [{ title: 'Scan', type: 'OTHER', fileId, startDate: '2025-02-30' }, 'body.startDate', 'date_invalid'],
      [{ title: 'Scan', type: 'OTHER', fileId, startDate: '2025-02-10', endDate: '2025-02-01' }, 'body.endDate', 'end_date_before_start'],
      [{ title: 'Scan', type: 'OTHER', fileId, startDate: '2025-02-10', reminderDate: '2025-02-01' }, 'body.reminderDate', 'reminder_outside_period'],
    ];
    for (const [body, field, code] of cases) {
      const res = await add('patient.open', file, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code, field });
    }
    expect((await add('patient.open', file, { title: 'Scan', type: 'NOT_A_TYPE', fileId })).status).toBe(400);
    expect((await add('patient.open', file, { title: 'Scan', type: 'OTHER', externalUrl: 'ftp://x' }, 'en')).body.message).toBe('The address is malformed.');
    expect((await add('patient.open', file, { title: 'Scan', type: 'OTHER' }, 'ar')).body.message).toBe('أرفق ملفًا أو أدخل رابطًا، أحدهما فقط.');
    // Someone else's upload is not found.
    const theirs = await uploadFile(await as('caregiver'), PNG, 'x.png', MIME.png);
    expect((await add('patient.open', file, { title: 'Scan', type: 'OTHER', fileId: theirs })).status).toBe(404);
  });

  it('the upload path refuses a type the bytes do not name, whatever the name says', async () => {
    await expect(uploadFile(await as('patient.open'), GIF, 'image.pdf', MIME.pdf)).rejects.toThrow(/upload: 400/);
    await expect(uploadFile(await as('patient.open'), Buffer.from('<html><script>alert(1)</script></html>'), 'page.pdf', MIME.pdf)).rejects.toThrow(/upload: 400/);
  });

  it('a closed file takes no document', async () => {
    const file = await newPatientFile(db, { status: 'CLOSED' });
    expect((await add('prescriber', file, link('Trop tard'))).status).toBe(409);
  });
});

describe('viewing and downloading', () => {
  it('views a PDF inline, sandboxed, and downloads it as an attachment; each writes its history entry', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const bytes = pdf('Résultats');
    const fileId = await uploadFile(await as('patient.open'), bytes, 'résultats.pdf', MIME.pdf);
    const doc = await added('patient.open', file, { title: 'Résultats', type: 'ANALYSIS_RESULTS', fileId });
    const viewed = await bytesOf('prescriber', `/api/documents/${doc.id}/stream`);
    expect(viewed.status).toBe(200);
    expect(viewed.headers['content-type']).toBe('application/pdf');
    expect(viewed.headers['content-disposition']).toMatch(/^inline/);
    expect(viewed.headers['content-security-policy']).toContain('sandbox');
    expect(viewed.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(viewed.body as Buffer, bytes)).toBe(0);
    const downloaded = await bytesOf('prescriber', `/api/documents/${doc.id}/download`);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment/);
    expect(downloaded.headers['content-security-policy']).toContain('sandbox');
    expect(await historyOf(db, file, 'DOCUMENT_VIEWED')).toHaveLength(1);
    expect(await historyOf(db, file, 'DOCUMENT_DOWNLOADED')).toHaveLength(1);
  });

  it('an image is viewed inline; a link has no bytes; lost bytes are not found and not recorded as seen', async () => {
    const file = await newPatientFile(db);
    const fileId = await uploadFile(await as('patient.open'), PNG, 'plaie.png', MIME.png);
    const doc = await added('patient.open', file, { title: 'Photo', type: 'IMAGING', fileId });
    const viewed = await bytesOf('patient.open', `/api/documents/${doc.id}/stream`);
    expect(viewed.headers['content-type']).toBe('image/png');
    expect(viewed.headers['content-disposition']).toMatch(/^inline/);
    const linkDoc = await added('patient.open', file, link('Vidéo'));
    expect((await call('patient.open', 'get', `/api/documents/${linkDoc.id}/stream`)).status).toBe(404);
    const before = (await historyOf(db, file, 'DOCUMENT_VIEWED')).length;
    await db.update(files).set({ storageKey: `lost-${randomUUID()}` }).where(eq(files.id, fileId));
    expect((await call('patient.open', 'get', `/api/documents/${doc.id}/stream`)).status).toBe(404);
    expect(await historyOf(db, file, 'DOCUMENT_VIEWED')).toHaveLength(before);
  });
});

describe('acknowledging, excluding, entered in error', () => {
  it('a professional acknowledges a waiting document once (by whom and when); the patient side may not', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const doc = await added('patient.open', file, link('Bilan', { visibleToCaregivers: true }));
    expect((await call('patient.open', 'post', `/api/documents/${doc.id}/acquit`)).status).toBe(403);
    expect((await call('caregiver', 'post', `/api/documents/${doc.id}/acquit`)).body.code).toBe('professionals_only');
    const res = await call('prescriber', 'post', `/api/documents/${doc.id}/acquit`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.acknowledgement).toMatchObject({ status: 'ACKNOWLEDGED', at: gw.clock.now().toISOString() });
    expect((await call('operator', 'post', `/api/documents/${doc.id}/acquit`)).body.code).toBe('document_already_acknowledged');
    expect(await historyOf(db, file, 'DOCUMENT_ACKNOWLEDGED')).toHaveLength(1);
    const seen = await call('patient.open', 'get', `/api/documents/${doc.id}`);
    expect(seen.body.acknowledgement.status).toBe('ACKNOWLEDGED');
  });

  it('excluded: hidden from the patient side, kept for professionals, restorable', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const doc = await added('prescriber', file, link('Info', { visibleToCaregivers: true }));
    expect((await call('patient.open', 'put', `/api/documents/${doc.id}/exclude`)).status).toBe(403);
    expect((await call('prescriber', 'put', `/api/documents/${doc.id}/exclude`)).status).toBe(200);
    expect((await call('prescriber', 'put', `/api/documents/${doc.id}/exclude`)).body.code).toBe('document_excluded');
    expect((await list('patient.open', file)).body.data).toHaveLength(0);
    expect((await call('caregiver', 'get', `/api/documents/${doc.id}`)).status).toBe(404);
    expect((await list('prescriber', file)).body.data).toHaveLength(0);
    expect((await list('prescriber', file, 'state=excluded')).body.data).toHaveLength(1);
    // The patient's side sees live ones only, whatever it asks.
    expect((await list('patient.open', file, 'state=all')).body.data).toHaveLength(0);
    expect((await call('prescriber', 'put', `/api/documents/${doc.id}/restore`)).status).toBe(200);
    expect((await list('patient.open', file)).body.data).toHaveLength(1);
    expect(await historyOf(db, file, 'DOCUMENT_EXCLUDED')).toHaveLength(1);
    expect(await historyOf(db, file, 'DOCUMENT_RESTORED')).toHaveLength(1);
  });

  it('"delete" marks it entered in error with who, when and why; the row and its file stay', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const fileId = await uploadFile(await as('patient.open'), PNG, 'mauvais.png', MIME.png);
    const mine = await added('patient.open', file, { title: 'Mauvais scan', type: 'OTHER', fileId });
    const theirs = await added('prescriber', file, link('Du service'));
    expect((await call('patient.open', 'delete', `/api/documents/${theirs.id}`, { reason: 'Pas à moi' })).status).toBe(403);
    expect((await call('patient.open', 'delete', `/api/documents/${mine.id}`, { reason: ' ' })).body).toMatchObject({ code: 'field_required', field: 'body.reason' });
    const res = await call('patient.open', 'delete', `/api/documents/${mine.id}`, { reason: 'Mauvais fichier' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.enteredInError).toMatchObject({ reason: 'Mauvais fichier', at: gw.clock.now().toISOString() });
    expect((await call('patient.open', 'get', `/api/documents/${mine.id}`)).status).toBe(404);
    expect((await list('prescriber', file, 'state=entered_in_error')).body.data.map((d: PatientDocument) => d.id)).toEqual([mine.id]);
    expect((await call('prescriber', 'post', `/api/documents/${mine.id}/acquit`)).body.code).toBe('document_entered_in_error');
    const [row] = await db.select().from(documents).where(eq(documents.id, mine.id));
    expect(row!.fileId).toBe(fileId);
    expect(await historyOf(db, file, 'DOCUMENT_ENTERED_IN_ERROR')).toHaveLength(1);
  });
});

describe('waiting for acknowledgement, in an establishment', () => {
  it("lists the patient's side's live documents no professional has acknowledged, oldest first, for those who open the files", async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const azur = await establishmentIdOf(db, 'chu-azur');
    const waiting = async (local: string) => {
      const res = await call(local, 'get', `/api/establishments/${azur}/documents/waiting?pageSize=50`);
      expect(res.status, res.text).toBe(200);
      return (res.body.data as { id: string; source: string; patient: { lastName: string } }[]).filter((d) => mine.includes(d.id));
    };
    const first = await added('patient.open', file, link(`Ordonnance ${randomUUID()}`));
    const second = await added('caregiver', file, link(`Photo ${randomUUID()}`));
    const pro = await added('prescriber', file, link(`Compte rendu ${randomUUID()}`));
    const excluded = await added('patient.open', file, link(`Doublon ${randomUUID()}`));
    const acknowledged = await added('patient.open', file, link(`Analyse ${randomUUID()}`));
    const mine = [first.id, second.id, pro.id, excluded.id, acknowledged.id];
    // Added an hour apart (the test's calls may share one instant): the longest waiting comes first.
    const hour = 3_600_000;
    await db.update(documents).set({ createdAt: new Date(Date.now() - 3 * hour) }).where(eq(documents.id, first.id));
    await db.update(documents).set({ createdAt: new Date(Date.now() - 2 * hour) }).where(eq(documents.id, second.id));
    expect((await call('prescriber', 'put', `/api/documents/${excluded.id}/exclude`)).status).toBe(200);
    expect((await call('prescriber', 'post', `/api/documents/${acknowledged.id}/acquit`)).status).toBe(200);

    const listed = await waiting('prescriber');
    expect(listed.map((d) => [d.id, d.source])).toEqual([[first.id, 'patient'], [second.id, 'caregiver']]);
    expect(listed[0]!.patient.lastName).toBe('Martin');
    expect((await call('prescriber', 'post', `/api/documents/${first.id}/acquit`)).status).toBe(200);
    expect((await waiting('prescriber')).map((d) => d.id)).toEqual([second.id]);
    // Those who do not open the establishment's files: 404, as any list of patient data.
    for (const local of ['patient.open', 'caregiver', 'manager', 'admin.establishment']) {
      expect((await call(local, 'get', `/api/establishments/${azur}/documents/waiting`)).status, local).toBe(404);
    }
  });
});

describe('editing', () => {
  const edit = (local: string, id: string, body: object, l = '') => call(local, 'patch', `/api/documents/${id}${l && `?l=${l}`}`, body);

  it('whoever added it edits title, description, type and dates; DOCUMENT_UPDATED names the changed fields', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const doc = await added('patient.open', file, link('Bilan', { type: 'ANALYSIS_RESULTS', startDate: '2026-01-10', endDate: '2026-03-10' }));
    const res = await edit('patient.open', doc.id, { title: 'Bilan de janvier', description: 'À jeun', type: 'REPORT', endDate: '2026-04-10', visibleToCaregivers: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ title: 'Bilan de janvier', description: 'À jeun', type: 'REPORT', startDate: '2026-01-10', endDate: '2026-04-10', visibleToCaregivers: true, externalUrl: 'https://example.org/video' });
    const [entry] = await historyOf(db, file, 'DOCUMENT_UPDATED');
    expect(entry!.payload).toEqual({ documentId: doc.id, title: 'Bilan de janvier', changed: ['title', 'description', 'type', 'endDate', 'visibleToCaregivers'] });
    // A date cleared with null; the same values again change nothing and record nothing.
    expect((await edit('patient.open', doc.id, { endDate: null })).body.endDate).toBeNull();
    expect((await edit('patient.open', doc.id, { title: 'Bilan de janvier', endDate: null })).status).toBe(200);
    expect((await edit('patient.open', doc.id, {})).status).toBe(200);
    // The clock is frozen: both entries have the same instant, in no given order.
    const changes = (await historyOf(db, file, 'DOCUMENT_UPDATED')).map((e) => (e.payload as { changed: string[] }).changed);
    expect(changes).toHaveLength(2);
    expect(changes).toEqual(expect.arrayContaining([['title', 'description', 'type', 'endDate', 'visibleToCaregivers'], ['endDate']]));
    // A professional of the file edits it too, and chooses who sees it.
    const pro = await edit('prescriber', doc.id, { visibleToPatient: false, reminderDate: '2026-02-01' });
    expect(pro.status, pro.text).toBe(200);
    expect(pro.body).toMatchObject({ visibleToPatient: false, reminderDate: '2026-02-01' });
  });

  it('the rules of an added document on the merged one, on their field, in the caller\'s language', async () => {
    const file = await newPatientFile(db);
    const doc = await added('prescriber', file, link('Ordonnance', { type: 'PRESCRIPTION', startDate: '2026-01-10', endDate: '2026-03-10' }));
    expect((await edit('prescriber', doc.id, { endDate: '2026-01-01' }, 'en')).body).toMatchObject({ code: 'end_date_before_start', field: 'body.endDate' });
    expect((await edit('prescriber', doc.id, { reminderDate: '2026-05-01' })).body).toMatchObject({ code: 'reminder_outside_period', field: 'body.reminderDate' });
    expect((await edit('prescriber', doc.id, { startDate: '2026-02-30' })).body).toMatchObject({ code: 'date_invalid', field: 'body.startDate' });
    expect((await edit('prescriber', doc.id, { title: ' ' })).body).toMatchObject({ code: 'field_required', field: 'body.title' });
    expect((await edit('prescriber', doc.id, { title: 'x'.repeat(101) })).body).toMatchObject({ code: 'value_too_long', field: 'body.title' });
    // Neither the file nor the link changes: another one is another document.
    expect((await edit('prescriber', doc.id, { externalUrl: 'https://example.org/autre' })).status).toBe(400);
    expect((await edit('prescriber', doc.id, { title: 12 })).status).toBe(400);
    expect(await historyOf(db, file, 'DOCUMENT_UPDATED')).toHaveLength(0);
    const [row] = await db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ title: 'Ordonnance', endDate: '2026-03-10', reminderDate: null });
  });

  it('someone else\'s document, visibility from the patient\'s side, a renewed type, entered in error: refused', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const pros = await added('prescriber', file, link('Du service', { visibleToCaregivers: true }));
    expect((await edit('patient.open', pros.id, { title: 'Le mien' })).body).toMatchObject({ code: 'professionals_only' });
    expect((await edit('caregiver', pros.id, { title: 'Le mien' })).status).toBe(403);
    const mine = await added('patient.open', file, link('Le mien'));
    expect((await edit('patient.open', mine.id, { visibleToPatient: false })).body).toMatchObject({ code: 'professionals_only', field: 'body.visibleToPatient' });
    const theirs = await added('caregiver', file, link('De l’aidant'));
    expect((await edit('caregiver', theirs.id, { visibleToCaregivers: false })).body).toMatchObject({ code: 'professionals_only', field: 'body.visibleToCaregivers' });
    expect((await edit('caregiver', theirs.id, { title: 'De l’aidant, corrigé' })).status).toBe(200);

    const rx = await added('prescriber', file, link('Ordonnance', { type: 'PRESCRIPTION', startDate: '2026-01-10', endDate: '2026-03-10' }));
    const renewal = await call('prescriber', 'post', `/api/documents/${rx.id}/renew`, { title: 'Suite', externalUrl: 'https://example.org/suite', startDate: '2026-03-11', endDate: '2026-06-10' });
    expect(renewal.status, renewal.text).toBe(201);
    expect((await edit('prescriber', rx.id, { type: 'REPORT' })).body).toMatchObject({ code: 'prescription_type_linked', field: 'body.type' });
    expect((await edit('prescriber', renewal.body.id, { type: 'REPORT' })).status).toBe(409);
    expect((await edit('prescriber', renewal.body.id, { endDate: null })).body).toMatchObject({ code: 'field_required', field: 'body.endDate' });
    expect((await edit('prescriber', rx.id, { title: 'Ordonnance initiale' })).status).toBe(200);

    expect((await call('patient.open', 'delete', `/api/documents/${mine.id}`, { reason: 'Mauvais fichier' })).status).toBe(200);
    expect((await edit('prescriber', mine.id, { title: 'Trop tard' })).body).toMatchObject({ code: 'document_entered_in_error' });
    expect((await edit('patient.multi', pros.id, { title: 'Pas à moi' })).status).toBe(404);
  });
});

describe('scope', () => {
  it('nobody outside the file finds a document: another patient, another establishment, a manager (no patient data), the back office', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const doc = await added('prescriber', file, link('Confidentiel', { visibleToCaregivers: true }));
    // The access matrix drives every route with another service's and establishment's documents too.
    for (const local of ['patient.multi', 'admin.establishment', 'manager', 'admin']) {
      expect((await call(local, 'get', `/api/documents/${doc.id}`)).status, local).toBe(404);
      expect((await list(local, file)).status, local).toBe(404);
      expect((await call(local, 'post', `/api/documents/${doc.id}/acquit`)).status, local).toBe(404);
      expect((await call(local, 'get', `/api/documents/${doc.id}/download`)).status, local).toBe(404);
    }
    const hidden = await added('prescriber', file, link('Pour la patiente', { visibleToCaregivers: false }));
    expect((await call('caregiver', 'get', `/api/documents/${hidden.id}`)).status).toBe(404);
    expect((await call('patient.open', 'get', `/api/documents/${hidden.id}`)).status).toBe(200);
  });

  it('works under an Idempotency-Key: a retry answers the same document, once', async () => {
    const file = await newPatientFile(db);
    const b = await as('prescriber');
    const key = randomUUID();
    const send = () => b.agent.post(`/api/patient_files/${file}/documents`).set('x-csrf-token', b.csrf).set('idempotency-key', key).send(link('Une fois'));
    const first = await send();
    const second = await send();
    expect(first.status, first.text).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect((await list('prescriber', file)).body.data).toHaveLength(1);
  });
});
