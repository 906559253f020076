/**
 * The transaction a whole call runs in, for the few writers that are not handed the caller's care
 * context: the database storage (server/storage/database.ts) writes a file's bytes with the
 * app's database handle. A call under an Idempotency-Key runs in one transaction
 * (server/care/idempotency/); on PGlite, whose single connection that transaction holds, a write
 * through the app's handle would wait for it for ever — and on PostgreSQL the bytes would outlive
 * a call that rolled back. `callDb(db)` answers the call's transaction while it is open, `db`
 * otherwise (outside a call, or once its transaction has ended: a stream read after the answer).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.ts';

const current = new AsyncLocalStorage<{ db: Db | undefined }>();

/** Runs `run` with `db` as the call's transaction, until `run` settles. */
export async function inCallTransaction<T>(db: Db, run: () => Promise<T>): Promise<T> {
  const holder: { db: Db | undefined } = { db };
  try {
    return await current.run(holder, run);
  } finally {
    holder.db = undefined;
  }
}

export const callDb = (db: Db): Db => current.getStore()?.db ?? db;
