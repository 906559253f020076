/**
 * Caregivers of a patient file (issue 10 §4 "Caregivers"): GET, POST by e-mail of an existing
 * patient-side account or as a new account with one-time credentials, DELETE. Rules with their
 * field errors in fr/en/ar; no account-existence oracle outside the establishment (unknown, a
 * professional's, a patient known only elsewhere: the same 404 on body.email); the patient
 * themself and a caregiver already there 409; the new account's credentials answered once and
 * good for the first-login step only; history CAREGIVER_ADDED / CAREGIVER_REMOVED in the same
 * transaction; the caregiver sees and loses the file on their very next call, without logging in
 * again; a caregiver removed is added back with the same account (by e-mail; a new account asked
 * with that e-mail is 409 caregiver_account_exists), and stays unknown to other establishments;
 * scope: another service or establishment 404, the patient and caregivers 403; a closed
 * file read-only. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caregivers, patientFileHistory, patientFiles, services, users } from '../../server/db/schema.ts';
import type { AddedCaregiver, Caregiver } from '../../schemas/caregivers.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { loginResponse } from '../helpers/auth-flow.ts';
import { establishmentIdOf, patientFileIdsOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}

/** A new file of a demo patient (patient.open at CHU Azur Cardiologie unless said), with the given caregivers. */
async function newFile(options: { service?: string; establishment?: 'chu-azur' | 'clinique-des-tilleuls'; patient?: string; followers?: string[] } = {}) {
  const [s] = await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, await establishmentIdOf(db, options.establishment ?? 'chu-azur')), eq(services.name, options.service ?? 'Cardiologie')));
  const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, options.patient ?? 'patient.open'), serviceId: s!.id, status: 'OPEN' }).returning();
  for (const local of options.followers ?? []) await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, local) });
  return file!.id;
}

async function call(local: string, method: 'get' | 'post' | 'delete', path: string, body?: object) {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf);
  return body === undefined ? req : req.send(body);
}
const list = (local: string, file: string) => call(local, 'get', `/api/patient_files/${file}/caregivers`);
const add = (local: string, file: string, body: object, l = '') => call(local, 'post', `/api/patient_files/${file}/caregivers${l && `?l=${l}`}`, body);
const remove = (local: string, file: string, userId: string) => call(local, 'delete', `/api/patient_files/${file}/caregivers/${userId}`);

const historyOf = (file: string) => db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, file));
const newAccount = (overrides: Record<string, unknown> = {}) => ({
  newAccount: { firstName: 'Jeanne', lastName: "D'Arc-Martin", email: `aidant.${randomUUID().slice(0, 8)}@example.org`, mobilePhone: '06 12 34 56 78', ...overrides },
});

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
});
afterAll(async () => { await gw?.close(); });

