/**
 * POST /api/patient_files (issue 10 §1, spec 001 §3 "Patient form", §5): a professional creates a
 * patient and opens their file. A table of valid and invalid values per field (every rule of §5),
 * each refusal said on its field with its message in fr, en and ar; every invalid field at once;
 * e-mail already used; the user, the file and the history entry in one transaction (a failing
 * insert leaves no user); the first-login credentials answered once and working at the login
 * endpoint; the caller's scope. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nirKey } from '../../schemas/patient-form.ts';
import { GENERATED_LOGIN_DOMAIN } from '../../schemas/patient-profile.ts';
import { patientFileHistory, patientFiles, services, users } from '../../server/db/schema.ts';
import { translator } from '../../server/i18n/index.ts';
import { verifyPassword } from '../../server/shared/passwords.ts';
import { demoEmail, login, loginToken, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
let cardiology: string;
let surgery: string;
let pneumology: string;
const browsers = new Map<string, Browser>();
let sequence = 0;

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}

/** A valid body: a new e-mail each time. */
const valid = (extra: Record<string, unknown> = {}) => ({
  firstNames: 'Marie, Anne-Sophie', birthName: 'DUPONT', sex: 'female', birthDate: '1980-05-12',
  email: `new.patient.${++sequence}.${randomUUID().slice(0, 8)}@example.test`, serviceId: cardiology, startDate: '2026-01-10',
  ...extra,
});

async function create(local: string, body: Record<string, unknown>, language = 'fr') {
  const b = await as(local);
  return b.agent.post(`/api/patient_files?l=${language}`).set('x-csrf-token', b.csrf).send(body);
}

/** A valid INS number: a NIR and its key. */
const ins = (nir: string) => `${nir}${String(nirKey(nir)).padStart(2, '0')}`;

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  const azur = await establishmentIdOf(db, 'chu-azur');
  const tilleuls = await establishmentIdOf(db, 'clinique-des-tilleuls');
  const all = await db.select().from(services);
  cardiology = all.find((s) => s.establishmentId === azur && s.name === 'Cardiologie')!.id;
  surgery = all.find((s) => s.establishmentId === azur && s.name === 'Chirurgie orthopédique')!.id;
  pneumology = all.find((s) => s.establishmentId === tilleuls && s.name === 'Pneumologie')!.id;
});
afterAll(() => gw?.close());

