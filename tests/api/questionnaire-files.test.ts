/**
 * Issue 5 §4-5, §8: file questions (prepare, upload to the returned address, link by answering),
 * types read from the bytes (png, jpeg, pdf only), one file per upload, a file answer must be
 * the caller's own uploaded file of an accepted type; and every questionnaire of the corpus
 * round-trips through the API: assigned, answered with a sample answer, read back.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileAttachments, files, formResponses } from '../../server/db/schema.ts';
import { computeAll } from '../../schemas/computed.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { corpusFiles, FILE_PLACEHOLDER, sampleAnswer } from '../helpers/form-corpus.ts';
import { calls, formIdOf, GIF, JPEG, MIME, newPatientFile, PNG, pdf, uploadFile } from '../helpers/questionnaires.ts';
import { holdHistoryWrites } from '../helpers/held-transactions.ts';

const PDF = pdf();
let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const ids: Record<string, string> = {};
const browsers = new Map<string, Promise<Browser>>();
const browser = (local: string) => {
  if (!browsers.has(local)) browsers.set(local, login(gw.app, demoEmail(local)));
  return browsers.get(local)!;
};
const as = async (local: string) => calls(await browser(local));

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  ids.postOp = await formIdOf(db, 'chu-azur', 'POST-OP');
});
afterAll(async () => { await gw?.close(); });

const fileRow = async (id: string) => (await db.select().from(files).where(eq(files.id, id)))[0]!;
/** What the file is attached to (file_attachments), if anything. */
const ownerOf = async (id: string) => (await db.select().from(fileAttachments).where(eq(fileAttachments.fileId, id)))[0];
/** The stored bytes of a file, read back from the storage. */
const storedBytes = async (id: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of (await gw.app.storage.get((await fileRow(id)).storageKey!))!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('POST /files/prepare, then the upload address', () => {
  it('prepares a file and answers where to upload it', async () => {
    const res = await (await as('patient.open')).prepare('cicatrice.png');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: expect.any(String), name: 'cicatrice.png', description: null, public: false, mimeType: null, size: null, upload_url: `/api/files/${res.body.id}/upload` });
  });

  it.each([
    ['a PNG', PNG, 'photo.png', MIME.png, 'image/png'],
    ['a JPEG', JPEG, 'photo.jpg', MIME.jpeg, 'image/jpeg'],
    ['a PDF', PDF, 'compte-rendu.pdf', MIME.pdf, 'application/pdf'],
    ['a PNG announced as a PDF', PNG, 'lettre.pdf', MIME.pdf, 'image/png'],
    ['a JPEG announced as text', JPEG, 'notes.txt', 'text/plain', 'image/jpeg'],
  ])('uploads %s and records the type read from its bytes, and gives the same bytes back', async (_case, bytes, filename, contentType, stored) => {
    const c = await as('patient.open');
    const prepared = (await c.prepare(filename)).body;
    const res = await c.upload(prepared.upload_url, [{ bytes, filename, contentType }]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: prepared.id, mimeType: stored, size: bytes.length });
    const download = await c.download(prepared.id);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toContain(stored);
    expect(Buffer.compare(download.body as Buffer, bytes)).toBe(0);
  });

  it.each([
    ['a text file renamed .png, announced as image/png', Buffer.from('Ceci est une photo, promis.\n'), 'photo.png', MIME.png],
    ['a GIF (an image, but not an accepted type)', GIF, 'photo.gif', 'image/gif'],
    ['an HTML page announced as a PDF', Buffer.from('<!doctype html><script>alert(1)</script>'), 'lettre.pdf', MIME.pdf],
    ['a PNG truncated to its first bytes', PNG.subarray(0, 3), 'photo.png', MIME.png],
  ])('refuses %s (file_type_refused, by its bytes), and the same file can be retried', async (_case, bytes, filename, contentType) => {
    const c = await as('patient.open');
    const prepared = (await c.prepare(filename)).body;
    const res = await c.upload(prepared.upload_url, [{ bytes, filename, contentType }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'file_type_refused', field: 'body.file' });
    const row = await fileRow(prepared.id);
    expect([row.uploadedAt, row.storageKey, row.mimeType]).toEqual([null, null, null]);
    expect((await c.download(prepared.id)).status).toBe(404);
    // Retry of the failed file with a real picture.
    const retry = await c.upload(prepared.upload_url, [{ bytes: PNG, filename: 'photo.png', contentType: MIME.png }]);
    expect(retry.status, retry.text).toBe(200);
  });

  it('refuses two files in one upload (multiple_uploads), storing neither', async () => {
    const c = await as('patient.open');
    const prepared = (await c.prepare('photos.png')).body;
    const res = await c.upload(prepared.upload_url, [
      { bytes: PNG, filename: 'a.png', contentType: MIME.png },
      { bytes: JPEG, filename: 'b.jpg', contentType: MIME.jpeg },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'multiple_uploads', message: 'We do not supports multiple uploads' });
    expect((await fileRow(prepared.id)).uploadedAt).toBeNull();
  });

  it('refuses an upload without a file, a second upload of the same file, and an upload to the file of someone else', async () => {
    const c = await as('patient.open');
    const prepared = (await c.prepare('photo.png')).body;
    const empty = await (await browser('patient.open')).agent.post(prepared.upload_url).set('x-csrf-token', (await browser('patient.open')).csrf).field('name', 'x');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('file_missing');
    const notMultipart = await (await browser('patient.open')).agent.post(prepared.upload_url).set('x-csrf-token', (await browser('patient.open')).csrf).send({ file: 'x' });
    expect(notMultipart.status).toBeGreaterThanOrEqual(400);
    expect((await c.upload(prepared.upload_url, [{ bytes: PNG, filename: 'photo.png', contentType: MIME.png }])).status).toBe(200);
    const again = await c.upload(prepared.upload_url, [{ bytes: JPEG, filename: 'photo.jpg', contentType: MIME.jpeg }]);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('file_already_uploaded');
    expect(Buffer.compare(await storedBytes(prepared.id), PNG)).toBe(0);

    const mine = (await (await as('caregiver')).prepare('x.png')).body;
    expect((await c.upload(mine.upload_url, [{ bytes: PNG, filename: 'x.png', contentType: MIME.png }])).status).toBe(404);
    expect((await c.download(mine.id)).status).toBe(404);
    expect((await (await as('caregiver')).download(prepared.id)).status).toBe(404);
  });

  it('renames a file of the caller with PUT /files/{id}, and only theirs', async () => {
    const c = await as('patient.open');
    const id = await uploadFile(await browser('patient.open'), PNG, 'photo.png', MIME.png);
    const b = await browser('patient.open');
    const res = await b.agent.put(`/api/files/${id}`).set('x-csrf-token', b.csrf).send({ name: 'cicatrice J3.png', description: 'Troisième jour' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'cicatrice J3.png', description: 'Troisième jour', mimeType: 'image/png' });
    const other = await browser('caregiver');
    expect((await other.agent.put(`/api/files/${id}`).set('x-csrf-token', other.csrf).send({ name: 'x' })).status).toBe(404);
    expect((await c.download(id)).headers['content-disposition']).toBe('inline; filename="cicatrice J3.png"');
  });
});

