/**
 * The alerts list's cache (issue 19, Load: the screen every operator keeps open, polled by many).
 * A page is kept with the version of the list it was read at (list_versions, bumped by the
 * database at the commit of every transaction that changes what the list shows: migration 0026),
 * and served again only while the database still answers that version. The version is read from
 * the database on every request, before anything else of the list, so that no caller ever gets a
 * page older than a write committed before their request began, whichever gateway or care API
 * process (split mode) wrote it or serves it: a page computed after reading version v holds at
 * least what v's commit held, and a later commit changes the version.
 *
 * What is cached is what the caller's scope already allowed: the key holds the establishment, the
 * services the caller opens there (from care/access.ts's policies, asked on every request) and the
 * whole query; two callers share a page only when they open exactly the same services. Each
 * process (each app) keeps its own, bounded, entries.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The list's version as an expression, to read with another statement (care.patientDataIn's `alongside`); bigint as text. */
export const ALERTS_LIST_VERSION = sql<string>`(select coalesce((select version from list_versions where list = 'alerts'), 0)::text)`;

/** The list's version as the database has it now (0 before its first change). */
export async function alertsListVersion(db: Db): Promise<number> {
  // Both drivers (pg, PGlite) answer `{ rows }`; bigint arrives as text from pg.
  const { rows } = (await db.execute(sql`select coalesce((select version from list_versions where list = 'alerts'), 0)::text as v`)) as unknown as { rows: { v: string }[] };
  return Number(rows[0]!.v);
}

export interface AlertListCache {
  /** The value kept under `key` at exactly `version`, if any. */
  get<T>(key: string, version: number): T | undefined;
  /** Keeps `value`, read at `version`, unless a value read at a later version is already kept. */
  set(key: string, version: number, value: unknown): void;
  readonly size: number;
}

export function alertListCache(maxEntries = 1000): AlertListCache {
  const entries = new Map<string, { version: number; value: unknown }>();
  return {
    get<T>(key: string, version: number) {
      const entry = entries.get(key);
      return entry?.version === version ? entry.value as T : undefined;
    },
    set(key, version, value) {
      const kept = entries.get(key);
      if (kept && kept.version > version) return;
      entries.delete(key);
      entries.set(key, { version, value });
      // The oldest first: a Map iterates in insertion order.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    get size() { return entries.size; },
  };
}
