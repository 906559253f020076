/**
 * Secure messaging (issue 20 §4, spec 001 §3 Message, §8 Messaging): one conversation per patient
 * file between the patient, her caregivers and the professionals of the file's service. Sent as
 * typed (blank and too long refused on their field, in three languages), with an uploaded file
 * (image or file from the sniffed type), once under an Idempotency-Key; listed newest first with
 * a cursor; read positions and unread counts per caller; the author withdraws an attachment
 * (entered in error, 410 on its bytes); a closed file is read only; anyone else gets 404.
 * Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileAttachments, messages, patientFileHistory } from '../../server/db/schema.ts';
import type { Conversation, Message, MessagePage, UnreadMessages } from '../../schemas/messages.ts';
import { demoCallers, demoEmail, startGateway, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, patientFileIdsOf } from '../helpers/demo-data.ts';
import { MIME, newPatientFile, PNG, pdf, uploadFile } from '../helpers/questionnaires.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];

const { as, call } = demoCallers(() => gw);
const bytesOf = (local: string, path: string) => as(local).then((b) => b.agent.get(path).buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}));

const send = (local: string, file: string, body: object, l = '') => call(local, 'post', `/api/patient_files/${file}/messages${l && `?l=${l}`}`, body);
const list = (local: string, file: string, query = '') => call(local, 'get', `/api/patient_files/${file}/messages${query && `?${query}`}`);
const markRead = (local: string, file: string, messageId: string) => call(local, 'put', `/api/patient_files/${file}/messages/read`, { messageId });
const unread = async (local: string) => (await call(local, 'get', '/api/me/unread_messages')).body as UnreadMessages;

async function sent(local: string, file: string, body: object): Promise<Message> {
  const res = await send(local, file, body);
  expect(res.status, res.text).toBe(201);
  gw.clock.advance(1000);
  return res.body as Message;
}

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('sending', () => {
  it('keeps the text as typed, says who wrote as what, and writes no history entry', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const typed = '  Bonjour docteur,\n\nma tension est à 15.  ';
    const mine = await sent('patient.open', file, { text: typed });
    expect(mine).toMatchObject({ text: typed, attachment: null, mine: true, patientFileId: file, author: { role: 'patient', firstName: 'Camille' } });
    const fromCaregiver = await sent('caregiver', file, { text: 'Je confirme.' });
    expect(fromCaregiver.author).toMatchObject({ role: 'caregiver', firstName: 'Paul' });
    const reply = await sent('prescriber', file, { text: 'Merci, je regarde.' });
    expect(reply.author).toMatchObject({ role: 'professional', firstName: 'Claire', lastName: 'Dubois' });
    // A message is not a history entry (server/care/messages/repository.ts says why).
    expect(await db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, file))).toEqual([]);
  });

  it('refuses an empty, blank or too long message on its field, in the caller\'s language, and cuts nothing', async () => {
    const file = await newPatientFile(db);
    const cases: [object, string, string][] = [
      [{}, 'body.text', 'message_empty'],
      [{ text: null }, 'body.text', 'message_empty'],
      [{ text: '' }, 'body.text', 'message_text_blank'],
      [{ text: ' \n\t ' }, 'body.text', 'message_text_blank'],
      [{ text: 'x'.repeat(5001) }, 'body.text', 'value_too_long'],
    ];
    for (const [body, field, code] of cases) {
      const res = await send('patient.open', file, body);
      expect(res.status, JSON.stringify(body).slice(0, 50)).toBe(400);
      expect(res.body).toMatchObject({ code, field });
    }
    expect((await send('patient.open', file, { text: 'x'.repeat(5000) })).status).toBe(201);
    // 5,000 characters, not bytes: Arabic letters and emoji count one each.
    expect((await send('patient.open', file, { text: '😀'.repeat(5000) })).status).toBe(201);
    expect((await send('patient.open', file, { text: 42 })).status).toBe(400);
    expect((await send('patient.open', file, { text: 'a', extra: 1 })).status).toBe(400);
    expect((await send('patient.open', file, {}, 'en')).body.message).toBe('Write a message or attach a file.');
    expect((await send('patient.open', file, { text: ' ' }, 'ar')).body.message).toBe('لا يمكن أن تحتوي الرسالة على مسافات فقط.');
    expect((await send('patient.open', file, { text: 'x'.repeat(5001) }, 'fr')).body.message).toBe('5000 caractères au plus.');
    const stored = await db.select().from(messages).where(eq(messages.patientFileId, file));
    expect(stored.map((m) => [...(m.text ?? '')].length).sort()).toEqual([5000, 5000]);
  });

  it('takes an uploaded image or PDF: kind from the sniffed type, attached to the message, its bytes served to the conversation', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const imageId = await uploadFile(await as('patient.open'), PNG, 'plaie.png', MIME.png);
    const image = await sent('patient.open', file, { fileId: imageId });
    expect(image).toMatchObject({ text: null, attachment: { kind: 'image', name: 'plaie.png', mimeType: 'image/png', withdrawn: null } });
    const bytes = pdf('Bilan');
    const pdfId = await uploadFile(await as('prescriber'), bytes, 'bilan.pdf', MIME.pdf);
    const withPdf = await sent('prescriber', file, { text: 'Votre bilan', fileId: pdfId });
    expect(withPdf.attachment).toMatchObject({ kind: 'file', name: 'bilan.pdf', mimeType: 'application/pdf' });
    const [attached] = await db.select().from(fileAttachments).where(eq(fileAttachments.fileId, pdfId));
    expect(attached).toMatchObject({ ownerKind: 'message', ownerId: withPdf.id, patientFileId: file });
    for (const who of ['patient.open', 'caregiver', 'prescriber', 'operator']) {
      const viewed = await bytesOf(who, `/api/messages/${withPdf.id}/attachment`);
      expect(viewed.status, who).toBe(200);
      expect(Buffer.compare(viewed.body as Buffer, bytes)).toBe(0);
    }
    const downloaded = await bytesOf('caregiver', `/api/messages/${image.id}/attachment/download`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment/);
    // Taken: another message cannot attach it; someone else's upload is not found.
    expect((await send('patient.open', file, { fileId: imageId })).status).toBe(404);
    const theirs = await uploadFile(await as('caregiver'), PNG, 'x.png', MIME.png);
    expect((await send('patient.open', file, { fileId: theirs })).body).toMatchObject({ code: 'not_found', field: 'body.fileId' });
    // A message without attachment has no bytes.
    const plain = await sent('patient.open', file, { text: 'Sans pièce jointe' });
    expect((await bytesOf('patient.open', `/api/messages/${plain.id}/attachment`)).status).toBe(404);
  });

  it('stores a retry under the same Idempotency-Key once', async () => {
    const file = await newPatientFile(db);
    const b = await as('patient.open');
    const key = randomUUID();
    const post = () => b.agent.post(`/api/patient_files/${file}/messages`).set('x-csrf-token', b.csrf).set('idempotency-key', key).send({ text: 'Une fois' });
    const first = await post();
    const again = await post();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await db.select().from(messages).where(eq(messages.patientFileId, file))).toHaveLength(1);
  });

  it('a closed file is read only: its conversation is listed, nothing is sent nor withdrawn', async () => {
    const [closed] = await patientFileIdsOf(db, 'patient.closed');
    const page = await list('patient.closed', closed!);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ readOnly: true });
    expect((await send('patient.closed', closed!, { text: 'Encore là ?' })).body).toMatchObject({ code: 'patient_file_closed' });
    const file = await newPatientFile(db);
    const uploaded = await uploadFile(await as('patient.open'), PNG, 'scan.png', MIME.png);
    const message = await sent('patient.open', file, { fileId: uploaded });
    expect((await list('patient.open', file)).body.readOnly).toBe(false);
    await db.execute(`update patient_files set status = 'CLOSED' where id = '${file}'`);
    const res = await call('patient.open', 'delete', `/api/messages/${message.id}/attachment`, { reason: 'Mauvaise photo' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('patient_file_closed');
  });
});

describe('listing', () => {
  it('pages newest first with a cursor until the oldest page, and refuses a cursor of another file', async () => {
    const file = await newPatientFile(db);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push((await sent(i % 2 ? 'prescriber' : 'patient.open', file, { text: `message ${i}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list('patient.open', file, `limit=10${cursor ? `&before=${cursor}` : ''}`);
      expect(res.status, res.text).toBe(200);
      const body = res.body as MessagePage;
      seen.push(...body.data.map((m) => m.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    expect((await list('patient.open', file, 'limit=7')).status).toBe(400);
    expect((await list('patient.open', file, 'before=!!')).status).toBe(400);
    const other = await newPatientFile(db);
    const foreign = (await list('patient.open', file, 'limit=10')).body.nextCursor as string;
    expect((await list('patient.open', other, `before=${foreign}`)).body).toMatchObject({ code: 'bad_request', field: 'query.before' });
  });

  it('messages of one millisecond keep one order across pages', async () => {
    const file = await newPatientFile(db);
    for (let i = 0; i < 12; i++) expect((await send('patient.open', file, { text: `même instant ${i}` })).status).toBe(201);
    const first = (await list('patient.open', file, 'limit=10')).body as MessagePage;
    const second = (await list('patient.open', file, `limit=10&before=${first.nextCursor}`)).body as MessagePage;
    const all = [...first.data, ...second.data].map((m) => m.id);
    expect(new Set(all).size).toBe(12);
    expect(second.nextCursor).toBeNull();
  });
});

describe('read state and unread counts', () => {
  it('counts the messages of others after the caller\'s read position, which only moves forward', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const a = await sent('patient.open', file, { text: 'a' });
    const b = await sent('caregiver', file, { text: 'b' });
    const c = await sent('patient.open', file, { text: 'c' });
    const state = async (who: string) => { const p = (await list(who, file)).body as MessagePage; return { unread: p.unread, last: p.lastReadMessageId }; };
    expect(await state('prescriber')).toEqual({ unread: 3, last: null });
    expect(await state('patient.open')).toEqual({ unread: 1, last: null });
    expect((await markRead('prescriber', file, b.id)).body).toEqual({ unread: 1, lastReadMessageId: b.id });
    // Back to an earlier message: nothing changes.
    expect((await markRead('prescriber', file, a.id)).body).toEqual({ unread: 1, lastReadMessageId: b.id });
    expect((await markRead('prescriber', file, c.id)).body).toEqual({ unread: 0, lastReadMessageId: c.id });
    // Each caller has her own position.
    expect(await state('operator')).toEqual({ unread: 3, last: null });
    expect(await state('caregiver')).toEqual({ unread: 2, last: null });
    // A message of another file is not found here.
    const other = await newPatientFile(db);
    const elsewhere = await sent('patient.open', other, { text: 'ailleurs' });
    expect((await markRead('prescriber', file, elsewhere.id)).status).toBe(404);
  });

  it('answers the navigation\'s unread counts: per file for the patient side, per establishment for professionals', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const azur = await establishmentIdOf(db, 'chu-azur');
    const before = await unread('prescriber');
    const beforePatient = await unread('patient.open');
    await sent('patient.open', file, { text: 'un' });
    const last = await sent('patient.open', file, { text: 'deux' });
    const after = await unread('prescriber');
    const count = (u: UnreadMessages) => u.establishments.find((e) => e.establishmentId === azur)?.unread ?? 0;
    expect(count(after) - count(before)).toBe(2);
    expect(after.total - before.total).toBe(2);
    expect(after.patientFiles).toEqual([]);
    const caregiver = await unread('caregiver');
    expect(caregiver.patientFiles).toContainEqual({ patientFileId: file, unread: 2 });
    expect(caregiver.establishments).toEqual([]);
    // Her own messages are not unread to the patient.
    expect((await unread('patient.open')).total).toBe(beforePatient.total);
    await markRead('prescriber', file, last.id);
    expect(count(await unread('prescriber'))).toBe(count(before));
    // The manager opens no file: no establishment count.
    expect((await unread('manager')).establishments).toEqual([]);
  });

  it('lists a professional\'s conversations in an establishment, newest first or unread first, paged', async () => {
    const azur = await establishmentIdOf(db, 'chu-azur');
    const quiet = await newPatientFile(db);
    const busy = await newPatientFile(db);
    const q = await sent('patient.open', quiet, { text: 'calme' });
    await sent('patient.open', busy, { text: 'un' });
    await sent('patient.open', busy, { text: 'deux' });
    const read = await sent('patient.open', quiet, { text: 'lu' });
    await markRead('operator', quiet, read.id);
    const conversations = async (query: string) => (await call('operator', 'get', `/api/establishments/${azur}/conversations?${query}`)).body as { data: Conversation[]; totalItems: number };
    const newest = await conversations('sort=-lastMessageAt&pageSize=50');
    const at = (id: string) => newest.data.findIndex((c) => c.patientFileId === id);
    expect(at(quiet)).toBeGreaterThanOrEqual(0);
    expect(at(quiet)).toBeLessThan(at(busy));
    expect(newest.data[at(quiet)]).toMatchObject({ unread: 0, patient: { firstName: 'Camille', lastName: 'Martin' }, lastMessageAt: read.createdAt });
    const unreadFirst = await conversations('sort=-unread&pageSize=50');
    expect(unreadFirst.data.findIndex((c) => c.patientFileId === busy)).toBeLessThan(unreadFirst.data.findIndex((c) => c.patientFileId === quiet));
    expect(unreadFirst.data.find((c) => c.patientFileId === busy)).toMatchObject({ unread: 2 });
    const firstPage = await conversations('pageSize=3&page=1');
    expect(firstPage.data).toHaveLength(3);
    expect(firstPage.totalItems).toBe(newest.totalItems);
    expect(q.id).toBeTruthy();
    expect((await call('operator', 'get', `/api/establishments/${azur}/conversations?sort=name`)).status).toBe(400);
  });
});

describe('withdrawing an attachment', () => {
  it('its author withdraws it: entered in error with who, when, why; shown no longer available; its bytes answer 410', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const uploaded = await uploadFile(await as('patient.open'), PNG, 'mauvaise.png', MIME.png);
    const message = await sent('patient.open', file, { text: 'Ma plaie', fileId: uploaded });
    // Someone else than its author: not found (the caregiver, the file's professional).
    for (const who of ['caregiver', 'prescriber']) {
      expect((await call(who, 'delete', `/api/messages/${message.id}/attachment`, { reason: 'Pas la bonne' })).status, who).toBe(404);
    }
    expect((await call('patient.open', 'delete', `/api/messages/${message.id}/attachment`, { reason: '' })).body).toMatchObject({ field: 'body.reason' });
    const res = await call('patient.open', 'delete', `/api/messages/${message.id}/attachment`, { reason: 'Pas la bonne photo' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      text: 'Ma plaie',
      attachment: { kind: 'image', name: 'mauvaise.png', withdrawn: { reason: 'Pas la bonne photo', by: { firstName: 'Camille' }, at: expect.any(String) } },
    });
    const listed = ((await list('prescriber', file)).body as MessagePage).data.find((m) => m.id === message.id)!;
    expect(listed.attachment?.withdrawn).toMatchObject({ reason: 'Pas la bonne photo' });
    for (const path of ['attachment', 'attachment/download']) {
      const gone = await call('caregiver', 'get', `/api/messages/${message.id}/${path}?l=en`);
      expect(gone.status).toBe(410);
      expect(gone.body).toMatchObject({ code: 'message_attachment_withdrawn', message: 'This attachment is no longer available: its author withdrew it.' });
    }
    // Kept: the row, the file and its attachment stay.
    const [row] = await db.select().from(messages).where(eq(messages.id, message.id));
    expect(row).toMatchObject({ fileId: uploaded, attachmentWithdrawnReason: 'Pas la bonne photo' });
    expect(await db.select().from(fileAttachments).where(eq(fileAttachments.fileId, uploaded))).toHaveLength(1);
    const twice = await call('patient.open', 'delete', `/api/messages/${message.id}/attachment`, { reason: 'Encore une fois' });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('message_attachment_already_withdrawn');
    // A message of hers without attachment has none to withdraw.
    const plain = await sent('patient.open', file, { text: 'Rien' });
    expect((await call('patient.open', 'delete', `/api/messages/${plain.id}/attachment`, { reason: 'Rien à retirer' })).status).toBe(404);
  });
});

describe('scope', () => {
  it('another service\'s professional, a manager, another patient, a caregiver of another file: 404 everywhere', async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const message = await sent('patient.open', file, { text: 'Privé' });
    // Yasmine's open file at the Tilleuls: Claire (CHU Azur, Cardiologie) is not of its team.
    const [tilleuls] = await patientFileIdsOf(db, 'patient.multi');
    expect((await list('prescriber', tilleuls!)).status).toBe(404);
    expect((await send('prescriber', tilleuls!, { text: 'Bonjour' })).status).toBe(404);
    for (const who of ['patient.multi', 'manager', 'admin.establishment', 'admin']) {
      expect((await list(who, file)).status, who).toBe(404);
      expect((await send(who, file, { text: 'Intrus' })).status, who).toBe(404);
      expect((await markRead(who, file, message.id)).status, who).toBe(404);
      expect((await call(who, 'get', `/api/messages/${message.id}/attachment`)).status, who).toBe(404);
    }
    const tilleulsId = await establishmentIdOf(db, 'clinique-des-tilleuls');
    expect((await call('prescriber', 'get', `/api/establishments/${tilleulsId}/conversations`)).status).toBe(404);
    expect((await call('patient.open', 'get', `/api/establishments/${await establishmentIdOf(db, 'chu-azur')}/conversations`)).status).toBe(404);
  });
});
