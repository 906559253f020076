/**
 * A throwaway database per test file: in-memory PGlite by default, or a fresh PostgreSQL
 * database created next to TEST_DATABASE_URL's and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client.ts';

export const PGLITE_TEMPLATE_ENV = 'TELESUIVI_PGLITE_TEMPLATE';
/** A PostgreSQL database migrated once by the same global setup, copied by CREATE DATABASE … TEMPLATE. */
export const PG_TEMPLATE_ENV = 'TELESUIVI_PG_TEMPLATE';
/**
 * The same two templates with the demo world provisioned once (server/demo/provision.ts), and
 * when: a file's gateway then starts from it instead of provisioning it again (0.5 s on PGlite,
 * more on PostgreSQL, for each of most API files).
 */
export const PGLITE_DEMO_TEMPLATE_ENV = 'TELESUIVI_PGLITE_DEMO_TEMPLATE';
export const PG_DEMO_TEMPLATE_ENV = 'TELESUIVI_PG_DEMO_TEMPLATE';
export const DEMO_TEMPLATE_AT_ENV = 'TELESUIVI_DEMO_TEMPLATE_AT';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestDatabase { database: Database; url?: string; drop(): Promise<void> }

/**
 * The demo template, if the global setup made one and it was provisioned on today's date (in UTC
 * and in the demo's time zone): the demo's records are dated from their provisioning, so a
 * template made before midnight would give a file that starts after it yesterday's world.
 */
function demoTemplate(env: string): string | undefined {
  const at = Number(process.env[DEMO_TEMPLATE_AT_ENV]);
  if (!process.env[env] || !Number.isFinite(at)) return undefined;
  const day = (time: number, timeZone: string) => new Date(time).toLocaleDateString('en-CA', { timeZone });
  const today = ['UTC', 'Europe/Paris'].every((zone) => day(at, zone) === day(Date.now(), zone));
  return today ? process.env[env] : undefined;
}

/**
 * `demo`: start from the demo world when the global setup provisioned one today; otherwise the
 * database is only migrated, as without the option (provisionDemo then finds it empty).
 */
export async function createTestDatabase(options: { demo?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // A migrated cluster dumped once by tests/helpers/pglite-template.ts: about 0.4 s to open instead of 3.5 s.
    const demo = options.demo ? demoTemplate(PGLITE_DEMO_TEMPLATE_ENV) : undefined;
    const template = demo ?? process.env[PGLITE_TEMPLATE_ENV];
    const loadDataDir = template && existsSync(template) ? new Blob([readFileSync(template)]) : undefined;
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir });
    return { database, drop: () => database.close() };
  }
  const name = `telesuivi_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the migrated template: about 0.3 s instead of 1.5 s of migrations per file.
  const demo = options.demo ? demoTemplate(PG_DEMO_TEMPLATE_ENV) : undefined;
  const template = demo ?? process.env[PG_TEMPLATE_ENV];
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ url, dataDir: '', poolSize: 5 });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await dropWhenClosed(adminUrl, name);
    },
  };
}

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Waits for `name`'s connections to have closed, then drops it (or only waits: a template is copied once nobody is connected). */
async function dropWhenClosed(adminUrl: string, name: string, drop = true): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  // pool.end() resolves before its connections have closed. A forced drop that terminates one
  // of them makes its client emit an error nobody listens to any more: wait for them first.
  for (let i = 0; i < 100; i++) {
    const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (drop) await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}

/** A database migrated once (and given what `fill` writes), for createTestDatabase to copy; returns how to drop it. */
export async function createPostgresTemplate(adminUrl: string, fill?: (database: Database) => Promise<unknown>): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `telesuivi_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ url: databaseUrl(adminUrl, name), dataDir: '', poolSize: 1 });
  await fill?.(database);
  await database.close();
  await dropWhenClosed(adminUrl, name, false);
  return { name, drop: () => dropWhenClosed(adminUrl, name) };
}
