/** What the session layer knows of a user: enough for consent checks, locale and GET /me. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Language } from '../i18n/index.ts';

export interface UserSnapshot {
  id: string;
  email: string;
  roles: string[];
  firstName: string;
  lastName: string;
  usedFirstName: string | null;
  usedName: string | null;
  language: Language;
  selectedTimezone: string;
  cguAcceptedAt: string | null;
  personalDataConsentAt: string | null;
}

const columns = {
  id: users.id, email: users.email, roles: users.roles, firstName: users.firstName, lastName: users.lastName,
  usedFirstName: users.usedFirstName, usedName: users.usedName, language: users.language,
  selectedTimezone: users.selectedTimezone, cguAcceptedAt: users.cguAcceptedAt, personalDataConsentAt: users.personalDataConsentAt,
};

export async function loadUserSnapshot(db: Db, userId: string): Promise<UserSnapshot | undefined> {
  return (await loadSessionUser(db, userId))?.user;
}

/**
 * The snapshot, and whether the account still holds a temporary password (`must_change_password`):
 * such an account has no session (server/auth/first-login.ts), so the session store reads both
 * in one query. The flag stays out of the snapshot, which travels with every call.
 */
export async function loadSessionUser(db: Db, userId: string): Promise<{ user: UserSnapshot; mustChangePassword: boolean } | undefined> {
  const [row] = await db.select({ ...columns, mustChangePassword: users.mustChangePassword }).from(users).where(eq(users.id, userId));
  if (!row) return undefined;
  const { mustChangePassword, ...user } = row;
  return {
    user: {
      ...user,
      language: user.language as Language,
      cguAcceptedAt: user.cguAcceptedAt?.toISOString() ?? null,
      personalDataConsentAt: user.personalDataConsentAt?.toISOString() ?? null,
    },
    mustChangePassword,
  };
}
