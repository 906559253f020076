/**
 * A connection PostgreSQL ends (a restart, an idle timeout, pg_terminate_backend, a forced DROP
 * DATABASE) is logged and replaced, never the end of the process: without a listener, pg emits it
 * as an 'error' event nobody handles, an uncaught exception (issue 19: it ended `npm run bench`).
 * Both ways it arrives are covered: on a connection idle in the pool, and on one checked out by a
 * transaction between two of its statements. PostgreSQL only: PGlite has no connection to lose.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGateway } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { APP_POOL_NAME } from '../../server/db/client.ts';
import { serverOptions } from '../../server/logger.ts';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/database.ts';

describe.skipIf(!usingPostgres)('a database connection PostgreSQL ends', () => {
  const logLines: { level: number; msg: string; err?: { message: string } }[] = [];
  let app: FastifyInstance;
  let db: TestDatabase;
  let admin: pg.Client;
  const lost = () => logLines.filter((line) => line.msg === 'database connection lost');

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({}, { LOG_LEVEL: 'warn' });
    const logger = serverOptions('warn', false).logger as object;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildGateway({ config, database: db.database, fastify: { logger: { ...logger, stream: sink } } });
    await app.ready();
    admin = new pg.Client({ connectionString: db.url });
    admin.on('error', () => {});
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
    await db?.drop();
  });

  it('while idle in the pool: logged, and the next call gets another connection', async () => {
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    const before = lost().length;
    // Every connection of the app's pool, as a restart would; each is logged once. Waiting for all
    // of them keeps a late one out of the next test's count (it failed CI that way).
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1', [APP_POOL_NAME],
    );
    expect(rowCount).toBeGreaterThan(0);
    await vi.waitFor(() => expect(lost().length).toBe(before + rowCount!));
    expect(lost().at(-1)).toMatchObject({ level: 50, err: { message: expect.stringContaining('terminat') } });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });

  it('while a transaction holds it: logged, the transaction fails, the next call gets another connection', async () => {
    const before = lost().length;
    const transaction = app.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // Between two statements: the error reaches the checked-out client, not a query.
      await vi.waitFor(() => expect(lost().length).toBeGreaterThan(before));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    expect(lost().length).toBe(before + 1);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });
});
