/**
 * Therapeutic content (issue 20 §2): a service's library, kept by its protocol managers (the
 * Cardiologie prescriber; not the operator, who holds no protocol privilege; not a prescriber of
 * another service), read by the patients and caregivers of every file of the service through
 * `GET /patient_files/:id/content`, one item (EDUCATION_VIEWED in the file's history) and its
 * bytes (Range for videos, for every stored file). Archived items are hidden from the patient
 * side and kept. A YouTube address is kept as its video id only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientFiles } from '../../server/db/schema.ts';
import { demoPdf } from '../../server/demo/documents.ts';
import { youtubeVideoId } from '../../server/care/education/youtube.ts';
import { byteRange } from '../../server/care/files/send.ts';
import type { EducationItem, PatientContent } from '../../schemas/education.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { historyOf, MIME, newPatientFile, PNG, uploadFile } from '../helpers/questionnaires.ts';
import { patientFileIdsOf } from '../helpers/demo-data.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();
let cardiology: string;
let file: string;

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
const binary = (req: ReturnType<Browser['agent']['get']>) => req.buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
});

/** The smallest MP4 file-type names: an `ftyp` box (isom), then an empty `mdat`. */
const MP4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
  Buffer.from('00000408', 'hex'), Buffer.from('mdat', 'latin1'), Buffer.alloc(0x400, 7),
]);