describe('creating a patient', () => {
  it('creates the person, the open file and its history entry, and answers the credentials once', async () => {
    const body = valid({
      firstBirthName: 'Marie', usedFirstName: 'Marion', usedLastName: 'Martin-Dupont', birthPlaceInsee: '2A004', mobilePhone: '06 12 34 56 78',
      insNumber: ins('2800575123456'), oid: '1.2.250.1.213.1.4.8', doubtful: true, globalReferenceValue: 42,
      socialSecurityNumber: '2 80 05 75 123 456', weightKg: 61.5, heightCm: 168, externalId: 'EXT-A-1', admissionDate: '2026-01-09',
      operationDate: '2026-01-11', address: '3 rue des Lilas', postalCode: '06000', city: 'Nice', birthCountry: '99100', endDate: '2026-07-10',
    });
    const res = await create('prescriber', body);
    expect(res.status, res.text).toBe(201);
    const { patientFile, profile, credentials } = res.body;
    expect(credentials.login).toBe(body.email);
    expect(credentials.temporaryPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(patientFile).toMatchObject({ status: 'OPEN', startDate: '2026-01-10', endDate: '2026-07-10', service: { id: cardiology }, patientName: 'Marion Martin-Dupont' });
    expect(profile).toMatchObject({
      firstNames: 'Marie, Anne-Sophie', birthName: 'DUPONT', usedFirstName: 'Marion', usedLastName: 'Martin-Dupont', sex: 'female',
      birthDate: '1980-05-12', mobilePhone: '+33612345678', socialSecurityNumber: '2800575123456', birthPlaceInsee: '2A004',
      globalReferenceValue: 42, weightKg: 61.5, heightCm: 168, email: body.email, login: body.email,
      identity: { status: 'PROVISIONAL', doubtful: true, fictitious: false, namesake: false, verifiedAt: null },
    });

    const [user] = await db.select().from(users).where(eq(users.id, profile.id));
    expect(user).toMatchObject({ roles: ['ROLE_PATIENT'], givenNames: 'Marie, Anne-Sophie', usedName: 'Martin-Dupont', firstName: 'Marion', lastName: 'Martin-Dupont', mustChangePassword: true });
    expect(user!.passwordHash).not.toContain(credentials.temporaryPassword);
    expect(await verifyPassword(user!.passwordHash, credentials.temporaryPassword)).toBe(true);
    const [file] = await db.select().from(patientFiles).where(eq(patientFiles.id, patientFile.id));
    const prescriber = await userIdOf(db, 'prescriber');
    expect(file).toMatchObject({ patientId: user!.id, status: 'OPEN', createdBy: prescriber, admissionDate: '2026-01-09', operationDate: '2026-01-11' });
    const history = await db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, file!.id));
    expect(history).toHaveLength(2);
    expect(history).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: 'PROFILE_UPDATED', actorId: prescriber, onBehalfOfId: null, payload: { created: true } }),
      // The form's weight is the file's weight reference value (issue 18; tests/api/inactive-thresholds.test.ts).
      expect.objectContaining({ type: 'REFERENCE_VALUE_CREATED', actorId: prescriber, payload: expect.objectContaining({ value: 61.5, unit: 'kg', source: 'patient_creation' }) }),
    ]));

    // Never again: neither the file nor the profile shows a password.
    const b = await as('prescriber');
    for (const url of [`/api/patient_files/${file!.id}`, `/api/persons/${user!.id}`]) {
      const again = await b.agent.get(url);
      expect(again.status, again.text).toBe(200);
      expect(again.text).not.toContain(credentials.temporaryPassword);
      expect(again.text).not.toContain('temporaryPassword');
    }
  });

  it('names the patient by the first of the first names and the birth name when no used names are given', async () => {
    const res = await create('prescriber', valid({ firstNames: 'Jean-Luc, Éric', birthName: "O'NEIL" }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.patientFile.patientName).toBe("Jean-Luc O'NEIL");
  });

  it('gives a patient with a mobile phone only a generated login, answered with the password', async () => {
    const res = await create('prescriber', valid({ email: '', mobilePhone: '+44 7911 123456' }));
    expect(res.status, res.text).toBe(201);
    const { credentials, profile } = res.body;
    expect(credentials.login).toMatch(new RegExp(`^p\\.[a-z2-9]{10}@${GENERATED_LOGIN_DOMAIN.replaceAll('.', '\\.')}$`));
    expect(profile.login).toBe(credentials.login);
    expect(profile.email).toBeUndefined();
    expect(profile.mobilePhone).toBe('+447911123456');
  });

  it('lets the patient log in with the temporary password, which then asks for a new one', async () => {
    const res = await create('prescriber', valid());
    expect(res.status, res.text).toBe(201);
    const { login: identifier, temporaryPassword } = res.body.credentials;
    const agent = request.agent(gw.app.server);
    const token = loginToken((await agent.get('/auth/login').expect(200)).text);
    const wrong = await agent.post('/auth/login').set('x-csrf-token', token!).send({ email: identifier, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    const ok = await agent.post('/auth/login').set('x-csrf-token', token!).send({ email: identifier.toUpperCase(), password: temporaryPassword });
    expect(ok.status, ok.text).toBe(200);
    const [user] = await db.select({ mustChange: users.mustChangePassword }).from(users).where(eq(users.id, res.body.profile.id));
    expect(user!.mustChange).toBe(true);
  });

  it('refuses an e-mail already used, whatever its case, on the e-mail field, in three languages, and creates nothing', async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    for (const language of ['fr', 'en', 'ar'] as const) {
      const res = await create('prescriber', valid({ email: demoEmail('patient.open').toUpperCase() }), language);
      expect(res.status, res.text).toBe(409);
      expect(res.body).toMatchObject({ code: 'email_already_used', field: 'body.email', message: translator(language)('errors.email_already_used') });
      expect(res.body.errors).toEqual([{ field: 'body.email', code: 'email_already_used', message: translator(language)('errors.email_already_used') }]);
    }
    expect(translator('fr')('errors.email_already_used')).toMatch(/déjà utilisée/);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual(before);
  });

  it('refuses the second of two creations with the same e-mail (an existing patient is never reused)', async () => {
    const body = valid();
    const first = await create('prescriber', body);
    expect(first.status, first.text).toBe(201);
    const second = await create('operator', { ...body, serviceId: surgery, email: body.email.toUpperCase() });
    expect(second.status, second.text).toBe(409);
    expect(second.body.code).toBe('email_already_used');
  });

  it('writes nothing when an insert of the transaction fails: no user, no file', async () => {
    await db.execute(sql`create function test_refuse_history() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`);
    await db.execute(sql`create trigger test_refuse_history before insert on patient_file_history for each row execute function test_refuse_history()`);
    try {
      const body = valid();
      const res = await create('prescriber', body);
      expect(res.status).toBe(500);
      expect(await db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger test_refuse_history on patient_file_history`);
      await db.execute(sql`drop function test_refuse_history()`);
    }
    const after = await create('prescriber', valid());
    expect(after.status, after.text).toBe(201);
  });
});

/** [field, value, code, params]: each value refused on its field. */
const INVALID: [string, unknown, string, Record<string, string | number>?][] = [
  ['firstNames', '', 'field_required'],
  ['firstNames', '   ', 'field_required'],
  ['firstNames', 'A', 'value_too_short', { min: 2 }],
  ['firstNames', 'A'.repeat(101), 'value_too_long', { max: 100 }],
  ['firstNames', 'Marie#', 'first_names_invalid'],
  ['firstNames', 'Marie,, Anne', 'first_names_invalid'],
  ['firstNames', 'Jean2', 'first_names_invalid'],
  ['birthName', null, 'field_required'],
  ['birthName', 'Dupré', 'birth_name_diacritics'],
  ['birthName', 'MÜLLER', 'birth_name_diacritics'],
  ['birthName', 'A'.repeat(101), 'value_too_long', { max: 100 }],
  ['birthName', 'Dupont3', 'name_invalid'],
  ['firstBirthName', 'M', 'value_too_short', { min: 2 }],
  ['firstBirthName', 'Marie, Anne', 'name_invalid'],
  ['usedFirstName', 'M', 'value_too_short', { min: 2 }],
  ['usedFirstName', 'Ma@rie', 'name_invalid'],
  ['usedLastName', 'B'.repeat(101), 'value_too_long', { max: 100 }],
  ['sex', '', 'field_required'],
  ['sex', 'other', 'value_invalid'],
  ['birthDate', '', 'field_required'],
  ['birthDate', '2999-01-01', 'birth_date_in_future'],
  ['birthDate', '1980-05', 'date_invalid'],
  ['birthDate', '1980', 'date_invalid'],
  ['birthDate', '1980-02-30', 'date_invalid'],
  ['birthDate', '12/05/1980', 'date_invalid'],
  ['birthPlaceInsee', '0600', 'insee_code_invalid'],
  ['birthPlaceInsee', '06-88', 'insee_code_invalid'],
  ['birthPlaceInsee', '060880', 'value_too_long', { max: 5 }],
  ['birthCountry', '99 10', 'insee_code_invalid'],
  ['email', 'marie.dupont', 'email_invalid'],
  ['email', 'marie @example.fr', 'email_invalid'],
  ['email', `${'a'.repeat(170)}@example.fr`, 'value_too_long', { max: 180 }],
  ['mobilePhone', '0612', 'phone_invalid'],
  ['mobilePhone', '01 42 34 56 78', 'phone_invalid'],
  ['mobilePhone', '+33 1 42 34 56 78', 'phone_invalid'],
  ['mobilePhone', 'not a phone', 'phone_invalid'],
  ['insNumber', '123', 'ins_number_invalid'],
  ['insNumber', '280057512345600', 'ins_key_invalid'],
  ['insNumber', `${ins('2800575123456').slice(0, 13)}${String((nirKey('2800575123456') % 97) + 1).padStart(2, '0')}`, 'ins_key_invalid'],
  ['oid', '1..2', 'oid_invalid'],
  ['oid', '3.1', 'oid_invalid'],
  ['oid', 'abc', 'oid_invalid'],
  ['globalReferenceValue', 1.5, 'integer_required'],
  ['globalReferenceValue', 'ten', 'integer_required'],
  ['socialSecurityNumber', '12345', 'social_security_number_invalid'],
  ['socialSecurityNumber', '28005751234567', 'social_security_number_invalid'],
  ['socialSecurityNumber', '28005751234AB', 'social_security_number_invalid'],
  ['weightKg', 5000, 'value_out_of_range', { min: 0.2, max: 700 }],
  ['heightCm', 1.68, 'value_out_of_range', { min: 20, max: 280 }],
  ['externalId', 'E'.repeat(101), 'value_too_long', { max: 100 }],
  ['address', 'a', 'value_too_short', { min: 2 }],
  ['address', 'a'.repeat(501), 'value_too_long', { max: 500 }],
  ['city', 'N', 'value_too_short', { min: 2 }],
  ['city', 'N'.repeat(101), 'value_too_long', { max: 100 }],
  ['admissionDate', '2026-13-01', 'date_invalid'],
  ['operationDate', '2026-1-1', 'date_invalid'],
  ['startDate', '', 'field_required'],
  ['startDate', '2026-02', 'date_invalid'],
  ['endDate', '2026-01-09', 'end_date_before_start'],
  ['endDate', '2026-01-10', 'end_date_before_start'],
  ['endDate', '2026-06', 'date_invalid'],
  ['serviceId', '', 'field_required'],
];

/** [field, value]: accepted values, with the rules' edge cases. */
const VALID: [string, unknown][] = [
  ['firstNames', 'Zoé'], ['firstNames', "Jean-Luc, Anne Marie, D'Arcy"], ['firstNames', 'Ab'], ['firstNames', 'A'.repeat(100)],
  ['birthName', 'DE LA FONTAINE'], ['birthName', "O'NEIL-SMITH"], ['birthName', 'A'.repeat(100)], ['birthName', 'Li'],
  ['sex', 'male'], ['sex', 'unknown'],
  ['birthDate', '2000-02-29'],
  ['birthPlaceInsee', '2B033'], ['birthPlaceInsee', '99134'],
  ['email', `${'a'.repeat(160)}.${randomUUID().slice(0, 6)}@ex.fr`],
  ['mobilePhone', '07 81 23 45 67'], ['mobilePhone', '+33 6 12 34 56 78'], ['mobilePhone', '+49 151 23456789'],
  ['insNumber', ins('1800575123456')], ['insNumber', ins('180052A123456')], ['insNumber', `1 80 05 75 123 456 ${String(nirKey('1800575123456')).padStart(2, '0')}`],
  ['oid', '1.2.250.1.213.1.4.8'],
  ['globalReferenceValue', -3], ['globalReferenceValue', 0],
  ['socialSecurityNumber', '1800575123456'], ['socialSecurityNumber', '180052A123456'],
  // 0.5 kg: the form allows 0.2, the weight indicator's plausible range (its reference value, issue 18) starts at 0.5.
  ['weightKg', 0.5], ['heightCm', 280],
  ['address', 'ab'], ['address', 'a'.repeat(500)],
  ['endDate', '2026-01-11'], ['endDate', null],
];

describe('the rules of every field (spec 001 §5)', () => {
  it.each(INVALID)('refuses %s = %j with %s, on the field, in fr, en and ar', async (field, value, code, params = {}) => {
    const messages = new Set<string>();
    for (const language of ['fr', 'en', 'ar'] as const) {
      const res = await create('prescriber', valid({ [field]: value }), language);
      expect(res.status, res.text).toBe(400);
      const message = translator(language)(`errors.${code}`, params);
      expect(message).not.toContain('errors.');
      expect(res.body.errors, res.text).toContainEqual({ field: `body.${field}`, code, message });
      expect(res.body.errors.filter((e: { field: string }) => e.field !== `body.${field}`)).toEqual([]);
      messages.add(message);
    }
    expect(messages.size).toBe(3);
  });

  it.each(VALID)('accepts %s = %j', async (field, value) => {
    const res = await create('prescriber', valid({ [field]: value }));
    expect(res.status, res.text).toBe(201);
  });

  it('requires an e-mail or a mobile phone, said on both fields', async () => {
    const res = await create('prescriber', valid({ email: null, mobilePhone: '' }), 'en');
    expect(res.status, res.text).toBe(400);
    const message = translator('en')('errors.email_or_mobile_required');
    expect(res.body.errors).toEqual([
      { field: 'body.email', code: 'email_or_mobile_required', message },
      { field: 'body.mobilePhone', code: 'email_or_mobile_required', message },
    ]);
  });

  it('answers every invalid field at once, the first as the answer\'s code and field, and the required ones in French', async () => {
    const res = await create('prescriber', { serviceId: cardiology, email: 'x', weightKg: -1 }, 'fr');
    expect(res.status, res.text).toBe(400);
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(['body.firstNames', 'body.birthName', 'body.sex', 'body.birthDate', 'body.email', 'body.weightKg', 'body.startDate']);
    expect(res.body).toMatchObject({ code: 'field_required', field: 'body.firstNames', message: 'Ce champ est obligatoire' });
  });

  it('refuses a field the form does not have (400 on the schema, nothing created)', async () => {
    const res = await create('prescriber', valid({ password: 'chosen-by-pro' }));
    expect([201, 400]).toContain(res.status);
    if (res.status === 201) {
      // Fastify drops unknown properties (removeAdditional): the password is still a temporary one.
      expect(res.body.credentials.temporaryPassword).not.toBe('chosen-by-pro');
    }
  });
});

describe('who may create', () => {
  it.each([
    ['prescriber', 'cardiology'], ['operator', 'cardiology'], ['operator', 'surgery'], ['superadmin', 'surgery'], ['pro.two', 'pneumology'],
  ])('%s may create in %s (patient-data privilege there or in its establishment)', async (local, service) => {
    const serviceId = { cardiology, surgery, pneumology }[service]!;
    const res = await create(local, valid({ serviceId }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.patientFile.service.id).toBe(serviceId);
  });

  it.each([
    ['prescriber', 'surgery'], ['prescriber', 'pneumology'], ['operator', 'pneumology'], ['manager', 'cardiology'],
    ['admin.establishment', 'pneumology'], ['patient.open', 'cardiology'], ['caregiver', 'cardiology'], ['admin', 'cardiology'],
  ])('%s may not create in %s: 404 on the service, nothing created', async (local, service) => {
    const serviceId = { cardiology, surgery, pneumology }[service]!;
    const body = valid({ serviceId });
    const res = await create(local, body);
    expect(res.status, res.text).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found', field: 'body.serviceId' });
    expect(await db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });

  it('answers 404 for an unknown service before looking at the form', async () => {
    for (const serviceId of [randomUUID(), 'not-an-id']) {
      const res = await create('operator', { serviceId, birthName: 'Dupré' });
      expect(res.status, res.text).toBe(404);
    }
  });
});
