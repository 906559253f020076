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
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    ...row,
    language: row.language as Language,
    cguAcceptedAt: row.cguAcceptedAt?.toISOString() ?? null,
    personalDataConsentAt: row.personalDataConsentAt?.toISOString() ?? null,
  };
}
