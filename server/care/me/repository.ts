/** The caller's own account: language, time zone, consents, password. */
import { and, asc, eq, inArray, isNull, sql, type AnyColumn } from 'drizzle-orm';
import { consents, establishments, services, sessions, users } from '../../db/schema.ts';
import { grantedEstablishmentIds } from '../access.ts';
import type { CareContext } from '../context.ts';
import type { PrivilegeEntry } from '../../../schemas/me.ts';
import { hashPassword, verifyPassword } from '../../shared/passwords.ts';
import { badRequest } from '../../errors.ts';
import type { Language } from '../../i18n/index.ts';

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

    /** Changes the password and ends every session of the user, this one included. */
    async changePassword(currentPassword: string, newPassword: string) {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      if (!row || !(await verifyPassword(row.hash, currentPassword))) throw badRequest('wrong_current_password', {}, 'body.currentPassword');
      const hash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash: hash, passwordChangedAt: now() }).where(eq(users.id, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
      });
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
