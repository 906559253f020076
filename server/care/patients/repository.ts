/**
 * Patients created and edited by professionals (issue 10 §1 and §3, spec 001 §3 "Patient form",
 * §5): POST /api/patient_files creates the person and opens their file; GET and PUT
 * /api/persons/:id read and change the profile. The rules are schemas/patient-form.ts's, every
 * invalid field answered at once; the mapping of the form onto `users` is written once here
 * (toColumns / toProfile), and documented in schemas/patient-profile.ts.
 */
import { randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { isUuid } from '../../../schemas/common.ts';
import { IDENTITY_TRAITS, type IdentityStatus } from '../../../schemas/identity.ts';
import {
  isFullDate, normalisePatientForm, splitFirstNames, validatePatientForm, type PatientFormError,
} from '../../../schemas/patient-form.ts';
import {
  GENERATED_LOGIN_DOMAIN, isGeneratedLogin, patientProfileBodySchema, type PatientCreated, type PatientProfile,
} from '../../../schemas/patient-profile.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { indicators, patientFiles, services, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Language } from '../../i18n/index.ts';
import { invalidFields, type FieldProblem } from '../../i18n/invalid-fields.ts';
import { issueTemporaryPassword } from '../../shared/temporary-password.ts';
import type { CareContext } from '../context.ts';
import { patientFileHandle } from '../patient-file.ts';
import { patientFilesRepository } from '../patient-files/repository.ts';
import { insertReferenceValue, referencedIndicator, type ReferencedIndicator } from '../reference-values/history.ts';

/**
 * The indicator whose reference value the form's weight becomes (issue 18): the establishment's
 * indicator of this reference, in kg like the form's weight. Without one, the weight stays a
 * profile field only.
 */
export const WEIGHT_INDICATOR_REFERENCE = 'weight';

type UserRow = typeof users.$inferSelect;
type Columns = Partial<typeof users.$inferInsert>;
type Fields = Record<string, unknown>;

/** The person's fields of the form (the profile), in the form's order. */
const PERSON_FIELDS = Object.keys(patientProfileBodySchema.properties) as (keyof typeof patientProfileBodySchema.properties)[];
type PersonField = (typeof PERSON_FIELDS)[number];

/** Form field → users column (email apart: it is also the login). */
const COLUMN_OF = {
  firstNames: 'givenNames', firstBirthName: 'firstBirthName', birthName: 'birthName', usedFirstName: 'usedFirstName',
  usedLastName: 'usedName', sex: 'sex', birthDate: 'birthDate', birthPlaceInsee: 'birthPlaceInsee', mobilePhone: 'phone',
  insNumber: 'insNumber', oid: 'oid', doubtful: 'identityDoubtful', fictitious: 'identityFictitious', namesake: 'identityNamesake',
  globalReferenceValue: 'globalReferenceValue', socialSecurityNumber: 'socialSecurityNumber', weightKg: 'weightKg',
  heightCm: 'heightCm', externalId: 'externalId', address: 'address', postalCode: 'postalCode', city: 'city', birthCountry: 'birthCountry',
} as const satisfies Record<Exclude<PersonField, 'email'>, keyof UserRow>;
const FLAGS = new Set<string>(['doubtful', 'fictitious', 'namesake']);

/** The stored values of a valid, normalised form (absent values cleared). */
function toColumns(form: Fields): Columns {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_OF)) columns[column] = form[field] ?? (FLAGS.has(field) ? false : null);
  const firstNames = typeof form.firstNames === 'string' ? splitFirstNames(form.firstNames) : [];
  columns.firstName = (form.usedFirstName as string | undefined) ?? firstNames[0] ?? '';
  columns.lastName = (form.usedLastName as string | undefined) ?? (form.birthName as string);
  return columns as Columns;
}

/** The profile of a stored person: every form field that has a value. */
function toProfile(user: UserRow): PatientProfile {
  const profile: Record<string, unknown> = {
    id: user.id, login: user.email, firstName: user.firstName, lastName: user.lastName, createdAt: user.createdAt.toISOString(),
    identity: {
      status: user.identityStatus as IdentityStatus, doubtful: user.identityDoubtful, fictitious: user.identityFictitious,
      namesake: user.identityNamesake, verifiedAt: user.identityVerifiedAt?.toISOString() ?? null,
    },
  };
  if (!isGeneratedLogin(user.email)) profile.email = user.email;
  for (const [field, column] of Object.entries(COLUMN_OF)) {
    if (FLAGS.has(field)) continue;
    const value = user[column];
    if (value !== null && value !== undefined) profile[field] = value;
  }
  return profile as PatientProfile;
}

