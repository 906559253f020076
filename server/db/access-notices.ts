/**
 * Access notices: what the database says, at commit, when someone's right to be served may have
 * ended. Triggers of migration 0023_access_notices `pg_notify` ACCESS_CHANNEL with one of these
 * payloads (listed in outside-schema.ts):
 *
 * - `{ kind: 'session', sessionIdHash }` when a `sessions` row is deleted, whoever deletes it
 *   (logout, password change, the purge of expired sessions, a user deleted, a hand in the
 *   database);
 * - `{ kind: 'user', userId }` when a row of `establishment_members` or `service_members` of that
 *   user is inserted, updated or deleted (their grants changed, by a route or in the database),
 *   or when `users.roles` changes or `users.must_change_password` becomes true (a temporary
 *   password ends the account's sessions: server/auth/session-store.ts).
 *
 * - `{ kind: 'user', userId }` too when a `caregivers` row of that user is inserted, updated or
 *   deleted (migration 0029_messages): the patient side's streams hold the files they follow
 *   (message.created events) and end when that changes.
 *
 * Read by the care API's live streams (server/care/alerts/live.ts), on the same LISTEN connection
 * as the alerts so that both arrive in commit order. The channel name is written in the migration
 * too: tests/api/live-stream-access.test.ts fails if the two differ.
 */
export const ACCESS_CHANNEL = 'telesuivi_access';

export type AccessNotice = { kind: 'session'; sessionIdHash: string } | { kind: 'user'; userId: string };

/** A notice as the triggers wrote it; undefined for anything else. */
export function parseAccessNotice(payload: string | undefined): AccessNotice | undefined {
  if (!payload) return undefined;
  try {
    const notice = JSON.parse(payload) as Partial<{ kind: string; sessionIdHash: unknown; userId: unknown }>;
    if (notice?.kind === 'session' && typeof notice.sessionIdHash === 'string') return { kind: 'session', sessionIdHash: notice.sessionIdHash };
    if (notice?.kind === 'user' && typeof notice.userId === 'string') return { kind: 'user', userId: notice.userId };
    return undefined;
  } catch {
    return undefined;
  }
}