async function added(body: object, local = 'prescriber'): Promise<EducationItem> {
  const res = await call(local, 'post', `/api/services/${cardiology}/education`, body);
  expect(res.status, res.text).toBe(201);
  return res.body as EducationItem;
}
const content = async (local: string, fileId = file, query = '') => {
  const res = await call(local, 'get', `/api/patient_files/${fileId}/content${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as PatientContent;
};

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  file = await newPatientFile(db, { caregivers: ['caregiver'] });
  const [row] = await db.select({ serviceId: patientFiles.serviceId }).from(patientFiles).where(eq(patientFiles.id, file));
  cardiology = row!.serviceId;
});
afterAll(async () => { await gw?.close(); });

describe('a YouTube address', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=short', undefined],
    ['https://evil.example/watch?v=dQw4w9WgXcQ', undefined],
    ['javascript:alert(1)//youtu.be/dQw4w9WgXcQ', undefined],
    ['dQw4w9WgXcQ', undefined],
  ])('%s → %s', (address, id) => { expect(youtubeVideoId(address)).toBe(id); });
});

describe('the library, kept by the service protocol managers', () => {
  it('adds a YouTube video as its id only, a PDF document, an image and a video; patients and caregivers of the service see them by title', async () => {
    const video = await added({ kind: 'youtube', title: 'Zz YouTube', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(video).toMatchObject({ kind: 'youtube', youtubeId: 'dQw4w9WgXcQ', file: null, archivedAt: null });
    const pdf = await added({ kind: 'document', title: 'Zz Guide', description: 'À lire', fileId: await uploadFile(await as('prescriber'), demoPdf('Guide'), 'guide.pdf', MIME.pdf) });
    expect(pdf.file).toMatchObject({ name: 'guide.pdf', mimeType: 'application/pdf' });
    await added({ kind: 'image', title: 'Zz Image', fileId: await uploadFile(await as('prescriber'), PNG, 'image.png', MIME.png) });
    await added({ kind: 'video', title: 'Zz Film', fileId: await uploadFile(await as('prescriber'), MP4, 'film.mp4', 'video/mp4') });
    for (const local of ['patient.open', 'caregiver', 'operator']) {
      const titles = (await content(local)).documents.map((d) => d.title).filter((t) => t.startsWith('Zz'));
      expect(titles, local).toEqual(['Zz Film', 'Zz Guide', 'Zz Image', 'Zz YouTube']);
    }
  });

  it('refuses a bad address, a file of another kind, a missing source, a blank title, on their fields (the message in the language asked)', async () => {
    const bad = await call('prescriber', 'post', `/api/services/${cardiology}/education?l=ar`, { kind: 'youtube', title: 'X', youtubeUrl: 'https://vimeo.com/1' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'youtube_url_invalid', field: 'body.youtubeUrl' });
    expect(bad.body.message).toMatch(/YouTube/);
    const png = await uploadFile(await as('prescriber'), PNG, 'pas-un-pdf.png', MIME.png);
    const mismatch = await call('prescriber', 'post', `/api/services/${cardiology}/education`, { kind: 'document', title: 'X', fileId: png });
    expect(mismatch.body).toMatchObject({ code: 'education_file_kind_mismatch', field: 'body.fileId' });
    const missing = await call('prescriber', 'post', `/api/services/${cardiology}/education`, { kind: 'video', title: 'X' });
    expect(missing.body).toMatchObject({ code: 'field_required', field: 'body.fileId' });
    const blank = await call('prescriber', 'post', `/api/services/${cardiology}/education`, { kind: 'youtube', title: '   ', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(blank.status).toBe(400);
    // Someone else's upload is not found.
    const theirs = await uploadFile(await as('patient.open'), demoPdf('x'), 'x.pdf', MIME.pdf);
    expect((await call('prescriber', 'post', `/api/services/${cardiology}/education`, { kind: 'document', title: 'X', fileId: theirs })).status).toBe(404);
  });

  it('is not found for the operator (no protocol privilege), a patient, an admin of another establishment; the super admin keeps it', async () => {
    for (const local of ['operator', 'patient.open', 'admin.establishment']) {
      expect((await call(local, 'get', `/api/services/${cardiology}/education`)).status, local).toBe(404);
      expect((await call(local, 'post', `/api/services/${cardiology}/education`, { kind: 'youtube', title: 'X', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' })).status, local).toBe(404);
    }
    expect((await call('superadmin', 'get', `/api/services/${cardiology}/education`)).status).toBe(200);
  });

  it('edits the words; archives (hidden from the patient side, kept, listed with archived=all) and restores', async () => {
    const item = await added({ kind: 'youtube', title: 'Zz Archivé', youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const edited = await call('prescriber', 'put', `/api/education/${item.id}`, { title: 'Zz Archivé bientôt', description: null });
    expect(edited.body).toMatchObject({ title: 'Zz Archivé bientôt', youtubeId: 'dQw4w9WgXcQ' });
    expect(edited.body.updatedAt).not.toBeNull();
    const archived = await call('prescriber', 'post', `/api/education/${item.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).not.toBeNull();
    expect((await content('patient.open')).documents.map((d) => d.id)).not.toContain(item.id);
    expect((await call('patient.open', 'get', `/api/patient_files/${file}/content/${item.id}`)).status).toBe(404);
    expect((await call('prescriber', 'get', `/api/services/${cardiology}/education`)).body.map((d: EducationItem) => d.id)).not.toContain(item.id);
    expect((await call('prescriber', 'get', `/api/services/${cardiology}/education?archived=all`)).body.map((d: EducationItem) => d.id)).toContain(item.id);
    await call('prescriber', 'post', `/api/education/${item.id}/restore`);
    expect((await content('caregiver')).documents.map((d) => d.id)).toContain(item.id);
  });
});

