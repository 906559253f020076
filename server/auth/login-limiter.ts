/**
 * Login throttling (issue 8, Security 4; ASVS 2.2.1): slows whoever guesses passwords without
 * locking the account's owner out.
 *
 * - Only failures count, over a sliding window (LOGIN_WINDOW_MINUTES), one row per failure in the
 *   database table `login_failures`: every gateway on the database sees the same counts.
 * - Two limits: failures on one account from one address (LOGIN_MAX_PER_ACCOUNT), and failures
 *   from one address whatever the account (LOGIN_MAX_PER_ADDRESS). Beyond either, that pair or
 *   that address gets 429 with Retry-After until its oldest failures leave the window; its
 *   attempts are refused before the password is checked, so they teach nothing. The owner, from
 *   any other address, is not affected.
 * - A successful login deletes that account's failures from that address: someone who mistyped
 *   starts afresh, and the many successful logins of a hospital behind one NAT address never count.
 *
 * Concurrent attempts cannot slip past a limit: each attempt first records itself as a failure,
 * then counts (its own row included); an attempt over the limit withdraws its row and is refused,
 * one that succeeds clears the pair. So the k-th concurrent attempt always sees at least k rows.
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { and, asc, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';

export interface LoginLimits { maxPerAccount: number; maxPerAddress: number; windowMs: number }

/** An attempt let through: its provisional failure row and the pair it counts for. */
export interface LoginAttempt { id: string; accountKey: string; address: string }

export type LoginDecision = { allowed: true; attempt: LoginAttempt } | { allowed: false; retryAfterSeconds: number };

/** The account as counted: a digest of the e-mail as the login compares it (trimmed, lower-cased). */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

/**
 * The address as counted. `::ffff:192.0.2.1` (IPv4 on a dual-stack socket) is `192.0.2.1`; an
 * IPv6 address counts as its /64, the block one subscriber gets (RFC 6177), so that walking
 * through the 2^64 addresses of one's own network does not escape the per-address limit.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(.+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const bare = ip.split('%')[0]!; // a zone id (fe80::1%eth0) is local to the host
  if (!isIPv6(bare)) return ip.toLowerCase();
  // The URL parser gives the canonical text (RFC 5952: lower case, zeros compressed); expand its '::'.
  const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const [head = '', tail = ''] = canonical.split('::');
  const left = head ? head.split(':') : [];
  const right = canonical.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).join(':')}::/64`;
}

export class LoginLimiter {
  private readonly db: Db;
  private readonly limits: LoginLimits;
  private readonly now: () => Date;

  constructor(db: Db, limits: LoginLimits, now: () => Date) {
    this.db = db;
    this.limits = limits;
    this.now = now;
  }

  /** Before the password is checked: let the attempt through (recorded as a failure until it succeeds), or refuse it. */
  async begin(email: string, ip: string): Promise<LoginDecision> {
    const now = this.now();
    const since = new Date(now.getTime() - this.limits.windowMs);
    const pair = { accountKey: accountKey(email), address: addressKey(ip) };
    // Failures that left the window are never read again.
    await this.db.delete(loginFailures).where(lte(loginFailures.failedAt, since));
    const [row] = await this.db.insert(loginFailures).values({ ...pair, failedAt: now }).returning({ id: loginFailures.id });
    const attempt = { id: row!.id, ...pair };

    const [counts] = await this.db.select({
      address: count(),
      pair: sql<number>`count(*) filter (where ${loginFailures.accountKey} = ${pair.accountKey})`.mapWith(Number),
    }).from(loginFailures).where(and(eq(loginFailures.address, pair.address), gt(loginFailures.failedAt, since)));
    const overPair = counts!.pair > this.limits.maxPerAccount;
    const overAddress = counts!.address > this.limits.maxPerAddress;
    if (!overPair && !overAddress) return { allowed: true, attempt };

    // Refused attempts are not failures: they neither lengthen the wait nor grow the table.
    await this.db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
    const waits = await Promise.all([
      overPair ? this.freeAt(and(eq(loginFailures.accountKey, pair.accountKey), eq(loginFailures.address, pair.address)), counts!.pair - 1 - this.limits.maxPerAccount, since) : now,
      overAddress ? this.freeAt(eq(loginFailures.address, pair.address), counts!.address - 1 - this.limits.maxPerAddress, since) : now,
    ]);
    const latest = Math.max(...waits.map((d) => d.getTime()));
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((latest - now.getTime()) / 1000)) };
  }

  /** The password was right: the account starts afresh from this address. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.db.delete(loginFailures)
      .where(and(eq(loginFailures.accountKey, attempt.accountKey), eq(loginFailures.address, attempt.address)));
  }

  /**
   * When enough of these failures will have left the window for one more attempt: with n
   * failures and a limit of max, the (n - max + 1)-th oldest has to go (index n - max).
   */
  private async freeAt(where: ReturnType<typeof and>, index: number, since: Date): Promise<Date> {
    const [oldest] = await this.db.select({ failedAt: loginFailures.failedAt }).from(loginFailures)
      .where(and(where, gt(loginFailures.failedAt, since)))
      .orderBy(asc(loginFailures.failedAt)).offset(Math.max(0, index)).limit(1);
    return oldest ? new Date(oldest.failedAt.getTime() + this.limits.windowMs) : new Date(since.getTime() + this.limits.windowMs);
  }
}
