/**
 * First login with a temporary password (issue 10 §1; spec 001 §5 "Password change requires a
 * matching confirmation"). A patient or caregiver created by a professional holds a temporary
 * password and `users.must_change_password`: a correct e-mail + temporary password opens no
 * session, it earns a first-login token, and only choosing a password of one's own (with its
 * confirmation) opens the session.
 *
 * The token proves, between the two steps, that its bearer knew the temporary password, without
 * the password itself ever travelling again. It is stateless (any gateway checks it) and signed
 * with the session secret over the account id, its expiry and the account's current password
 * hash: once the password changes (argon2 hashes are salted, so every new hash differs), every
 * token issued for the old one is worthless: single use, and no replay after the change. It
 * travels in an HttpOnly, SameSite=Strict cookie that scripts cannot read, never in the page.
 */
import { eq } from 'drizzle-orm';
import { isUuid } from '../../schemas/common.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hmac, safeEqual } from '../shared/tokens.ts';

/** How long the bearer has, after the login, to choose a password. */
export const FIRST_LOGIN_TTL_MS = 15 * 60_000;

/** Spec 001 §5 / schemas/me.ts passwordChangeBodySchema: a chosen password has at least 12 characters. */
export { MIN_PASSWORD_LENGTH } from '../../schemas/me.ts';

const signature = (secret: string, userId: string, expiresAt: number, passwordHash: string) =>
  hmac(secret, `first-login:${userId}:${expiresAt}:${passwordHash}`);

/** `<user id>.<expiry, ms>.<signature>` for the account as it is now. */
export function signFirstLoginToken(secret: string, user: { id: string; passwordHash: string }, now: number): string {
  const expiresAt = now + FIRST_LOGIN_TTL_MS;
  return `${user.id}.${expiresAt}.${signature(secret, user.id, expiresAt, user.passwordHash)}`;
}

export interface FirstLoginAccount { id: string; email: string; passwordHash: string }

/**
 * The account a token is for, when the token is well formed, unexpired, signed for that account's
 * current password hash, and the account still has to change its password; otherwise undefined.
 */
export async function verifyFirstLoginToken(db: Db, secret: string, token: unknown, now: number): Promise<FirstLoginAccount | undefined> {
  if (typeof token !== 'string' || token.length > 200) return undefined;
  const [userId, expiry, sig, extra] = token.split('.');
  if (!userId || !expiry || !sig || extra !== undefined || !isUuid(userId) || !/^\d{1,15}$/.test(expiry)) return undefined;
  const expiresAt = Number(expiry);
  if (expiresAt <= now || expiresAt > now + FIRST_LOGIN_TTL_MS) return undefined;
  const [row] = await db.select({ id: users.id, email: users.email, passwordHash: users.passwordHash, mustChange: users.mustChangePassword })
    .from(users).where(eq(users.id, userId));
  if (!row || !row.mustChange) return undefined;
  if (!safeEqual(sig, signature(secret, row.id, expiresAt, row.passwordHash))) return undefined;
  return { id: row.id, email: row.email, passwordHash: row.passwordHash };
}
