/**
 * Notes of a patient file (issue 10 §4 "Notes", spec 001 §3, §4, §5, §7): GET paged newest first
 * with the archived filter, POST {text}, PUT {text}, PUT archive. The text rule (a text area: 2
 * to 500, stored as typed) with its field errors in fr/en/ar; who may edit (the author only) and
 * archive (any professional of the file); archived notes kept, viewable and read-only (409); a
 * closed file read-only; history NOTE_ADDED / NOTE_EDITED / NOTE_ARCHIVED written in the same
 * transaction as the change, with the note's id and never its text; scope: another service or
 * establishment 404, the patient and their caregiver 403. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caregivers, patientFileHistory, patientFileNotes, patientFiles, services } from '../../server/db/schema.ts';
import type { Note } from '../../schemas/notes.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}

/** A new file of a demo patient (OPEN unless said), followed by the demo caregiver. */
async function newFile(service: string, options: { establishment?: 'chu-azur' | 'clinique-des-tilleuls'; status?: 'OPEN' | 'CLOSED'; patient?: string } = {}) {
  const [s] = await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, await establishmentIdOf(db, options.establishment ?? 'chu-azur')), eq(services.name, service)));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE,
    patientId: await userIdOf(db, options.patient ?? 'patient.open'), serviceId: s!.id, status: options.status ?? 'OPEN',
  }).returning();
  await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, 'caregiver') });
  return file!.id;
}

type Method = 'get' | 'post' | 'put';
async function call(local: string, method: Method, path: string, body?: object) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}
const add = (local: string, fileId: string, text: string, l = '') => call(local, 'post', `/api/patient_files/${fileId}/notes${l && `?l=${l}`}`, { text });
const edit = (local: string, fileId: string, noteId: string, text: string, l = '') =>
  call(local, 'put', `/api/patient_files/${fileId}/notes/${noteId}${l && `?l=${l}`}`, { text });
const archive = (local: string, fileId: string, noteId: string) => call(local, 'put', `/api/patient_files/${fileId}/notes/${noteId}/archive`);
const list = (local: string, fileId: string, query = '') => call(local, 'get', `/api/patient_files/${fileId}/notes${query && `?${query}`}`);

async function added(local: string, fileId: string, text: string): Promise<Note> {
  const res = await add(local, fileId, text);
  expect(res.status, res.text).toBe(201);
  return res.body as Note;
}

