/**
 * GET and PUT /api/persons/:id (issue 10 §3): the patient profile, for a professional with a
 * patient-data privilege on one of the person's files. The same rules as the creation (table of
 * invalid values, messages in fr/en/ar), the e-mail unique except the person's own, identity
 * traits frozen once the identity is checked (409 identity_change_needs_proof on the field),
 * PROFILE_UPDATED with the changed fields (not their values) on each file the caller opens, in the
 * same transaction as the change; scope. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientFileHistory, patientFiles, services, users } from '../../server/db/schema.ts';
import { translator } from '../../server/i18n/index.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
let cardiology: string;
let surgery: string;
const browsers = new Map<string, Browser>();

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}

const FORM = {
  firstNames: 'Lucie, Jeanne', birthName: 'ROBERT', sex: 'female', birthDate: '1975-03-02', mobilePhone: '06 98 76 54 32',
  city: 'Antibes', insNumber: undefined as string | undefined,
};

/** A new patient with a file in `service`, created through the API by `local`. */
async function newPatient(local = 'prescriber', service = cardiology, extra: Record<string, unknown> = {}) {
  const b = await as(local);
  const email = `profile.${randomUUID().slice(0, 8)}@example.test`;
  const res = await b.agent.post('/api/patient_files').set('x-csrf-token', b.csrf)
    .send({ ...FORM, email, serviceId: service, startDate: '2026-02-01', ...extra });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.profile.id as string, fileId: res.body.patientFile.id as string, email, profile: res.body.profile };
}

async function get(local: string, id: string, language = 'fr') {
  const b = await as(local);
  return b.agent.get(`/api/persons/${id}?l=${language}`);
}
async function put(local: string, id: string, body: Record<string, unknown>, language = 'fr') {
  const b = await as(local);
  return b.agent.put(`/api/persons/${id}?l=${language}`).set('x-csrf-token', b.csrf).send(body);
}

/** The form as the screen sends it back: the profile's fields. */
function formOf(profile: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, login: _login, firstName: _f, lastName: _l, identity, createdAt: _c, ...fields } = profile as Record<string, unknown> & { identity: Record<string, unknown> };
  return { ...fields, doubtful: identity.doubtful, fictitious: identity.fictitious, namesake: identity.namesake };
}

const historyOf = (fileId: string) => db.select().from(patientFileHistory)
  .where(and(eq(patientFileHistory.patientFileId, fileId), eq(patientFileHistory.type, 'PROFILE_UPDATED')));

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  const azur = await establishmentIdOf(db, 'chu-azur');
  const all = await db.select().from(services).where(eq(services.establishmentId, azur));
  cardiology = all.find((s) => s.name === 'Cardiologie')!.id;
  surgery = all.find((s) => s.name === 'Chirurgie orthopédique')!.id;
});
afterAll(() => gw?.close());

describe('reading the profile', () => {
  it('answers every field of the form, the identity and the login, never a password', async () => {
    const p = await newPatient('prescriber', cardiology, { socialSecurityNumber: '2750375123456', weightKg: 70, globalReferenceValue: 7 });
    const res = await get('prescriber', p.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: p.id, login: p.email, email: p.email, firstName: 'Lucie', lastName: 'ROBERT', firstNames: 'Lucie, Jeanne', birthName: 'ROBERT', sex: 'female',
      birthDate: '1975-03-02', mobilePhone: '+33698765432', city: 'Antibes', socialSecurityNumber: '2750375123456', weightKg: 70, globalReferenceValue: 7,
      identity: { status: 'PROVISIONAL', doubtful: false, fictitious: false, namesake: false, verifiedAt: null }, createdAt: expect.any(String),
    });
    expect(res.text).not.toMatch(/password/i);
  });

  it.each([['operator'], ['superadmin'], ['pro.two']])('is open to %s (patient-data privilege on the file)', async (local) => {
    const p = await newPatient();
    expect((await get(local, p.id)).status).toBe(200);
  });

  it.each([['manager'], ['admin.establishment'], ['admin'], ['patient.open'], ['caregiver']])('is not found for %s', async (local) => {
    const p = await newPatient();
    const res = await get(local, p.id);
    expect(res.status, res.text).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('is not found for a prescriber of another service, nor for an unknown person, nor for a professional', async () => {
    const p = await newPatient('operator', surgery);
    expect((await get('prescriber', p.id)).status).toBe(404);
    expect((await get('operator', p.id)).status).toBe(200);
    expect((await get('prescriber', randomUUID())).status).toBe(404);
    const [prescriber] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('pro.two')));
    expect((await get('operator', prescriber!.id)).status).toBe(404);
  });
});

