/** The caller's own account: language, time zone, consents, password. */
import { and, asc, eq, inArray, isNull, ne, sql, type AnyColumn } from 'drizzle-orm';
import { consents, establishments, services, sessions, users } from '../../db/schema.ts';
import { grantedEstablishmentIds } from '../access.ts';
import type { CareContext } from '../context.ts';
import type { PasswordChangeBody, PrivilegeEntry } from '../../../schemas/me.ts';
import { hashPassword, verifyPassword } from '../../shared/passwords.ts';
import type { Language } from '../../i18n/index.ts';
import { invalidFields, type FieldProblem } from '../../i18n/invalid-fields.ts';

const isDistinctFrom = (column: AnyColumn, value: string) => sql`${column} is distinct from ${value}`;

export function meRepository(care: CareContext) {
  const { db, userId, now } = care;
  return {
    /**
     * Preferences are written only when they change (true when they did): a client that sends the
     * same choice again costs a read, not a row lock and a commit, and sessions are not reloaded.
     */
    saveLanguage: async (language: Language) => (await db.update(users).set({ language })
      .where(and(eq(users.id, userId), isDistinctFrom(users.language, language))).returning({ id: users.id })).length > 0,

    saveTimezone: async (selectedTimezone: string) => (await db.update(users).set({ selectedTimezone })
      .where(and(eq(users.id, userId), isDistinctFrom(users.selectedTimezone, selectedTimezone))).returning({ id: users.id })).length > 0,

    /**
     * Records the consent (who and when) and marks it on the user, in one transaction, once: the
     * mark is set only where it is not yet, and the consent row only when it was (a second click,
     * or two at once: the later waits for the user's row, then finds the mark set; issue 19).
     */
    recordConsent: (kind: 'CGU' | 'PERSONAL_DATA_USE', userAgent: string | undefined) => db.transaction(async (tx) => {
      const at = now();
      const column = kind === 'CGU' ? users.cguAcceptedAt : users.personalDataConsentAt;
      const marked = await tx.update(users).set(kind === 'CGU' ? { cguAcceptedAt: at } : { personalDataConsentAt: at })
        .where(and(eq(users.id, userId), isNull(column))).returning({ id: users.id });
      if (marked.length > 0) await tx.insert(consents).values({ userId, kind, grantedAt: at, recordedBy: userId, userAgent: userAgent?.slice(0, 500) });
    }),

    /**
     * Changes the password and ends every other session of the user (issue 21 §2): whoever else
     * holds one (a lost phone, a shared computer) must log in with the new password, while the
     * person who changed it stays where she is. Every rule is checked at once, each on its field.
     * The row is updated only if the hash is still the one verified: two changes at once (two tabs)
     * change it once, the other is told the current password is wrong.
     */
    async changePassword({ currentPassword, newPassword, confirmation }: PasswordChangeBody, language: Language) {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      const problems: FieldProblem[] = [];
      const currentOk = !!row && await verifyPassword(row.hash, currentPassword);
      if (!currentOk) problems.push({ field: 'body.currentPassword', code: 'wrong_current_password' });
      else if (newPassword === currentPassword) problems.push({ field: 'body.newPassword', code: 'password_same_as_current' });
      if (confirmation !== newPassword) problems.push({ field: 'body.confirmation', code: 'password_confirmation_mismatch' });
      if (problems.length) throw invalidFields(problems, language);
      const hash = await hashPassword(newPassword);
      const changed = await db.transaction(async (tx) => {
        const rows = await tx.update(users).set({ passwordHash: hash, passwordChangedAt: now() })
          .where(and(eq(users.id, userId), eq(users.passwordHash, row!.hash))).returning({ id: users.id });
        if (rows.length) await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, care.identity.sessionIdHash)));
        return rows.length > 0;
      });
      if (!changed) throw invalidFields([{ field: 'body.currentPassword', code: 'wrong_current_password' }], language);
    },

  };
}

/** GET /me/privileges: one entry per establishment where the user holds privileges, directly or in services (from the session's grants). */
export async function listPrivileges(care: CareContext): Promise<PrivilegeEntry[]> {
  const { db, grants } = care;
  const ids = grantedEstablishmentIds(grants);
  if (!ids.length) return [];
  const [names, serviceNames] = await Promise.all([
    db.select({ id: establishments.id, name: establishments.name }).from(establishments)
      .where(inArray(establishments.id, ids)).orderBy(asc(establishments.name)),
    db.select({ id: services.id, name: services.name }).from(services).where(inArray(services.id, [...Object.keys(grants.services), NO_ID])),
  ]);
  const serviceName = new Map(serviceNames.map((s) => [s.id, s.name]));
  return names.map((e) => ({
    establishment: { id: e.id, name: e.name },
    privileges: grants.establishments[e.id] ?? [],
    services: Object.entries(grants.services).filter(([, s]) => s.establishmentId === e.id)
      .map(([id, s]) => ({ id, name: serviceName.get(id) ?? '', privileges: s.privileges })),
  }));
}

/** Keeps `in (...)` valid when the list is empty. */
const NO_ID = '00000000-0000-0000-0000-000000000000';
