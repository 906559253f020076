/** A throwaway PostgreSQL database for the run, created next to the admin URL's and dropped after. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

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

export interface ThrowawayDatabase { url: string; drop(): Promise<void> }

/** The database, or the reason PostgreSQL cannot be reached. */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase | string> {
  const name = `telesuivi_bench_${randomBytes(4).toString('hex')}`;
  const admin = benchClient(adminUrl, { connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    return `PostgreSQL unreachable at ${adminUrl.replace(/\/\/[^@]*@/, '//')}: ${(error as Error).message}`;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = benchClient(adminUrl);
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
