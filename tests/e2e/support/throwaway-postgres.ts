/** A fresh PostgreSQL database next to TEST_DATABASE_URL's, for a gateway process; dropped after. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function throwawayPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `telesuivi_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    // An error PostgreSQL sends unasked (it ended the connection) fails the query below; without
    // a listener it would also be an uncaught exception in the process that asked.
    client.on('error', () => {});
    await client.connect();
    try { await client.query(sql); } finally { await client.end(); }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