const historyOf = (fileId: string) => db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, fileId));

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('adding, listing, editing, archiving', () => {
  it('adds a note as typed (line breaks and spaces kept), lists it newest first with its author, and writes NOTE_ADDED with the id only', async () => {
    const file = await newFile('Cardiologie');
    const first = await added('prescriber', file, 'Première note');
    gw.clock.advance(1000);
    const text = '  Tension 14/9.\n\nÀ revoir dans 8 jours ;\n  - ECG  ';
    const second = await added('operator', file, text);
    expect(second).toMatchObject({ text, patientFileId: file, updatedAt: null, archivedAt: null, editable: true });
    expect(second.author).toMatchObject({ firstName: 'Hugo', lastName: 'Lefèvre' });

    const page = (await list('prescriber', file)).body as { data: Note[]; totalItems: number };
    expect(page.totalItems).toBe(2);
    expect(page.data.map((n) => n.id)).toEqual([second.id, first.id]);
    // Editable by its author only: the operator's note is not the prescriber's.
    expect(page.data.map((n) => n.editable)).toEqual([false, true]);

    const entries = await historyOf(file);
    expect(entries.map((e) => [e.type, e.payload])).toEqual(expect.arrayContaining([
      ['NOTE_ADDED', { noteId: first.id }], ['NOTE_ADDED', { noteId: second.id }],
    ]));
    expect(JSON.stringify(entries)).not.toContain('Tension');
  });

  it('pages and sorts (oldest first on request), and refuses a page size outside the list sizes', async () => {
    const file = await newFile('Cardiologie');
    const ids: string[] = [];
    for (let i = 1; i <= 4; i++) { ids.push((await added('prescriber', file, `Note ${i}`)).id); gw.clock.advance(1000); }
    const p1 = (await list('prescriber', file, 'pageSize=3')).body as { data: Note[]; totalItems: number };
    const p2 = (await list('prescriber', file, 'pageSize=3&page=2')).body as { data: Note[] };
    expect(p1.totalItems).toBe(4);
    expect([...p1.data, ...p2.data].map((n) => n.id)).toEqual([...ids].reverse());
    expect(((await list('prescriber', file, 'sort=createdAt')).body as { data: Note[] }).data.map((n) => n.id)).toEqual(ids);
    const bad = await list('prescriber', file, 'pageSize=4');
    expect([bad.status, bad.body.field]).toEqual([400, 'query.pageSize']);
  });

  it('lets the author edit (edited mark, NOTE_EDITED), refuses another professional (403 note_author_only)', async () => {
    const file = await newFile('Cardiologie');
    const note = await added('prescriber', file, 'Avant');
    gw.clock.advance(60_000);
    const res = await edit('prescriber', file, note.id, 'Après\nmodification');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ text: 'Après\nmodification', editable: true });
    expect(res.body.updatedAt).not.toBeNull();
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(new Date(res.body.createdAt).getTime());

    const other = await edit('operator', file, note.id, 'Réécrite');
    expect([other.status, other.body.code]).toEqual([403, 'note_author_only']);
    const [stored] = await db.select().from(patientFileNotes).where(eq(patientFileNotes.id, note.id));
    expect(stored!.text).toBe('Après\nmodification');
    const types = (await historyOf(file)).map((e) => [e.type, e.payload]);
    expect(types.filter(([t]) => t === 'NOTE_EDITED')).toEqual([['NOTE_EDITED', { noteId: note.id }]]);
  });

  it('archives a note (any professional of the file): kept and viewable with archived=true or all, no longer editable (409)', async () => {
    const file = await newFile('Cardiologie');
    const kept = await added('prescriber', file, 'Reste visible');
    const note = await added('prescriber', file, 'À archiver');
    const res = await archive('operator', file, note.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: note.id, editable: false, archivedBy: { firstName: 'Hugo' } });
    expect(res.body.archivedAt).not.toBeNull();

    const ids = async (q: string) => ((await list('prescriber', file, q)).body as { data: Note[] }).data.map((n) => n.id).sort();
    expect(await ids('')).toEqual([kept.id]);
    expect(await ids('archived=false')).toEqual([kept.id]);
    expect(await ids('archived=true')).toEqual([note.id]);
    expect(await ids('archived=all')).toEqual([kept.id, note.id].sort());

    for (const again of [await edit('prescriber', file, note.id, 'Modifiée'), await archive('prescriber', file, note.id)]) {
      expect([again.status, again.body.code]).toEqual([409, 'note_archived']);
    }
    const [stored] = await db.select().from(patientFileNotes).where(eq(patientFileNotes.id, note.id));
    expect(stored!.text).toBe('À archiver');
    expect((await historyOf(file)).filter((e) => e.type === 'NOTE_ARCHIVED').map((e) => e.payload)).toEqual([{ noteId: note.id }]);
  });
});

describe('the text rule: a text area of 2 to 500 characters, stored as typed', () => {
  const MESSAGES = {
    field_required: { fr: 'Ce champ est obligatoire', en: 'This field is required', ar: 'هذا الحقل إلزامي' },
    value_too_short: { fr: '2 caractères au moins.', en: 'At least 2 characters.', ar: 'الحد الأدنى لعدد الأحرف: 2.' },
    value_too_long: { fr: '500 caractères au plus.', en: 'At most 500 characters.', ar: 'الحد الأقصى لعدد الأحرف: 500.' },
  } as const;
  const INVALID: [string, string, keyof typeof MESSAGES][] = [
    ['empty', '', 'field_required'],
    ['only spaces and line breaks', '  \n\t ', 'field_required'],
    ['one character', 'a', 'value_too_short'],
    ['one character among spaces', '  a \n', 'value_too_short'],
    ['501 characters', 'x'.repeat(501), 'value_too_long'],
    ['499 letters and two spaces around them (what is stored counts)', ` ${'x'.repeat(499)} `, 'value_too_long'],
  ];
  const VALID: [string, string][] = [
    ['two characters', 'ok'],
    ['500 characters', 'é'.repeat(500)],
    ['500 Arabic letters', 'م'.repeat(500)],
    ['250 emoji (500 UTF-16 units, 250 characters)', '🙂'.repeat(250)],
    ['line breaks and indentation', 'a\n\n    b'],
  ];

  it.each(INVALID)('refuses %s with its code on body.text, in fr, en and ar, on add and on edit', async (_what, text, code) => {
    const file = await newFile('Cardiologie');
    const note = await added('prescriber', file, 'Valide');
    for (const l of ['fr', 'en', 'ar'] as const) {
      for (const res of [await add('prescriber', file, text, l), await edit('prescriber', file, note.id, text, l)]) {
        expect([res.status, res.body.code, res.body.field, res.body.message]).toEqual([400, code, 'body.text', MESSAGES[code][l]]);
      }
    }
    const rows = await db.select().from(patientFileNotes).where(eq(patientFileNotes.patientFileId, file));
    expect(rows.map((r) => r.text)).toEqual(['Valide']);
  });

  it.each(VALID)('accepts %s and stores it unchanged', async (_what, text) => {
    const file = await newFile('Cardiologie');
    const note = await added('prescriber', file, text);
    const [stored] = await db.select().from(patientFileNotes).where(eq(patientFileNotes.id, note.id));
    expect(stored!.text).toBe(text);
    expect((await edit('prescriber', file, note.id, text)).status).toBe(200);
  });

  it('refuses a missing or null text and an unknown field, naming the field', async () => {
    const file = await newFile('Cardiologie');
    for (const body of [{}, { text: null }, { text: 'ok', other: 1 }]) {
      const res = await call('prescriber', 'post', `/api/patient_files/${file}/notes`, body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.field).toMatch(/^body\.(text|other)$/);
    }
  });
});

