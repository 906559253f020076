/**
 * Server-side sessions in the database, with idle and absolute lifetimes.
 *
 * The cookie holds 256 random bits; the table holds only their SHA-256. A gateway keeps what
 * it read for `cacheMs` (default 2 s) so that a busy session costs no query per call, and
 * writes the idle-extension back at most every `touchEveryMs`: sessions stay in the database,
 * so any number of gateways can serve them; a logout elsewhere is seen within `cacheMs`. The live
 * stream (GET /api/events) does not rely on this memory: it reads its session and its user's
 * memberships itself when it opens, and ends on the database's access notices
 * (server/care/events/routes.ts).
 *
 * An account that holds a temporary password (`must_change_password`, first-login.ts) has no
 * session: none is created for it, and one that existed before the flag was set (a professional
 * issued new credentials) ends the next time it is read from the database (within `cacheMs`).
 */
import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { randomToken, sha256 } from '../shared/tokens.ts';
import { loadSessionUser, type UserSnapshot } from '../shared/user-snapshot.ts';
import { loadAccess, type AccessSummary } from '../care/access.ts';

export interface ActiveSession {
  idHash: string;
  userId: string;
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  absoluteExpiresAt: number;
  user: UserSnapshot;
  /** What the user may reach, for gateway-owned routes (the UI catalogue) that answer from memory. */
  access: AccessSummary;
}

interface CacheEntry { session: ActiveSession; loadedAt: number; persistedLastSeenAt: number }

export interface SessionStoreOptions {
  idleMs: number;
  absoluteMs: number;
  cacheMs: number;
  now: () => number;
  maxCached?: number;
}

export class SessionStore {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly loading = new Map<string, { ended: boolean; promise: Promise<CacheEntry | undefined> }>();
  private readonly touchEveryMs: number;

  private readonly db: Db;
  private readonly options: SessionStoreOptions;

  constructor(db: Db, options: SessionStoreOptions) {
    this.db = db;
    this.options = options;
    // Persist the idle extension often enough that another gateway never sees a session
    // more than a tenth of its idle lifetime (at most a minute) older than it is.
    this.touchEveryMs = Math.min(60_000, options.idleMs / 10);
  }

  /** A new session with a fresh id: called at every login, never reusing an earlier id. */
  async create(userId: string): Promise<{ id: string; session: ActiveSession }> {
    const id = randomToken();
    const now = this.options.now();
    const [loaded, access] = await Promise.all([loadSessionUser(this.db, userId), loadAccess(this.db, userId)]);
    if (!loaded) throw new Error('session for an unknown user');
    if (loaded.mustChangePassword) throw new Error('session for an account that must first change its temporary password');
    const { user } = loaded;
    const session: ActiveSession = {
      idHash: sha256(id), userId, csrfToken: randomToken(), createdAt: now, lastSeenAt: now,
      absoluteExpiresAt: now + this.options.absoluteMs, user, access,
    };
    await this.db.insert(sessions).values({
      idHash: session.idHash, userId, csrfToken: session.csrfToken, createdAt: new Date(now),
      lastSeenAt: new Date(now), absoluteExpiresAt: new Date(session.absoluteExpiresAt),
    });
    this.remember(session, now, now);
    return { id, session };
  }

  /**
   * The answer of `resolve` when this gateway's memory gives it without the database (a session
   * read less than `cacheMs` ago and still live, or a cookie that cannot be one): the common case,
   * answered without a promise. Undefined when `resolve` must be asked.
   */
  known(id: string | undefined): { session: ActiveSession | undefined } | undefined {
    if (!id || id.length > 200) return { session: undefined };
    const now = this.options.now();
    const entry = this.cache.get(sha256(id));
    if (!entry || now - entry.loadedAt >= this.options.cacheMs || now < entry.loadedAt) return undefined;
    return this.expiresAt(entry.session) <= now ? undefined : { session: entry.session };
  }

  /** The live session of a cookie value, or undefined when unknown or expired. */
  async resolve(id: string | undefined): Promise<ActiveSession | undefined> {
    if (!id || id.length > 200) return undefined;
    const idHash = sha256(id);
    const now = this.options.now();
    let entry = this.cache.get(idHash);
    if (!entry || now - entry.loadedAt >= this.options.cacheMs || now < entry.loadedAt) {
      entry = await this.loadOnce(idHash, entry, now);
      if (!entry) return undefined;
    }
    const { session } = entry;
    if (this.expiresAt(session) <= now) {
      await this.destroy(idHash);
      return undefined;
    }
    return session;
  }

  /** Seconds left before the session ends, as sent in X-Session-Expires-In. */
  secondsLeft(session: ActiveSession): number {
    return Math.max(0, Math.floor((this.expiresAt(session) - this.options.now()) / 1000));
  }

  /**
   * Extends the idle lifetime (never past the absolute one). The database is written at most
   * every `touchEveryMs`: only then is there a promise to wait for.
   */
  touch(session: ActiveSession): Promise<void> | undefined {
    const now = this.options.now();
    session.lastSeenAt = Math.max(session.lastSeenAt, now);
    const entry = this.cache.get(session.idHash);
    if (entry && now - entry.persistedLastSeenAt < this.touchEveryMs) return undefined;
    return this.persistLastSeen(session, entry, now);
  }

