/**
 * Caregivers of a patient file (issue 10 §4 "Caregivers"): list, add (an existing patient-side
 * account by e-mail, or a new account with one-time credentials), remove. Professionals of the
 * file only, on an open file; each change records CAREGIVER_ADDED / CAREGIVER_REMOVED in its
 * transaction (payload: the caregiver's user id and name as they were then — the history still says
 * who after they are removed —, never their e-mail).
 *
 * What a caregiver sees follows at once: the care API decides a caregiver's files per query
 * (followsAsCaregiver in care/access.ts reads the caregivers table), so the next call of the
 * person added or removed already sees or loses the file; the routes also mark that person's
 * identity changed (care/caregivers/routes.ts), so the sessions a gateway keeps in memory
 * reload what is cached with them (the establishments of their patient-side files).
 *
 * No account-existence oracle for people outside the establishment: adding by e-mail finds only
 * patient-side accounts (ROLE_PATIENT) the establishment already knows — a patient of one of its
 * files, a caregiver of one, or a caregiver once removed from one (the file's history says so:
 * removed, a caregiver can be added back with the same account, issue 19). Any other e-mail
 * (unknown, a professional's, a patient known only elsewhere) gets the same answer, 404
 * caregiver_account_not_found on body.email. The one thing left is the platform-wide uniqueness
 * of e-mails, which a new account (as a new patient, spec 001 §5 "not already used") must still
 * respect: email_already_used — or, for an account the establishment knows, 409
 * caregiver_account_exists, which says to add that account by its e-mail (one account per e-mail).
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.ts';
import { caregivers, patientFileHistory, patientFiles, services, users } from '../../db/schema.ts';
import { AppError, notFound, type FieldError } from '../../errors.ts';
import { translator } from '../../i18n/index.ts';
import { issueTemporaryPassword } from '../../shared/temporary-password.ts';
import type { AddCaregiverBody, AddedCaregiver, Caregiver } from '../../../schemas/caregivers.ts';
import { emailError, mobilePhoneError, nameError, normaliseMobilePhone, PATIENT_FORM_LIMITS } from '../../../schemas/patient-form.ts';
import type { ErrorCode } from '../../../schemas/errors.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';

const L = PATIENT_FORM_LIMITS;

interface Problem { field: string; code: ErrorCode; params?: Record<string, string | number> }

/** 400 (or `status`) listing every invalid field, the first one as `code`/`field`, each with its message. */
function invalid(care: CareContext, problems: Problem[], status = 400): AppError {
  const t = translator(care.language);
  const errors: FieldError[] = problems.map((p) => ({ field: p.field, message: t(`errors.${p.code}`, p.params ?? {}) }));
  const [first] = problems;
  return new AppError(status, first!.code, first!.params ?? {}, first!.field, errors);
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const columns = {
  userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone, addedAt: caregivers.addedAt,
};
const toCaregiver = (row: { userId: string; firstName: string; lastName: string; email: string; phone: string | null; addedAt: Date }): Caregiver =>
  ({ ...row, addedAt: row.addedAt.toISOString() });

export async function listCaregivers(care: CareContext, file: PatientFileHandle): Promise<Caregiver[]> {
  file.requireProfessional();
  const rows = await care.db.select(columns).from(caregivers).innerJoin(users, eq(users.id, caregivers.userId))
    .where(eq(caregivers.patientFileId, file.id)).orderBy(asc(users.sortName), asc(users.id));
  return rows.map(toCaregiver);
}

async function caregiverOf(care: CareContext, file: PatientFileHandle, userId: string): Promise<Caregiver | undefined> {
  const [row] = await care.db.select(columns).from(caregivers).innerJoin(users, eq(users.id, caregivers.userId))
    .where(and(eq(caregivers.patientFileId, file.id), eq(caregivers.userId, userId)));
  return row && toCaregiver(row);
}

/**
 * A patient-side account the file's establishment knows, by e-mail: the patient of one of its
 * files, a caregiver of one, or a caregiver removed from one (CAREGIVER_REMOVED names them;
 * patient_file_history_removed_caregiver_idx finds those entries by account).
 */
async function knownPatientSideAccount(care: CareContext, establishmentId: string, email: string) {
  const ofEstablishment = (fileId: SQL) => sql`exists (select 1 from ${patientFiles} f join ${services} s on s.id = f.service_id
    where f.id = ${fileId} and s.establishment_id = ${establishmentId})`;
  const [row] = await care.db.select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users).where(and(
    eq(sql`lower(${users.email})`, email.toLowerCase()),
    sql`'ROLE_PATIENT' = any(${users.roles})`,
    or(
      sql`exists (select 1 from ${patientFiles} f join ${services} s on s.id = f.service_id
        where f.patient_id = ${users.id} and s.establishment_id = ${establishmentId})`,
      sql`exists (select 1 from ${caregivers} c where c.user_id = ${users.id} and ${ofEstablishment(sql`c.patient_file_id`)})`,
      sql`exists (select 1 from ${patientFileHistory} h where h.type = 'CAREGIVER_REMOVED' and (h.payload ->> 'userId') = ${users.id}::text
        and ${ofEstablishment(sql`h.patient_file_id`)})`,
    ),
  ));
  return row;
}