describe('who may, and when', () => {
  it('answers 403 professionals_only to the patient and their caregiver, for every route', async () => {
    const file = await newFile('Cardiologie');
    const note = await added('prescriber', file, 'Note de soin');
    for (const local of ['patient.open', 'caregiver']) {
      for (const res of [await list(local, file), await add(local, file, 'Bonjour'), await edit(local, file, note.id, 'Bonjour'), await archive(local, file, note.id)]) {
        expect([res.status, res.body.code], `${local}: ${res.text}`).toEqual([403, 'professionals_only']);
      }
    }
    expect(((await list('prescriber', file)).body as { data: Note[] }).data.map((n) => n.text)).toEqual(['Note de soin']);
  });

  it('answers 404 to a professional of another service or establishment, and for a note of another file', async () => {
    const surgery = await newFile('Chirurgie orthopédique', { patient: 'patient.multi' });
    const tilleuls = await newFile('Pneumologie', { establishment: 'clinique-des-tilleuls', patient: 'patient.multi' });
    const cardio = await newFile('Cardiologie');
    const theirs = await added('operator', surgery, 'Chirurgie');
    for (const [local, file] of [['prescriber', surgery], ['prescriber', tilleuls], ['operator', tilleuls]] as const) {
      for (const res of [await list(local, file), await add(local, file, 'Intrus'), await edit(local, file, theirs.id, 'Intrus'), await archive(local, file, theirs.id)]) {
        expect([res.status, res.body.code], `${local} ${res.text}`).toEqual([404, 'not_found']);
      }
    }
    // A note id of another file (or an unknown one) under the caller's own file.
    for (const id of [theirs.id, randomUUID()]) {
      for (const res of [await edit('operator', cardio, id, 'Ailleurs'), await archive('operator', cardio, id)]) {
        expect([res.status, res.body.code]).toEqual([404, 'not_found']);
      }
    }
  });

  it('keeps a closed file read-only (409 patient_file_closed) while its notes stay readable', async () => {
    const file = await newFile('Cardiologie');
    const note = await added('prescriber', file, 'Avant clôture');
    await db.update(patientFiles).set({ status: 'CLOSED' }).where(eq(patientFiles.id, file));
    for (const res of [await add('prescriber', file, 'Après'), await edit('prescriber', file, note.id, 'Après'), await archive('prescriber', file, note.id)]) {
      expect([res.status, res.body.code]).toEqual([409, 'patient_file_closed']);
    }
    expect(((await list('prescriber', file)).body as { data: Note[] }).data.map((n) => n.text)).toEqual(['Avant clôture']);
  });
});

describe('history in the same transaction', () => {
  it('leaves no note, edit or archive behind when its history entry cannot be written', async () => {
    const file = await newFile('Cardiologie');
    const note = await added('prescriber', file, 'Intacte');
    // A history write that fails for this file only: the change must roll back with it.
    await db.execute(sql.raw(`create or replace function refuse_note_history() returns trigger language plpgsql as $$
      begin if new.patient_file_id = '${file}' then raise exception 'history refused'; end if; return new; end $$`));
    await db.execute(sql.raw('create trigger refuse_note_history before insert on patient_file_history for each row execute function refuse_note_history()'));
    try {
      expect((await add('prescriber', file, 'Sans historique')).status).toBe(500);
      expect((await edit('prescriber', file, note.id, 'Modifiée')).status).toBe(500);
      expect((await archive('prescriber', file, note.id)).status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_note_history on patient_file_history'));
      await db.execute(sql.raw('drop function refuse_note_history()'));
    }
    const rows = await db.select().from(patientFileNotes).where(eq(patientFileNotes.patientFileId, file));
    expect(rows.map((r) => [r.text, r.updatedAt, r.archivedAt])).toEqual([['Intacte', null, null]]);
  });
});
