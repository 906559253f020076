/**
 * The job queue: pg-boss 10 on the application's own database (schema `pgboss`, created and
 * migrated by pg-boss itself on start).
 *
 * - PostgreSQL: pg-boss opens its own small `pg` pool on the same address.
 * - PGlite (embedded): there is one client per data directory, so pg-boss is given its `db`
 *   adapter, `{ executeSql(text, values) }`, over the app's PGlite client. pg-boss sends two
 *   kinds of SQL through it: its schema creation and migrations, several statements in one
 *   string without values (PGlite's `exec`, which runs a script; the last statement's rows are
 *   answered), and single statements with `$n` values (PGlite's `query`, which serialises the
 *   parameters by the types the server describes, uuid[] and jsonb included: pg-boss issue
 *   #563's encoding of arrays is not needed with PGlite 0.5). tests/api/automatic-close.test.ts
 *   runs start, createQueue, schedule, send, work, fetch, complete and stop on both databases.
 */
import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client.ts';

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

/** pg-boss's `db` adapter over a PGlite client. */
export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values === undefined || values.length === 0) {
        const results = await client.exec(text);
        const last = results.at(-1);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
      }
      const result = await client.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

export function createBoss(database: Pick<Database, 'jobs'>, options: Partial<PgBoss.ConstructorOptions> = {}): PgBoss {
  const common: PgBoss.ConstructorOptions = { application_name: 'telesuivi-jobs', ...options };
  return 'url' in database.jobs
    ? new PgBoss({ ...common, connectionString: database.jobs.url, max: 2 })
    : new PgBoss({ ...common, db: pgliteExecutor(database.jobs.pglite) });
}