describe('changing the profile', () => {
  it('saves the whole form and records the changed fields (not their values) in the file history', async () => {
    const p = await newPatient();
    const before = await historyOf(p.fileId);
    const res = await put('prescriber', p.id, { ...formOf(p.profile), usedLastName: 'Girard', city: 'Cannes', address: '12 avenue de la Mer', mobilePhone: '+33 6 98 76 54 32' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ usedLastName: 'Girard', lastName: 'Girard', city: 'Cannes', address: '12 avenue de la Mer', mobilePhone: '+33698765432' });
    const after = await historyOf(p.fileId);
    expect(after).toHaveLength(before.length + 1);
    const entry = after.find((h) => !before.some((b) => b.id === h.id))!;
    expect(entry.payload).toEqual({ fields: ['usedLastName', 'address', 'city'] });
    expect(JSON.stringify(entry.payload)).not.toContain('Cannes');
    // The patient-file list reads the new display name.
    const file = await (await as('prescriber')).agent.get(`/api/patient_files/${p.fileId}`);
    expect(file.body.patientName).toBe('Lucie Girard');
  });

  it('clears a field left out, and writes no history when nothing changed', async () => {
    const p = await newPatient();
    const { city: _city, ...rest } = formOf(p.profile);
    const cleared = await put('prescriber', p.id, rest);
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.city).toBeUndefined();
    const count = (await historyOf(p.fileId)).length;
    const again = await put('prescriber', p.id, { ...rest, city: '' });
    expect(again.status).toBe(200);
    expect(await historyOf(p.fileId)).toHaveLength(count);
  });

  it('records the entry on each of the person\'s files the caller opens, and only those', async () => {
    const p = await newPatient();
    const [second] = await db.insert(patientFiles).values({ patientId: p.id, serviceId: surgery, status: 'OPEN', startDate: '2026-02-02' }).returning();
    const prescriberPut = await put('prescriber', p.id, { ...formOf(p.profile), city: 'Grasse' });
    expect(prescriberPut.status).toBe(200);
    expect(await historyOf(second!.id)).toHaveLength(0);
    const operatorPut = await put('operator', p.id, { ...formOf(p.profile), city: 'Menton' });
    expect(operatorPut.status).toBe(200);
    expect((await historyOf(second!.id)).map((h) => h.payload)).toEqual([{ fields: ['city'] }]);
    const first = (await historyOf(p.fileId)).map((h) => h.payload);
    expect(first).toHaveLength(3);
    expect(first).toEqual(expect.arrayContaining([{ created: true }, { fields: ['city'] }]));
    expect(first.filter((payload) => JSON.stringify(payload) === '{"fields":["city"]}')).toHaveLength(2);
  });

  it.each([
    ['firstNames', '', 'field_required', {}],
    ['birthName', 'Robért', 'birth_name_diacritics', {}],
    ['city', 'x', 'value_too_short', { min: 2 }],
    ['address', 'y'.repeat(501), 'value_too_long', { max: 500 }],
    ['mobilePhone', '04 93 12 34 56', 'phone_invalid', {}],
    ['email', 'nobody', 'email_invalid', {}],
    ['birthDate', '2999-12-31', 'birth_date_in_future', {}],
    ['insNumber', '275037512345600', 'ins_key_invalid', {}],
    ['socialSecurityNumber', '27503', 'social_security_number_invalid', {}],
    ['globalReferenceValue', 2.5, 'integer_required', {}],
  ])('refuses %s = %j with %s in fr, en and ar, and changes nothing', async (field, value, code, params) => {
    const p = await newPatient();
    for (const language of ['fr', 'en', 'ar'] as const) {
      const res = await put('prescriber', p.id, { ...formOf(p.profile), [field]: value }, language);
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors).toEqual([{ field: `body.${field}`, code, message: translator(language)(`errors.${code}`, params) }]);
    }
    expect((await get('prescriber', p.id)).body).toEqual(p.profile);
  });

  it('keeps the e-mail unique except the person\'s own (any case), and never removes the login', async () => {
    const p = await newPatient();
    const other = await newPatient();
    for (const language of ['fr', 'en', 'ar'] as const) {
      const res = await put('prescriber', p.id, { ...formOf(p.profile), email: other.email.toUpperCase() }, language);
      expect(res.status, res.text).toBe(409);
      expect(res.body).toMatchObject({ code: 'email_already_used', field: 'body.email', message: translator(language)('errors.email_already_used') });
    }
    const own = await put('prescriber', p.id, { ...formOf(p.profile), email: p.email.toUpperCase() });
    expect(own.status, own.text).toBe(200);
    const removed = await put('prescriber', p.id, { ...formOf(p.profile), email: '' }, 'en');
    expect(removed.status, removed.text).toBe(409);
    expect(removed.body).toMatchObject({ code: 'email_is_login', field: 'body.email', message: translator('en')('errors.email_is_login') });
    const changed = await put('prescriber', p.id, { ...formOf(p.profile), email: `changed.${p.email}` });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ email: `changed.${p.email}`, login: `changed.${p.email}` });
  });

  it('lets a patient without e-mail keep the generated login, and gives them an e-mail later', async () => {
    const p = await newPatient('prescriber', cardiology, { email: '' });
    expect(p.profile.email).toBeUndefined();
    const kept = await put('prescriber', p.id, { ...formOf(p.profile), city: 'Vence' });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.login).toBe(p.profile.login);
    const email = `later.${randomUUID().slice(0, 8)}@example.test`;
    const given = await put('prescriber', p.id, { ...formOf(p.profile), email });
    expect(given.body).toMatchObject({ email, login: email });
  });

  it('changes identity traits while the identity is provisional, and refuses them once it is checked (409 on each field, fr/en/ar)', async () => {
    const p = await newPatient();
    const provisional = await put('prescriber', p.id, { ...formOf(p.profile), birthName: 'ROBERTS', firstBirthName: 'Lucie' });
    expect(provisional.status, provisional.text).toBe(200);
    await db.update(users).set({ identityStatus: 'VALIDATED' }).where(eq(users.id, p.id));
    const checked = formOf(provisional.body);
    for (const language of ['fr', 'en', 'ar'] as const) {
      const res = await put('prescriber', p.id, { ...checked, birthName: 'ROBERT', sex: 'unknown', city: 'Nice' }, language);
      expect(res.status, res.text).toBe(409);
      const message = translator(language)('errors.identity_change_needs_proof');
      expect(res.body).toMatchObject({ code: 'identity_change_needs_proof', field: 'body.birthName', message });
      expect(res.body.errors).toEqual([
        { field: 'body.birthName', code: 'identity_change_needs_proof', message },
        { field: 'body.sex', code: 'identity_change_needs_proof', message },
      ]);
    }
    expect(translator('fr')('errors.identity_change_needs_proof')).toMatch(/justificatif/);
    // The other fields still change, the traits sent as they are.
    const city = await put('prescriber', p.id, { ...checked, city: 'Nice' });
    expect(city.status, city.text).toBe(200);
    expect(city.body).toMatchObject({ birthName: 'ROBERTS', city: 'Nice', identity: { status: 'VALIDATED' } });
  });

  it('writes nothing when the history entry cannot be written (same transaction)', async () => {
    const p = await newPatient();
    await db.execute(sql`create function test_refuse_profile_history() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`);
    await db.execute(sql`create trigger test_refuse_profile_history before insert on patient_file_history for each row execute function test_refuse_profile_history()`);
    try {
      const res = await put('prescriber', p.id, { ...formOf(p.profile), city: 'Biot' });
      expect(res.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger test_refuse_profile_history on patient_file_history`);
      await db.execute(sql`drop function test_refuse_profile_history()`);
    }
    expect((await get('prescriber', p.id)).body.city).toBe('Antibes');
  });

  it.each([['manager'], ['patient.open'], ['caregiver']])('is not found for %s, and changes nothing', async (local) => {
    const p = await newPatient();
    const res = await put(local, p.id, { ...formOf(p.profile), city: 'Nowhere' });
    expect(res.status, res.text).toBe(404);
    expect((await get('prescriber', p.id)).body.city).toBe('Antibes');
  });

  it('is not found for a prescriber of another service, whatever the body', async () => {
    const p = await newPatient('operator', surgery);
    expect((await put('prescriber', p.id, {})).status).toBe(404);
    expect((await put('prescriber', p.id, formOf(p.profile))).status).toBe(404);
  });
});
