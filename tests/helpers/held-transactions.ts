/**
 * Concurrency tests without sleeps: a trigger holds the transaction that writes a patient file's
 * history entry on an advisory lock the test owns, and the test waits — by reading pg_locks from a
 * connection of its own — until the calls it fired are blocked where it expects, then lets them go.
 * The interleaving is then the same on a loaded machine as on an idle one.
 *
 * PostgreSQL only: PGlite has a single connection, so calls never overlap there and nothing needs
 * holding (every method resolves at once and the calls simply run one after the other).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestGateway } from './app.ts';

export interface HeldTransactions {
  /** Resolves once `count` transactions of the test database wait for a lock (the held one included). */
  waitUntilBlocked(count: number): Promise<void>;
  /** Lets the held transaction go on. */
  release(): Promise<void>;
  /** Removes the trigger and closes the control connection (always call it, in a finally). */
  close(): Promise<void>;
}

/** Holds the transaction that inserts into patient_file_history for `patientFileId` (and `type`, if given). */
export async function holdHistoryWrites(gw: TestGateway, patientFileId: string, type?: string): Promise<HeldTransactions> {
  if (!gw.db.url) return { waitUntilBlocked: async () => {}, release: async () => {}, close: async () => {} };
  const key = randomBytes(4).readInt32BE();
  const name = `held_history_${randomBytes(4).toString('hex')}`;
  const control = new pg.Client({ connectionString: gw.db.url });
  await control.connect();
  await control.query('select pg_advisory_lock($1)', [key]);
  const db = gw.db.database.db;
  const when = `new.patient_file_id = '${patientFileId}'${type ? ` and new.type = '${type}'` : ''}`;
  await db.execute(sql.raw(`create function ${name}() returns trigger language plpgsql as $$
    begin if ${when} then perform pg_advisory_xact_lock(${key}); end if; return new; end $$`));
  await db.execute(sql.raw(`create trigger ${name} before insert on patient_file_history for each row execute function ${name}()`));
  let released = false;
  return {
    async waitUntilBlocked(count) {
      // A condition, not a delay: bounded by the test's own timeout, looked at every 10 ms.
      for (;;) {
        const { rows } = await control.query<{ n: number }>(`select count(distinct l.pid)::int as n from pg_locks l
          join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`);
        if (rows[0]!.n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async release() {
      if (released) return;
      released = true;
      await control.query('select pg_advisory_unlock($1)', [key]);
    },
    async close() {
      try {
        if (!released) await control.query('select pg_advisory_unlock($1)', [key]);
        await db.execute(sql.raw(`drop trigger if exists ${name} on patient_file_history`));
        await db.execute(sql.raw(`drop function if exists ${name}()`));
      } finally {
        await control.end();
      }
    },
  };
}