  private async persistLastSeen(session: ActiveSession, entry: CacheEntry | undefined, now: number): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: new Date(session.lastSeenAt) }).where(eq(sessions.idHash, session.idHash));
    if (entry) entry.persistedLastSeenAt = now;
  }

  async destroy(idHash: string): Promise<void> {
    this.cache.delete(idHash);
    this.endReads(idHash);
    await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
  }

  /** Ends every session of a user (password change). */
  async destroyAllOf(userId: string): Promise<void> {
    this.forgetUser(userId);
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  /** Drops what this gateway remembers of a user's sessions, after their record changed. */
  forgetUser(userId: string): void {
    for (const [key, entry] of this.cache) if (entry.session.userId === userId) this.cache.delete(key);
    // Whose session a read in progress is, is not known yet: none is remembered (rare).
    this.endReads();
  }

  /**
   * After a change to a user's record (language, time zone, consents, and their grants: a route
   * that changes someone's privileges marks that user's identity changed too): reads the user and
   * their access once and puts them into the sessions this gateway remembers, instead of
   * forgetting them, which made the next call of each reload its session. The care API reads
   * grants from the identity, so they follow at once. Sessions ended meanwhile (a password change
   * deletes them) are forgotten, so they are read again and found gone.
   */
  async refreshUser(userId: string): Promise<void> {
    const cached = [...this.cache].filter(([, entry]) => entry.session.userId === userId);
    if (cached.length === 0) return;
    const [loaded, access, live] = await Promise.all([
      loadSessionUser(this.db, userId),
      loadAccess(this.db, userId),
      this.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId)),
    ]);
    const alive = new Set(live.map((row) => row.idHash));
    // A temporary password was issued meanwhile: its sessions are over (and ended when next read).
    const user = loaded && !loaded.mustChangePassword ? loaded.user : undefined;
    for (const [key, entry] of cached) {
      if (!user || !alive.has(key)) this.cache.delete(key);
      else entry.session = { ...entry.session, user, access };
    }
  }

  /** Deletes expired rows; run periodically by the gateway. */
  async purgeExpired(): Promise<void> {
    const now = new Date(this.options.now());
    await this.db.delete(sessions).where(or(
      lt(sessions.absoluteExpiresAt, now),
      lt(sessions.lastSeenAt, new Date(now.getTime() - this.options.idleMs)),
    ));
  }

  private expiresAt(session: ActiveSession): number {
    return Math.min(session.lastSeenAt + this.options.idleMs, session.absoluteExpiresAt);
  }

  /**
   * One read per session at a time: when its cached copy gets stale, the calls that arrive while
   * it is read again wait for that read instead of each starting their own (with 10 concurrent
   * calls, 10 reads of the session, user and grants every `cacheMs`). A read overtaken by the
   * end of the session (logout, password change) is not remembered.
   */
  private loadOnce(idHash: string, previous: CacheEntry | undefined, now: number): Promise<CacheEntry | undefined> {
    const current = this.loading.get(idHash);
    if (current) return current.promise;
    const read = { ended: false, promise: undefined as unknown as Promise<CacheEntry | undefined> };
    read.promise = this.load(idHash, previous, now, read).finally(() => {
      if (this.loading.get(idHash) === read) this.loading.delete(idHash);
    });
    this.loading.set(idHash, read);
    return read.promise;
  }

  /** Reads in progress are not remembered: the session (or any, without idHash) changed meanwhile. */
  private endReads(idHash?: string): void {
    for (const [key, read] of this.loading) {
      if (idHash !== undefined && key !== idHash) continue;
      read.ended = true;
      this.loading.delete(key);
    }
  }

  private async load(idHash: string, previous: CacheEntry | undefined, now: number, read: { ended: boolean }): Promise<CacheEntry | undefined> {
    const [row] = await this.db.select().from(sessions).where(and(eq(sessions.idHash, idHash)));
    const [loaded, access] = row ? await Promise.all([loadSessionUser(this.db, row.userId), loadAccess(this.db, row.userId)]) : [];
    if (!row || !loaded || !access) {
      this.cache.delete(idHash);
      return undefined;
    }
    if (loaded.mustChangePassword) {
      // Opened before a temporary password was issued: the account is reached again only
      // through the first-login step.
      this.cache.delete(idHash);
      await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
      return undefined;
    }
    const { user } = loaded;
    const persisted = row.lastSeenAt.getTime();
    const session: ActiveSession = {
      idHash, userId: row.userId, csrfToken: row.csrfToken, createdAt: row.createdAt.getTime(),
      // This gateway may have seen a more recent call than it has written back yet.
      lastSeenAt: Math.max(persisted, previous?.session.lastSeenAt ?? 0),
      absoluteExpiresAt: row.absoluteExpiresAt.getTime(), user, access,
    };
    const persistedLastSeenAt = Math.max(persisted, previous?.persistedLastSeenAt ?? 0);
    // Overtaken by the end of the session or a change of its user: the calls that were waiting
    // (they ran alongside it) get what was read, but the next ones read again.
    if (read.ended) return { session, loadedAt: now, persistedLastSeenAt };
    return this.remember(session, now, persistedLastSeenAt);
  }

  private remember(session: ActiveSession, now: number, persistedLastSeenAt: number): CacheEntry {
    const entry = { session, loadedAt: now, persistedLastSeenAt };
    this.cache.delete(session.idHash);
    this.cache.set(session.idHash, entry);
    const max = this.options.maxCached ?? 10_000;
    if (this.cache.size > max) this.cache.delete(this.cache.keys().next().value!);
    return entry;
  }
}