describe('file answers of the post-operative follow-up', () => {
  /** A new file with the follow-up assigned; answers its first occurrence. */
  async function followUp() {
    const fileId = await newPatientFile(db, { caregivers: ['caregiver'] });
    expect((await (await as('prescriber')).assign(fileId, ids.postOp!)).status).toBe(200);
    const tasks = (await (await as('patient.open')).tasks(fileId)).body.data as { occurrenceId: string; status: string }[];
    return { fileId, occurrenceId: tasks.find((t) => t.status === 'available')!.occurrenceId };
  }
  const answers = (photo: string, letter?: string) => ({
    ...sampleAnswer('post-operative-follow-up'), woundPhoto: photo, ...(letter ? { letter } : { letter: undefined }),
  });

  it.each([
    ['a PNG photo and a PDF letter', PNG, MIME.png, PDF],
    ['a JPEG photo, no letter', JPEG, MIME.jpeg, undefined],
  ])('accepts %s, links the files to the response, and reads them back', async (_case, photoBytes, photoType, letterBytes) => {
    const { fileId, occurrenceId } = await followUp();
    const b = await browser('patient.open');
    const photo = await uploadFile(b, photoBytes, 'cicatrice', photoType);
    const letter = letterBytes ? await uploadFile(b, letterBytes, 'lettre.pdf', MIME.pdf) : undefined;
    const res = await calls(b).answer(fileId, { formId: ids.postOp!, occurrenceId, answers: answers(photo, letter) });
    expect(res.status, res.text).toBe(201);
    const owner = { ownerKind: 'form_response', ownerId: res.body.id, patientFileId: fileId };
    expect(await ownerOf(photo)).toMatchObject(owner);
    if (letter) expect(await ownerOf(letter)).toMatchObject(owner);
    const stored = (await (await as('prescriber')).response(res.body.id)).body;
    expect(stored.answers.woundPhoto).toBe(photo);
    expect(stored.answers.letter).toBe(letter);
  });

  it("lets the file's professionals open the photo, with its type read from the bytes, and nobody outside the file", async () => {
    const { fileId, occurrenceId } = await followUp();
    const b = await browser('patient.open');
    const photo = await uploadFile(b, PNG, 'cicatrice', MIME.png);
    expect((await calls(b).answer(fileId, { formId: ids.postOp!, occurrenceId, answers: answers(photo) })).status).toBe(201);
    const opened = await (await browser('prescriber')).agent.get(`/api/patient_files/${fileId}/files/${photo}/download`).buffer(true);
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(opened.body as Buffer, PNG)).toBe(0);
    // Another establishment's professional, and a file id outside this patient file, are not found.
    expect((await (await browser('admin.establishment')).agent.get(`/api/patient_files/${fileId}/files/${photo}/download`)).status).toBe(404);
    const stray = await uploadFile(b, PNG, 'autre', MIME.png);
    expect((await (await browser('prescriber')).agent.get(`/api/patient_files/${fileId}/files/${stray}/download`)).status).toBe(404);
  });

  it.each([
    ['a PDF as the wound photo', 'woundPhoto', async (b: Browser) => uploadFile(b, PDF, 'photo.pdf', MIME.pdf), 400, 'file_type_refused'],
    ['a PNG announced as a PDF as the letter (the bytes decide)', 'letter', async (b: Browser) => uploadFile(b, PNG, 'lettre.pdf', MIME.pdf), 400, 'file_type_refused'],
    ['a JPEG as the letter', 'letter', async (b: Browser) => uploadFile(b, JPEG, 'lettre.jpg', MIME.jpeg), 400, 'file_type_refused'],
    ['a PDF larger than the 5 MB the letter accepts', 'letter', async (b: Browser) => uploadFile(b, pdf('x'.repeat(5.5 * 1_048_576)), 'gros.pdf', MIME.pdf), 400, 'file_too_large'],
    ['a file prepared but never uploaded', 'woundPhoto', async (b: Browser) => (await calls(b).prepare('photo.png')).body.id as string, 400, 'answer_invalid'],
    // Ids outside the caller's own files are not found, whether they exist or not (no existence oracle).
    ["another user's uploaded file", 'woundPhoto', async () => uploadFile(await browser('caregiver'), PNG, 'photo.png', MIME.png), 404, 'not_found'],
    ['a file id that does not exist', 'woundPhoto', async () => randomUUID(), 404, 'not_found'],
    ['something that is not a file id', 'woundPhoto', async () => 'https://example.org/photo.png', 400, 'answer_invalid'],
  ])('refuses %s', async (_case, field, make, status, code) => {
    const { fileId, occurrenceId } = await followUp();
    const b = await browser('patient.open');
    const value = await make(b);
    const uploaded = [await uploadFile(b, PNG, 'photo.png', MIME.png), await uploadFile(b, PDF, 'lettre.pdf', MIME.pdf)] as const;
    const base = answers(...uploaded);
    const res = await calls(b).answer(fileId, { formId: ids.postOp!, occurrenceId, answers: { ...base, [field]: value } }, 'en');
    expect(res.status, res.text).toBe(status);
    expect(res.body).toMatchObject({ code, field: `body.answers.${field}` });
    if (code === 'answer_invalid') expect(res.body.message).toContain('No file received.');
    // Nothing attached by a refused send: the files stay the patient's to send again.
    for (const id of uploaded) expect(await ownerOf(id)).toBeUndefined();
    expect((await (await as('patient.open')).tasks(fileId)).body.data.find((t: { occurrenceId: string }) => t.occurrenceId === occurrenceId).status).toBe('available');
  });

  it('answers not found for a file already kept by another response, of another patient file (it belongs there now)', async () => {
    const first = await followUp();
    const second = await followUp();
    const b = await browser('patient.open');
    const photo = await uploadFile(b, PNG, 'photo.png', MIME.png);
    expect((await calls(b).answer(first.fileId, { formId: ids.postOp!, occurrenceId: first.occurrenceId, answers: answers(photo) })).status).toBe(201);
    const reuse = await calls(b).answer(second.fileId, { formId: ids.postOp!, occurrenceId: second.occurrenceId, answers: answers(photo) });
    expect(reuse.status).toBe(404);
    expect(reuse.body).toMatchObject({ code: 'not_found', field: 'body.answers.woundPhoto' });
  });

  it('links a file to one response only, even when two answers using it are sent at the same time', async () => {
    const [first, second] = [await followUp(), await followUp()];
    const b = await browser('patient.open');
    const photo = await uploadFile(b, PNG, 'photo.png', MIME.png);
    // On PostgreSQL the first answer is held inside its transaction (writing its history entry,
    // the file already taken) until the second is blocked on the file behind it. PGlite runs one
    // transaction at a time, in either order.
    const held = await holdHistoryWrites(gw, first.fileId);
    let results;
    try {
      const a = calls(b).answer(first.fileId, { formId: ids.postOp!, occurrenceId: first.occurrenceId, answers: answers(photo) }).then((r) => r);
      await held.waitUntilBlocked(1);
      const c = calls(b).answer(second.fileId, { formId: ids.postOp!, occurrenceId: second.occurrenceId, answers: answers(photo) }).then((r) => r);
      await held.waitUntilBlocked(2);
      await held.release();
      results = await Promise.all([a, c]);
    } finally {
      await held.close();
    }
    // Exactly one is accepted, the file is linked to it, and the other, finding the file kept by
    // that response, answers not found and leaves no response.
    expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join('\n')).toEqual([201, 404]);
    const winner = results.findIndex((r) => r.status === 201);
    const loser = results[1 - winner]!;
    expect(loser.body).toMatchObject({ code: 'not_found', field: 'body.answers.woundPhoto' });
    expect(await ownerOf(photo)).toMatchObject({ ownerKind: 'form_response', ownerId: results[winner]!.body.id });
    const loserFile = winner === 0 ? second.fileId : first.fileId;
    expect((await db.select().from(formResponses).where(eq(formResponses.patientFileId, loserFile))).filter((r) => r.answeredAt)).toEqual([]);
  });

  it("lets the caregiver answer with a photo they uploaded, recorded as the caregiver's answer", async () => {
    const { fileId, occurrenceId } = await followUp();
    const b = await browser('caregiver');
    const photo = await uploadFile(b, JPEG, 'cicatrice.jpg', MIME.jpeg);
    const res = await calls(b).answer(fileId, { formId: ids.postOp!, occurrenceId, answers: answers(photo) });
    expect(res.status, res.text).toBe(201);
    expect((await (await as('prescriber')).response(res.body.id)).body).toMatchObject({ answeredByCaregiver: true, answers: { woundPhoto: photo } });
  });
});