describe('the patient side', () => {
  it('opening an item writes EDUCATION_VIEWED (on behalf of the patient for a caregiver); a professional opening it does not', async () => {
    const item = await added({ kind: 'youtube', title: 'Zz Vu', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    expect((await call('patient.open', 'get', `/api/patient_files/${file}/content/${item.id}`)).body).toMatchObject({ id: item.id, youtubeId: 'dQw4w9WgXcQ' });
    await call('caregiver', 'get', `/api/patient_files/${file}/content/${item.id}`);
    await call('prescriber', 'get', `/api/patient_files/${file}/content/${item.id}`);
    const viewed = (await historyOf(db, file, 'EDUCATION_VIEWED')).filter((h) => (h.payload as { contentId: string }).contentId === item.id);
    expect(viewed).toHaveLength(2);
    expect(viewed[0]!.payload).toEqual({ contentId: item.id, title: 'Zz Vu', kind: 'youtube' });
    expect(viewed[1]!.onBehalfOfId).not.toBeNull();
  });

  it("a patient of another service finds neither the item nor its bytes (404), even through her own file", async () => {
    const item = await added({ kind: 'document', title: 'Zz Privé', fileId: await uploadFile(await as('prescriber'), demoPdf('x'), 'x.pdf', MIME.pdf) });
    const [tilleuls] = await patientFileIdsOf(db, 'patient.multi');
    for (const fileId of [file, tilleuls!]) {
      expect((await call('patient.multi', 'get', `/api/patient_files/${fileId}/content/${item.id}`)).status).toBe(404);
      expect((await call('patient.multi', 'get', `/api/patient_files/${fileId}/content/${item.id}/file`)).status).toBe(404);
    }
    expect((await content('patient.multi', tilleuls!)).documents.map((d) => d.id)).not.toContain(item.id);
  });

  it('submissionTypes=FREE adds the free questionnaires; withDocuments=false leaves the documents out', async () => {
    const own = await content('patient.open', file, '?submissionTypes=FREE&withDocuments=false');
    expect(own.documents).toEqual([]);
    expect(Array.isArray(own.questionnaires)).toBe(true);
    expect((await content('patient.open')).questionnaires).toEqual([]);
    expect((await call('patient.open', 'get', `/api/patient_files/${file}/content?withDocuments=yes`)).status).toBe(400);
  });

  it('sends the bytes inline and sandboxed; a Range is answered 206 with that slice; a range past the end gets the whole file', async () => {
    const bytes = demoPdf('Range');
    const item = await added({ kind: 'document', title: 'Zz Plage', fileId: await uploadFile(await as('prescriber'), bytes, 'plage.pdf', MIME.pdf) });
    const url = `/api/patient_files/${file}/content/${item.id}/file`;
    const whole = await binary((await as('patient.open')).agent.get(url));
    expect(whole.status).toBe(200);
    expect(whole.headers['content-disposition']).toMatch(/^inline/);
    expect(whole.headers['content-security-policy']).toContain('sandbox');
    // Framed by the app's education screen only, still sandboxed.
    expect(whole.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(whole.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.body as Buffer, bytes)).toBe(0);
    const part = await binary((await as('patient.open')).agent.get(url).set('range', 'bytes=5-14'));
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-14/${bytes.length}`);
    expect(Buffer.compare(part.body as Buffer, bytes.subarray(5, 15))).toBe(0);
    const tail = await binary((await as('patient.open')).agent.get(url).set('range', 'bytes=-7'));
    expect(Buffer.compare(tail.body as Buffer, bytes.subarray(bytes.length - 7))).toBe(0);
    const past = await binary((await as('patient.open')).agent.get(url).set('range', `bytes=${bytes.length + 10}-`));
    expect(past.status).toBe(200);
    expect((past.body as Buffer).length).toBe(bytes.length);
  });

  it('streams a video with ranges a player seeks with', async () => {
    const item = await added({ kind: 'video', title: 'Zz Film 2', fileId: await uploadFile(await as('prescriber'), MP4, 'film.mp4', 'video/mp4') });
    const part = await binary((await as('caregiver')).agent.get(`/api/patient_files/${file}/content/${item.id}/file`).set('range', 'bytes=1000-'));
    expect(part.status).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(Buffer.compare(part.body as Buffer, MP4.subarray(1000))).toBe(0);
  });
});

it("the app's pages may frame themselves and YouTube's privacy-enhanced player, nothing else", async () => {
  const res = await call('patient.open', 'get', '/api/me');
  expect(res.headers['content-security-policy']).toContain("frame-src 'self' https://www.youtube-nocookie.com");
  expect(res.headers['x-frame-options']).toBe('DENY');
});

describe('byteRange', () => {
  it.each([
    ['bytes=0-0', 10, { start: 0, end: 0 }], ['bytes=2-', 10, { start: 2, end: 9 }], ['bytes=2-100', 10, { start: 2, end: 9 }],
    ['bytes=-3', 10, { start: 7, end: 9 }], ['bytes=-30', 10, { start: 0, end: 9 }],
    ['bytes=5-2', 10, undefined], ['bytes=10-', 10, undefined], ['bytes=0-1,3-4', 10, undefined], ['items=0-1', 10, undefined], ['bytes=-0', 10, undefined], [undefined, 10, undefined],
  ] as const)('%s of %i bytes', (header, size, range) => { expect(byteRange(header, size)).toEqual(range); });
});