describe('adding an existing account by e-mail', () => {
  it('adds a patient-side account the establishment knows (any case of the e-mail), lists it, and writes CAREGIVER_ADDED without the e-mail', async () => {
    const file = await newFile();
    const res = await add('prescriber', file, { email: demoEmail('NEW.CONSENT').toUpperCase() });
    expect(res.status, res.text).toBe(201);
    const body = res.body as AddedCaregiver;
    expect(body.credentials).toBeUndefined();
    expect(body.caregiver).toMatchObject({ userId: await userIdOf(db, 'new.consent'), firstName: 'Omar', lastName: 'Faure', email: demoEmail('new.consent') });
    expect(((await list('operator', file)).body as Caregiver[]).map((c) => c.userId)).toEqual([body.caregiver.userId]);
    const entries = await historyOf(file);
    expect(entries.map((e) => [e.type, e.payload, e.actorId])).toEqual([['CAREGIVER_ADDED', { userId: body.caregiver.userId, name: 'Omar Faure', newAccount: false }, await userIdOf(db, 'prescriber')]]);
  });

  it('answers the same 404 on body.email for an unknown e-mail, a professional, and a patient known only in another establishment (no existence oracle)', async () => {
    const file = await newFile();
    const answers = [];
    for (const email of ['nobody@example.org', demoEmail('operator'), demoEmail('patient.closed'), demoEmail('admin')]) {
      const res = await add('prescriber', file, { email });
      answers.push([res.status, res.body.code, res.body.field, res.body.message]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([404, 'caregiver_account_not_found', 'body.email', expect.stringContaining('créez un nouveau compte')]);
    expect(await db.select().from(caregivers).where(eq(caregivers.patientFileId, file))).toEqual([]);
  });

  it('refuses the patient themself and a caregiver already there (409 on body.email), in fr, en and ar', async () => {
    const file = await newFile({ followers: ['caregiver'] });
    const cases = [
      [demoEmail('patient.open'), 'caregiver_is_patient', { fr: 'Le patient ne peut pas être son propre aidant.', en: 'The patient cannot be their own caregiver.', ar: 'لا يمكن أن يكون المريض مرافقًا لنفسه.' }],
      [demoEmail('caregiver'), 'caregiver_already_added', { fr: 'Cette personne est déjà aidant de ce dossier.', en: 'This person is already a caregiver of this file.', ar: 'هذا الشخص مرافق لهذا الملف بالفعل.' }],
    ] as const;
    for (const [email, code, messages] of cases) {
      for (const l of ['fr', 'en', 'ar'] as const) {
        const res = await add('prescriber', file, { email }, l);
        expect([res.status, res.body.code, res.body.field, res.body.message]).toEqual([409, code, 'body.email', messages[l]]);
      }
    }
    expect((await historyOf(file)).length).toBe(0);
  });

  it('asks for the e-mail when neither or both ways are given', async () => {
    const file = await newFile();
    for (const [body, code] of [[{}, 'field_required'], [{ email: '  ' }, 'field_required'], [{ email: demoEmail('new.consent'), ...newAccount() }, 'value_invalid']] as const) {
      const res = await add('prescriber', file, body);
      expect([res.status, res.body.code, res.body.field], res.text).toEqual([400, code, 'body.email']);
    }
  });
});

describe('adding a new account with one-time credentials', () => {
  it('creates a patient-side account that must change its password, answers its credentials once, and they open only the first-login step', async () => {
    const file = await newFile();
    const body = newAccount();
    const res = await add('prescriber', file, body);
    expect(res.status, res.text).toBe(201);
    const { caregiver, credentials } = res.body as AddedCaregiver;
    expect(credentials!.login).toBe(body.newAccount.email);
    expect(credentials!.temporaryPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(caregiver).toMatchObject({ firstName: 'Jeanne', lastName: "D'Arc-Martin", email: body.newAccount.email, phone: '+33612345678' });

    const [user] = await db.select().from(users).where(eq(users.id, caregiver.userId));
    expect(user).toMatchObject({ roles: ['ROLE_PATIENT'], mustChangePassword: true });
    expect(user!.passwordHash).not.toContain(credentials!.temporaryPassword);
    // Never again: the list carries no credentials.
    expect(JSON.stringify((await list('prescriber', file)).body)).not.toContain(credentials!.temporaryPassword);
    const entries = await historyOf(file);
    expect(entries.map((e) => [e.type, e.payload])).toEqual([['CAREGIVER_ADDED', { userId: caregiver.userId, name: "Jeanne D'Arc-Martin", newAccount: true }]]);
    expect(JSON.stringify(entries)).not.toContain(body.newAccount.email);

    const { res: loginRes } = await loginResponse(gw.app, credentials!.login, credentials!.temporaryPassword);
    expect(loginRes.status, loginRes.text).toBe(200);
    expect(loginRes.body.redirectTo).toContain('first-login');
  });

  it('creates it without a mobile phone', async () => {
    const file = await newFile();
    const res = await add('prescriber', file, newAccount({ mobilePhone: '' }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.caregiver.phone).toBeNull();
  });

  const MESSAGES: Record<string, Record<'fr' | 'en' | 'ar', string>> = {
    field_required: { fr: 'Ce champ est obligatoire', en: 'This field is required', ar: 'هذا الحقل إلزامي' },
    value_too_short: { fr: '2 caractères au moins.', en: 'At least 2 characters.', ar: 'الحد الأدنى لعدد الأحرف: 2.' },
    value_too_long: { fr: '100 caractères au plus.', en: 'At most 100 characters.', ar: 'الحد الأقصى لعدد الأحرف: 100.' },
    name_invalid: {
      fr: "Seuls les lettres, espaces, traits d'union et apostrophes sont acceptés.", en: 'Only letters, spaces, hyphens and apostrophes are accepted.',
      ar: 'تُقبل الحروف والمسافات والواصلات والفواصل العليا فقط.',
    },
    email_invalid: { fr: 'Saisissez une adresse e-mail complète, par exemple nom@exemple.fr.', en: 'Enter a full e-mail address, for example name@example.com.', ar: 'أدخل عنوان بريد إلكتروني كاملًا، مثل name@example.com.' },
    phone_invalid: {
      fr: 'Saisissez un numéro de mobile valide, français (06 12 34 56 78) ou international (+44 7911 123456).',
      en: 'Enter a valid mobile number, French (06 12 34 56 78) or international (+44 7911 123456).',
      ar: 'أدخل رقم هاتف محمول صالحًا، فرنسيًا (06 12 34 56 78) أو دوليًا (+44 7911 123456).',
    },
  };
  const INVALID: [string, Record<string, unknown>, string, string][] = [
    ['no first name', { firstName: '' }, 'firstName', 'field_required'],
    ['a one-letter last name', { lastName: 'X' }, 'lastName', 'value_too_short'],
    ['a 101-letter first name', { firstName: 'a'.repeat(101) }, 'firstName', 'value_too_long'],
    ['digits in a name', { lastName: 'Martin2' }, 'lastName', 'name_invalid'],
    ['no e-mail', { email: undefined }, 'email', 'field_required'],
    ['an e-mail without domain', { email: 'jeanne@' }, 'email', 'email_invalid'],
    ['a landline', { mobilePhone: '01 23 45 67 89' }, 'mobilePhone', 'phone_invalid'],
    ['a phone that is not one', { mobilePhone: '12' }, 'mobilePhone', 'phone_invalid'],
  ];
  it.each(INVALID)('refuses %s on its field, in fr, en and ar, creating nothing', async (_what, overrides, field, code) => {
    const file = await newFile();
    const body = newAccount(overrides);
    for (const l of ['fr', 'en', 'ar'] as const) {
      const res = await add('prescriber', file, body, l);
      expect([res.status, res.body.code, res.body.field, res.body.message], res.text).toEqual([400, code, `body.newAccount.${field}`, MESSAGES[code]![l]]);
      expect(res.body.errors).toEqual([{ field: `body.newAccount.${field}`, message: MESSAGES[code]![l] }]);
    }
    expect(await db.select().from(caregivers).where(eq(caregivers.patientFileId, file))).toEqual([]);
  });

  it('refuses an e-mail over 180 characters and one another account has (any case): 409 email_already_used', async () => {
    const file = await newFile();
    const long = await add('prescriber', file, newAccount({ email: `${'a'.repeat(170)}@example.org` }));
    expect([long.status, long.body.code, long.body.field]).toEqual([400, 'value_too_long', 'body.newAccount.email']);
    for (const email of [demoEmail('operator'), demoEmail('Patient.Closed')]) {
      const res = await add('prescriber', file, newAccount({ email }), 'en');
      expect([res.status, res.body.code, res.body.field, res.body.message]).toEqual([409, 'email_already_used', 'body.newAccount.email', 'This e-mail address is already used by another account.']);
    }
  });

  it('reports every invalid field at once', async () => {
    const file = await newFile();
    const res = await add('prescriber', file, { newAccount: { firstName: 'J', email: 'x' } });
    expect(res.status).toBe(400);
    expect((res.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['body.newAccount.firstName', 'body.newAccount.lastName', 'body.newAccount.email']);
  });
});

describe('what the caregiver sees follows at once', () => {
  it('sees the file on the next call once added, and gets 404 on the next call once removed, without logging in again', async () => {
    const file = await newFile();
    const caregiver = await as('caregiver');
    const myFiles = async () => ((await caregiver.agent.get('/api/me/patient_files?pageSize=999')).body as { data: { id: string }[] }).data.map((f) => f.id);
    expect((await caregiver.agent.get(`/api/patient_files/${file}`)).status).toBe(404);
    expect(await myFiles()).not.toContain(file);

    expect((await add('prescriber', file, { email: demoEmail('caregiver') })).status).toBe(201);
    expect((await caregiver.agent.get(`/api/patient_files/${file}`)).status).toBe(200);
    expect(await myFiles()).toContain(file);

    const res = await remove('prescriber', file, await userIdOf(db, 'caregiver'));
    expect(res.status, res.text).toBe(204);
    const gone = await caregiver.agent.get(`/api/patient_files/${file}`);
    expect([gone.status, gone.body.code]).toEqual([404, 'not_found']);
    expect(await myFiles()).not.toContain(file);
    expect((await historyOf(file)).map((e) => [e.type, e.payload])).toEqual(expect.arrayContaining([
      ['CAREGIVER_REMOVED', { userId: await userIdOf(db, 'caregiver'), name: 'Paul Martin' }],
    ]));
  });

  it('answers 404 to remove someone who is not a caregiver of the file (another file\'s, the patient, unknown)', async () => {
    const file = await newFile();
    await newFile({ followers: ['new.consent'] });
    for (const userId of [await userIdOf(db, 'new.consent'), await userIdOf(db, 'patient.open'), randomUUID()]) {
      const res = await remove('prescriber', file, userId);
      expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    }
  });
});

describe('a caregiver removed from a file', () => {
  const accountsWith = async (email: string) => db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));

  it('is added back by e-mail, to that file and to another of the establishment, with the same account', async () => {
    const file = await newFile();
    const body = newAccount();
    const created = (await add('prescriber', file, body)).body as AddedCaregiver;
    expect((await remove('prescriber', file, created.caregiver.userId)).status).toBe(204);

    const again = await add('prescriber', file, { email: body.newAccount.email.toUpperCase() });
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual({ caregiver: expect.objectContaining({ userId: created.caregiver.userId, firstName: 'Jeanne' }) });
    expect((await historyOf(file)).map((e) => e.type)).toEqual(['CAREGIVER_ADDED', 'CAREGIVER_REMOVED', 'CAREGIVER_ADDED']);
    // Removed from this file, the establishment still knows the account for its other files.
    expect((await remove('prescriber', file, created.caregiver.userId)).status).toBe(204);
    const other = await newFile({ patient: 'patient.multi', service: 'Chirurgie orthopédique' });
    const elsewhere = await add('operator', other, { email: body.newAccount.email });
    expect([elsewhere.status, elsewhere.body.caregiver?.userId], elsewhere.text).toEqual([201, created.caregiver.userId]);
    expect(await accountsWith(body.newAccount.email)).toEqual([{ id: created.caregiver.userId }]);
  });

  it('is added back with the account the caregiver already had: the demo caregiver, removed from every file', async () => {
    const paul = await userIdOf(db, 'caregiver');
    const [camille] = await patientFileIdsOf(db, 'patient.open');
    // Removed from Camille Martin's file and from every other, he follows no file: only their history says the establishment knew him.
    const followed = await db.select({ id: caregivers.patientFileId }).from(caregivers).where(eq(caregivers.userId, paul));
    expect(followed.map((f) => f.id)).toContain(camille);
    for (const { id } of followed) expect((await remove('operator', id, paul)).status).toBe(204);
    expect(await db.select().from(caregivers).where(eq(caregivers.userId, paul))).toEqual([]);
    for (const to of [await newFile(), camille!]) {
      const again = await add('prescriber', to, { email: demoEmail('caregiver') });
      expect([again.status, again.body.caregiver?.userId], again.text).toEqual([201, paul]);
    }
  });

  it('is offered their existing account, never a second one, when a new account is asked with their e-mail (409 caregiver_account_exists, fr/en/ar)', async () => {
    const file = await newFile();
    const body = newAccount();
    const created = (await add('prescriber', file, body)).body as AddedCaregiver;
    expect((await remove('prescriber', file, created.caregiver.userId)).status).toBe(204);
    const messages = {
      fr: 'Cette personne a déjà un compte : ajoutez-la avec son adresse e-mail.',
      en: 'This person already has an account: add them with their e-mail address.',
      ar: 'لهذا الشخص حساب بالفعل: أضفه بعنوان بريده الإلكتروني.',
    };
    for (const l of ['fr', 'en', 'ar'] as const) {
      const res = await add('prescriber', file, newAccount({ email: body.newAccount.email }), l);
      expect([res.status, res.body.code, res.body.field, res.body.message]).toEqual([409, 'caregiver_account_exists', 'body.newAccount.email', messages[l]]);
    }
    expect(await accountsWith(body.newAccount.email)).toEqual([{ id: created.caregiver.userId }]);
    expect(await db.select().from(caregivers).where(eq(caregivers.patientFileId, file))).toEqual([]);
  });

  it('stays unknown to another establishment (the same 404 as an unknown e-mail)', async () => {
    const file = await newFile();
    const body = newAccount();
    const created = (await add('prescriber', file, body)).body as AddedCaregiver;
    expect((await remove('prescriber', file, created.caregiver.userId)).status).toBe(204);
    const tilleuls = await newFile({ service: 'Pneumologie', establishment: 'clinique-des-tilleuls', patient: 'patient.multi' });
    const answers = [];
    for (const email of [body.newAccount.email, 'nobody@example.org']) {
      const res = await add('pro.two', tilleuls, { email });
      answers.push([res.status, res.body.code, res.body.field, res.body.message]);
    }
    expect(answers[0]).toEqual([404, 'caregiver_account_not_found', 'body.email', expect.any(String)]);
    expect(answers[1]).toEqual(answers[0]);
  });
});

describe('who may, and when', () => {
  it('answers 403 professionals_only to the patient and their caregiver', async () => {
    const file = await newFile({ followers: ['caregiver'] });
    const caregiverId = await userIdOf(db, 'caregiver');
    for (const local of ['patient.open', 'caregiver']) {
      for (const res of [await list(local, file), await add(local, file, { email: demoEmail('new.consent') }), await remove(local, file, caregiverId)]) {
        expect([res.status, res.body.code], `${local}: ${res.text}`).toEqual([403, 'professionals_only']);
      }
    }
    expect(((await list('prescriber', file)).body as Caregiver[]).map((c) => c.userId)).toEqual([caregiverId]);
  });

  it('answers 404 to a professional of another service or establishment', async () => {
    const surgery = await newFile({ service: 'Chirurgie orthopédique', patient: 'patient.multi', followers: ['caregiver'] });
    const tilleuls = await newFile({ service: 'Pneumologie', establishment: 'clinique-des-tilleuls', patient: 'patient.multi', followers: ['caregiver'] });
    const caregiverId = await userIdOf(db, 'caregiver');
    for (const [local, file] of [['prescriber', surgery], ['prescriber', tilleuls], ['operator', tilleuls]] as const) {
      for (const res of [await list(local, file), await add(local, file, { email: demoEmail('new.consent') }), await remove(local, file, caregiverId)]) {
        expect([res.status, res.body.code], `${local} ${res.text}`).toEqual([404, 'not_found']);
      }
    }
    expect(await db.select().from(caregivers).where(eq(caregivers.patientFileId, surgery))).toHaveLength(1);
  });

  it('keeps a closed file read-only (409 patient_file_closed), its caregivers still listed', async () => {
    const file = await newFile({ followers: ['caregiver'] });
    await db.update(patientFiles).set({ status: 'CLOSED' }).where(eq(patientFiles.id, file));
    for (const res of [await add('prescriber', file, { email: demoEmail('new.consent') }), await add('prescriber', file, newAccount()), await remove('prescriber', file, await userIdOf(db, 'caregiver'))]) {
      expect([res.status, res.body.code]).toEqual([409, 'patient_file_closed']);
    }
    expect((await list('prescriber', file)).body).toHaveLength(1);
  });
});

describe('history in the same transaction', () => {
  it('adds no caregiver, creates no account and removes no one when the history entry cannot be written', async () => {
    const file = await newFile({ followers: ['caregiver'] });
    const body = newAccount();
    await db.execute(sql.raw(`create or replace function refuse_caregiver_history() returns trigger language plpgsql as $$
      begin if new.patient_file_id = '${file}' then raise exception 'history refused'; end if; return new; end $$`));
    await db.execute(sql.raw('create trigger refuse_caregiver_history before insert on patient_file_history for each row execute function refuse_caregiver_history()'));
    try {
      expect((await add('prescriber', file, { email: demoEmail('new.consent') })).status).toBe(500);
      expect((await add('prescriber', file, body)).status).toBe(500);
      expect((await remove('prescriber', file, await userIdOf(db, 'caregiver'))).status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_caregiver_history on patient_file_history'));
      await db.execute(sql.raw('drop function refuse_caregiver_history()'));
    }
    expect((await db.select().from(caregivers).where(eq(caregivers.patientFileId, file))).map((c) => c.userId)).toEqual([await userIdOf(db, 'caregiver')]);
    expect(await db.select().from(users).where(eq(users.email, body.newAccount.email))).toEqual([]);
  });
});