function newAccountProblems(account: NonNullable<AddCaregiverBody['newAccount']>): Problem[] {
  const problems: Problem[] = [];
  for (const field of ['firstName', 'lastName'] as const) {
    const value = account[field]?.trim();
    const at = `body.newAccount.${field}`;
    if (!value) problems.push({ field: at, code: 'field_required' });
    else if (value.length < L.textMin) problems.push({ field: at, code: 'value_too_short', params: { min: L.textMin } });
    else if (value.length > L.textMax) problems.push({ field: at, code: 'value_too_long', params: { max: L.textMax } });
    else {
      const code = nameError(value);
      if (code) problems.push({ field: at, code });
    }
  }
  const email = account.email?.trim();
  if (!email) problems.push({ field: 'body.newAccount.email', code: 'field_required' });
  else if (email.length > L.emailMax) problems.push({ field: 'body.newAccount.email', code: 'value_too_long', params: { max: L.emailMax } });
  else {
    const code = emailError(email);
    if (code) problems.push({ field: 'body.newAccount.email', code });
  }
  if (!blank(account.mobilePhone)) {
    const code = mobilePhoneError(account.mobilePhone!.trim());
    if (code) problems.push({ field: 'body.newAccount.mobilePhone', code });
  }
  return problems;
}

export async function addCaregiver(care: CareContext, file: PatientFileHandle, body: AddCaregiverBody): Promise<AddedCaregiver> {
  file.requireProfessional();
  file.requireOpen();
  const byEmail = !blank(body.email);
  if (byEmail === Boolean(body.newAccount)) {
    // Neither or both: the e-mail of an existing account is what the tab asks first.
    throw invalid(care, [{ field: 'body.email', code: byEmail ? 'value_invalid' : 'field_required' }]);
  }

  if (body.newAccount) {
    const account = body.newAccount;
    const problems = newAccountProblems(account);
    if (problems.length) throw invalid(care, problems);
    const email = account.email!.trim();
    const [firstName, lastName] = [account.firstName!.trim(), account.lastName!.trim()];
    const taken = () => invalid(care, [{ field: 'body.newAccount.email', code: 'email_already_used' }], 409);
    const [used] = await care.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (used) {
      // One account per e-mail: an account the establishment knows is added by its e-mail, never created twice.
      if (await knownPatientSideAccount(care, file.establishmentId, email)) throw invalid(care, [{ field: 'body.newAccount.email', code: 'caregiver_account_exists' }], 409);
      throw taken();
    }
    const { password, stored } = await issueTemporaryPassword();
    let userId: string;
    try {
      userId = await care.db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values({
          email, firstName, lastName,
          phone: blank(account.mobilePhone) ? null : normaliseMobilePhone(account.mobilePhone!.trim())!,
          roles: ['ROLE_PATIENT'], language: care.language, passwordHash: stored.passwordHash, mustChangePassword: stored.mustChangePassword,
        }).returning({ id: users.id });
        await tx.insert(caregivers).values({ patientFileId: file.id, userId: user!.id, addedAt: care.now(), addedBy: care.userId });
        await file.recordHistory(tx, 'CAREGIVER_ADDED', { userId: user!.id, name: `${firstName} ${lastName}`, newAccount: true });
        return user!.id;
      });
    } catch (error) {
      // Two creations with the same e-mail at once: the unique index decides.
      if (isUniqueViolation(error, 'users_email_lower_idx')) throw taken();
      throw error;
    }
    return { caregiver: (await caregiverOf(care, file, userId))!, credentials: { login: email, temporaryPassword: password } };
  }

  const email = body.email!.trim();
  const account = await knownPatientSideAccount(care, file.establishmentId, email);
  if (!account) throw new AppError(404, 'caregiver_account_not_found', {}, 'body.email');
  if (account.id === file.patientId) throw new AppError(409, 'caregiver_is_patient', {}, 'body.email');
  if (await caregiverOf(care, file, account.id)) throw new AppError(409, 'caregiver_already_added', {}, 'body.email');
  try {
    await care.db.transaction(async (tx) => {
      await tx.insert(caregivers).values({ patientFileId: file.id, userId: account.id, addedAt: care.now(), addedBy: care.userId });
      await file.recordHistory(tx, 'CAREGIVER_ADDED', { userId: account.id, name: account.name, newAccount: false });
    });
  } catch (error) {
    // Added by someone else meanwhile: the primary key decides.
    if (isUniqueViolation(error, 'caregivers_patient_file_id_user_id_pk')) throw new AppError(409, 'caregiver_already_added', {}, 'body.email');
    throw error;
  }
  return { caregiver: (await caregiverOf(care, file, account.id))! };
}

export async function removeCaregiver(care: CareContext, file: PatientFileHandle, userId: string): Promise<void> {
  // Not a caregiver of this file: 404 to everyone, before asking who the caller is (access matrix).
  const caregiver = await caregiverOf(care, file, userId);
  if (!caregiver) throw notFound();
  file.requireProfessional();
  file.requireOpen();
  await care.db.transaction(async (tx) => {
    const removed = await tx.delete(caregivers).where(and(eq(caregivers.patientFileId, file.id), eq(caregivers.userId, userId))).returning({ userId: caregivers.userId });
    if (removed.length === 0) throw notFound();
    await file.recordHistory(tx, 'CAREGIVER_REMOVED', { userId, name: `${caregiver.firstName} ${caregiver.lastName}` });
  });
}