/** The form's values of a stored person, as the form compares them (flags included). */
function storedForm(user: UserRow): Fields {
  const form: Fields = {};
  for (const [field, column] of Object.entries(COLUMN_OF)) form[field] = user[column] ?? undefined;
  form.email = isGeneratedLogin(user.email) ? undefined : user.email;
  return form;
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** `p.<10 letters or digits>@patients.telesuivi.invalid`: the login of a patient without e-mail. */
function generatedLogin(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  let local = '';
  for (let i = 0; i < 10; i++) local += alphabet[randomInt(alphabet.length)];
  return `p.${local}@${GENERATED_LOGIN_DOMAIN}`;
}

/** An e-mail is one account's whatever its case (users_email_lower_idx). */
const EMAIL_INDEX = 'users_email_lower_idx';

const absent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Today in the caller's time zone (the birth date may be today, not after). */
function todayOf(care: CareContext): string {
  const today = DateTime.fromJSDate(care.now(), { zone: care.timeZone });
  return (today.isValid ? today : DateTime.fromJSDate(care.now(), { zone: 'Europe/Paris' })).toISODate()!;
}

export function patientsRepository(care: CareContext, language: Language) {
  const { db } = care;

  /** Another account (case-insensitive) has this e-mail. */
  async function emailUsed(email: string, exceptUserId?: string): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users)
      .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), exceptUserId ? ne(users.id, exceptUserId) : undefined));
    return Boolean(row);
  }

  /** The person's files the caller opens as a professional (patient-data privilege in the file's service or establishment). */
  async function professionalFilesOf(personId: string) {
    const rows = await db.select({
      id: patientFiles.id, patientId: patientFiles.patientId, serviceId: patientFiles.serviceId, status: patientFiles.status,
      establishmentId: services.establishmentId,
    }).from(patientFiles).innerJoin(services, eq(services.id, patientFiles.serviceId))
      .where(and(eq(patientFiles.patientId, personId), care.fileScope));
    return rows.filter((r) => r.patientId !== care.userId && care.opensFilesOf({ id: r.serviceId, establishmentId: r.establishmentId }));
  }

  async function person(personId: string): Promise<UserRow> {
    if (!isUuid(personId) || (await professionalFilesOf(personId)).length === 0) throw new AppError(404, 'not_found');
    const [user] = await db.select().from(users).where(eq(users.id, personId));
    if (!user) throw new AppError(404, 'not_found');
    return user;
  }

  const formErrors = (errors: PatientFormError[]): FieldProblem[] => errors.map((e) => ({ field: e.field, code: e.code, params: e.params }));

  return {
    /** POST /api/patient_files. */
    async create(body: Fields): Promise<PatientCreated> {
      // The service first: outside the caller's reach it is not found, whatever else the body says.
      const serviceId = body.serviceId;
      const problems: FieldProblem[] = [];
      let service: { id: string; establishmentId: string } | undefined;
      if (absent(serviceId)) problems.push({ field: 'body.serviceId', code: 'field_required' });
      else {
        if (typeof serviceId !== 'string' || !isUuid(serviceId)) throw new AppError(404, 'not_found', {}, 'body.serviceId');
        [service] = await db.select({ id: services.id, establishmentId: services.establishmentId }).from(services).where(eq(services.id, serviceId));
        if (!service || !care.opensFilesOf(service)) {
          throw new AppError(404, 'not_found', {}, 'body.serviceId');
        }
      }
      const form: Fields = {};
      for (const field of [...PERSON_FIELDS, 'admissionDate', 'operationDate']) if (field in body) form[field] = body[field];
      problems.push(...formErrors(validatePatientForm(form, todayOf(care))));
      // The weight becomes the file's weight reference value: held to that indicator's plausible range.
      let weightIndicator: ReferencedIndicator | undefined;
      if (service && typeof form.weightKg === 'number' && !problems.some((p) => p.field === 'body.weightKg')) {
        [weightIndicator] = await referencedIndicator(db)
          .where(and(eq(indicators.establishmentId, service.establishmentId), eq(indicators.reference, WEIGHT_INDICATOR_REFERENCE)));
        const weight = form.weightKg;
        if (weightIndicator && !(weight >= weightIndicator.min && weight <= weightIndicator.max)) {
          problems.push({ field: 'body.weightKg', code: 'value_not_plausible', params: { min: weightIndicator.min, max: weightIndicator.max, symbol: weightIndicator.unit } });
        }
      }
      const { startDate, endDate } = body;
      if (absent(startDate)) problems.push({ field: 'body.startDate', code: 'field_required' });
      else if (typeof startDate !== 'string' || !isFullDate(startDate.trim())) problems.push({ field: 'body.startDate', code: 'date_invalid' });
      if (!absent(endDate)) {
        if (typeof endDate !== 'string' || !isFullDate(endDate.trim())) problems.push({ field: 'body.endDate', code: 'date_invalid' });
        else if (typeof startDate === 'string' && isFullDate(startDate.trim()) && endDate.trim() <= startDate.trim()) {
          problems.push({ field: 'body.endDate', code: 'end_date_before_start' });
        }
      }
      if (problems.length) throw invalidFields(problems, language);

      const values = normalisePatientForm(form);
      const email = values.email as string | undefined;
      // An existing patient is refused, never silently reused: a second file is opened from their file.
      if (email && await emailUsed(email)) throw invalidFields([{ field: 'body.email', code: 'email_already_used' }], language, 409);
      const login = email ?? generatedLogin();
      const { password, stored } = await issueTemporaryPassword();
      const file = { serviceId: service!.id, establishmentId: service!.establishmentId };

      let created: { userId: string; fileId: string };
      try {
        created = await db.transaction(async (tx) => {
          const [user] = await tx.insert(users).values({
            ...toColumns(values), email: login, roles: ['ROLE_PATIENT'], passwordHash: stored.passwordHash,
            mustChangePassword: stored.mustChangePassword, language,
          } as typeof users.$inferInsert).returning({ id: users.id });
          const [row] = await tx.insert(patientFiles).values({
            patientId: user!.id, serviceId: file.serviceId, status: 'OPEN', startDate: (startDate as string).trim(),
            endDate: absent(endDate) ? null : (endDate as string).trim(),
            admissionDate: (values.admissionDate as string | undefined) ?? null, operationDate: (values.operationDate as string | undefined) ?? null,
            createdBy: care.userId,
          }).returning({ id: patientFiles.id });
          const handle = patientFileHandle(tx, care, care.now, {
            id: row!.id, patientId: user!.id, serviceId: file.serviceId, status: 'OPEN', establishmentId: file.establishmentId, as: 'professional',
          });
          await handle.recordHistory(tx, 'PROFILE_UPDATED', { created: true });
          const weight = values.weightKg as number | undefined;
          if (weightIndicator && weight !== undefined) {
            await insertReferenceValue(tx, handle, weightIndicator, weight, { userId: care.userId, now: care.now() }, { source: 'patient_creation' });
          }
          return { userId: user!.id, fileId: row!.id };
        });
      } catch (error) {
        // Two creations with the same e-mail at once: the unique index decides.
        if (isUniqueViolation(error, EMAIL_INDEX)) throw invalidFields([{ field: 'body.email', code: 'email_already_used' }], language, 409);
        throw error;
      }
      const [user] = await db.select().from(users).where(eq(users.id, created.userId));
      return {
        patientFile: await patientFilesRepository(care).get(created.fileId),
        profile: toProfile(user!),
        credentials: { login, temporaryPassword: password },
      };
    },

    /** GET /api/persons/:id. */
    async profile(personId: string): Promise<PatientProfile> {
      return toProfile(await person(personId));
    },

    /** PUT /api/persons/:id: the whole profile; PROFILE_UPDATED with the changed fields on each of the person's files the caller opens. */
    async update(personId: string, body: Fields): Promise<PatientProfile> {
      const user = await person(personId);
      const files = await professionalFilesOf(personId);

      const form: Fields = {};
      for (const field of PERSON_FIELDS) if (field in body) form[field] = body[field];
      const errors = validatePatientForm(form, todayOf(care));
      if (errors.length) throw invalidFields(formErrors(errors), language);
      const values = normalisePatientForm(form);
      for (const flag of FLAGS) values[flag] ??= false;

      const changesFrom = (row: UserRow) => {
        const before = storedForm(row);
        return PERSON_FIELDS.filter((field) => field === 'email'
          ? (before.email as string | undefined)?.toLowerCase() !== (values.email as string | undefined)?.toLowerCase()
          : !same(before[field], values[field]));
      };
      const changed = changesFrom(user);

      // A checked identity changes only with a proof of identity (PUT /persons/{id}/identity).
      if (user.identityStatus !== 'PROVISIONAL') {
        const traits = changed.filter((field) => (IDENTITY_TRAITS as readonly string[]).includes(field));
        if (traits.length) throw invalidFields(traits.map((field) => ({ field: `body.${field}`, code: 'identity_change_needs_proof' as const })), language, 409);
      }
      const email = values.email as string | undefined;
      if (changed.includes('email')) {
        if (!email) throw invalidFields([{ field: 'body.email', code: 'email_is_login' }], language, 409);
        if (await emailUsed(email, personId)) throw invalidFields([{ field: 'body.email', code: 'email_already_used' }], language, 409);
      }
      if (changed.length === 0) return toProfile(user);

      try {
        await db.transaction(async (tx) => {
          // The person's row locked, what changes is read again: of two saves at once, the later one
          // records only what is still different (the same form saved ten times is one change, issue 19).
          const [locked] = await tx.select().from(users).where(eq(users.id, personId)).for('update');
          const still = changesFrom(locked!);
          if (still.length === 0) return;
          await tx.update(users).set({ ...toColumns(values), ...(still.includes('email') ? { email } : {}) }).where(eq(users.id, personId));
          for (const file of files) {
            await patientFileHandle(tx, care, care.now, { ...file, as: 'professional' }).recordHistory(tx, 'PROFILE_UPDATED', { fields: still });
          }
        });
      } catch (error) {
        if (isUniqueViolation(error, EMAIL_INDEX)) throw invalidFields([{ field: 'body.email', code: 'email_already_used' }], language, 409);
        throw error;
      }
      const [updated] = await db.select().from(users).where(eq(users.id, personId));
      return toProfile(updated!);
    },
  };
}
