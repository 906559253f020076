/**
 * Opens the database: embedded PGlite persisted in a directory (default), or PostgreSQL
 * when a URL is given. Both are driven through the same Drizzle PgDatabase type.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDirectory } from './lock.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * How the job queue (server/jobs, pg-boss) reaches the same database: the PostgreSQL address
   * (pg-boss opens its own small pool), or the embedded PGlite client it shares with the app.
   */
  jobs: { url: string } | { pglite: PGlite };
  /** A cheap round trip, for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Where the error of a connection PostgreSQL ended goes (a restart, an idle timeout,
   * pg_terminate_backend, a forced DROP DATABASE): to stderr until an app logs it (plugins/db.ts).
   * Without a listener such an error is an uncaught exception, which ended the process; the pool
   * drops the broken connection and opens another at the next call, so nothing else is needed.
   */
  onConnectionError(report: ConnectionErrorReport): void;
}

export type ConnectionErrorReport = (err: Error) => void;

const toStderr: ConnectionErrorReport = (err) => {
  process.stderr.write(`${JSON.stringify({ level: 'error', msg: 'database connection lost', err: err.message })}\n`);
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory, or 'memory://' for a throwaway in-memory database. */
  dataDir: string;
  poolSize?: number;
  /** In-memory PGlite only: start from this dump (PGlite's dumpDataDir) instead of an empty cluster. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  let unlock = async () => {};
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    unlock = await lockDataDirectory(dataDir);
  }
  try {
    // The extensions the migrations create (0007: name search); PGlite bundles them but loads only those named.
    const extensions = { pg_trgm, unaccent };
    const client = new PGlite(inMemory ? dataDir : path.resolve(dataDir), inMemory && loadDataDir ? { loadDataDir, extensions } : { extensions });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      jobs: { pglite: client },
      ping: async () => { await client.query('select 1'); },
      close: async () => {
        try { await client.close(); } finally { await unlock(); }
      },
      // In-process: no connection to lose.
      onConnectionError: () => {},
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** Any fixed 64-bit number shared by every process of this application. */
const MIGRATION_LOCK_KEY = 4_121_2025_0709;

/**
 * Every connection of the pool reports its error once. An idle one's reaches the pool's 'error'
 * event; a checked-out one's (inside a transaction, between two of its statements) is emitted on
 * the client itself, which the pool listens to only while it is idle: a listener of our own on
 * each client reports it then. Its query, if one was running, fails with the error as well.
 */
function reportConnectionErrors(pool: pg.Pool, report: () => ConnectionErrorReport) {
  const busy = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => { busy.add(client); });
  pool.on('release', (_err, client) => { busy.delete(client); });
  // A connection ended under a transaction errs twice (PostgreSQL's message, then pg's "Connection
  // terminated unexpectedly"): one lost connection, one log line.
  const reported = new WeakSet<pg.PoolClient>();
  const once = (err: Error, client: pg.PoolClient) => {
    if (reported.has(client)) return;
    reported.add(client);
    report()(err);
  };
  pool.on('error', once);
  pool.on('connect', (client) => {
    client.on('error', (err) => { if (busy.has(client)) once(err, client); });
  });
}

export const APP_POOL_NAME = 'telesuivi-app';

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Named so pg_stat_activity tells the app's pool from the job queue's and the live listener's.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: APP_POOL_NAME });
  let report = toStderr;
  reportConnectionErrors(pool, () => report);
  // Several gateways may start together: one applies the migrations, the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    jobs: { url },
    ping: async () => { await pool.query('select 1'); },
    close: () => pool.end(),
    onConnectionError: (next) => { report = next; },
  };
}
