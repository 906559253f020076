/**
 * Throwaway PostgreSQL databases for the bench, created next to the admin URL's and dropped
 * after. Their names carry the creating process's id (`telesuivi_bench_<pid>_…`), so that the
 * runner drops those of a step it had to kill (runner/run-steps.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Prefixes of the databases a process made: the bench's own and the e2e gateways' (tests/e2e/support). */
export const databasePrefixes = (pid: number) => [`telesuivi_bench_${pid}_`, `telesuivi_e2e_${pid}_`];

/**
 * A client of the bench's own. PostgreSQL may end its connection unasked (a restart, a forced
 * DROP DATABASE): pg then emits 'error', an uncaught exception without a listener, which once
 * ended the whole bench. Its running query, if any, fails as well; the bench hears of it there.
 */
export function benchClient(connectionString: string, options: Omit<pg.ClientConfig, 'connectionString'> = {}): pg.Client {
  const client = new pg.Client({ connectionString, ...options });
  client.on('error', (err) => process.stderr.write(`  … PostgreSQL ended a bench connection: ${err.message}\n`));
  return client;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = benchClient(adminUrl, { connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export const databaseUrl = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export interface ThrowawayDatabase { url: string; name: string; drop(): Promise<void> }

/**
 * Until nobody is connected to `name` (pool.end() resolves before its connections have closed):
 * a template is copied only then, and a forced drop would otherwise cut live connections.
 */
export async function whenUnused(name: string, client: pg.Client): Promise<void> {
  for (let i = 0; i < 250; i++) {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The database (a copy of `template` when given), or the reason PostgreSQL cannot be reached. */
export async function createThrowawayDatabase(options: { template?: string } = {}): Promise<ThrowawayDatabase | string> {
  const name = `telesuivi_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    await admin(async (client) => {
      if (options.template) await whenUnused(options.template, client);
      await client.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
    });
  } catch (error) {
    return `PostgreSQL unreachable at ${adminUrl.replace(/\/\/[^@]*@/, '//')}: ${(error as Error).message}`;
  }
  return { url: databaseUrl(name), name, drop: () => dropDatabases([name]) };
}

export async function dropDatabases(names: string[]): Promise<void> {
  if (!names.length) return;
  await admin(async (client) => {
    for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
  });
}

/** The databases whose names start with one of `prefixes` (a killed step's). */
export async function databasesNamed(prefixes: string[]): Promise<string[]> {
  return admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like any($1)', [prefixes.map((p) => `${p}%`)]);
    return rows.map((r) => r.datname);
  });
}