describe('every questionnaire of the corpus round-trips through the API', () => {
  const corpus = corpusFiles().filter((c) => c.scope === 'default');
  it.each(corpus.map((c) => [c.json.id, c] as const))('%s: assigned, answered with its sample, read back with its version', async (_id, { json }) => {
    const formId = await formIdOf(db, 'chu-azur', json.reference);
    const fileId = await newPatientFile(db);
    const prescriber = await as('prescriber');
    expect((await prescriber.assign(fileId, formId)).status).toBe(200);

    const b = await browser('patient.open');
    const patient = calls(b);
    const definition = await patient.definition(fileId, formId);
    expect(definition.status).toBe(200);
    expect(definition.body).toEqual({ formId, version: 1, definition: JSON.parse(JSON.stringify(json)) });

    const tasks = (await patient.tasks(fileId)).body.data as { occurrenceId?: string; status: string; submissionType: string }[];
    const task = tasks.find((t) => t.status === 'available' || t.status === 'free')!;
    expect(task.submissionType).toBe(json.submissionType);

    // File questions: upload a file of the type the placeholder names.
    const uploads: Record<string, string> = {};
    const bytes = { [FILE_PLACEHOLDER.png]: [PNG, MIME.png], [FILE_PLACEHOLDER.jpeg]: [JPEG, MIME.jpeg], [FILE_PLACEHOLDER.pdf]: [PDF, MIME.pdf] } as Record<string, [Buffer, string]>;
    for (const placeholder of JSON.stringify(sampleAnswer(json.id, Object.fromEntries(Object.keys(bytes).map((k) => [k, k])))).match(/<file:[^>]+>/g) ?? []) {
      const [content, type] = bytes[placeholder]!;
      uploads[placeholder] = await uploadFile(b, content, `sample.${type.split('/')[1]}`, type);
    }
    const answers = sampleAnswer(json.id, uploads);
    if (task.occurrenceId) expect((await patient.start(fileId, { formId, occurrenceId: task.occurrenceId })).status).toBe(200);
    const sent = await patient.answer(fileId, { formId, ...(task.occurrenceId ? { occurrenceId: task.occurrenceId } : {}), answers });
    expect(sent.status, sent.text).toBe(201);

    const read = await prescriber.response(sent.body.id);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: sent.body.id, patientFileId: fileId, formId, version: 1, answers, computed: computeAll(json.computed, answers),
      answeredByCaregiver: false, definition: JSON.parse(JSON.stringify(json)),
    });
    const list = (await prescriber.responses(fileId)).body.data;
    expect(list.map((r: { id: string }) => r.id)).toEqual([sent.body.id]);
    if (task.occurrenceId) {
      const after = (await patient.tasks(fileId)).body.data.find((t: { occurrenceId?: string }) => t.occurrenceId === task.occurrenceId);
      expect(after.status).toBe('completed');
    }
  });
});
