/**
 * Issue 8, Security 9, end to end: `npm start` (server/main.ts) with APP_ENV=production exits 1
 * naming the missing or published variable, and on an empty PostgreSQL database it starts with
 * no demo account (their password is published) unless DEMO_DATA=true.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { createTestDatabase, usingPostgres } from '../helpers/database.ts';
import { freePort } from '../e2e/support/gateway-process.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SECRET = 'q9V3xJr0bN7tK2mW5yZ8aC1dF4gH6jL0pS3uX7zB2eY=';

/** server/main.ts in a child process with only the given environment; resolves when it exits or once `until` holds. */
function start(env: Record<string, string>, until?: (output: string) => boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.(output)) {
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm start with APP_ENV=production', () => {
  // Every refusal is covered in tests/unit/config-production.test.ts; here, that the process exits 1 and says why.
  it('exits 1 naming the variable: no SESSION_SECRET; the old docker-compose database password', async () => {
    const [missing, published] = await Promise.all([
      start({ APP_ENV: 'production', DATABASE_URL: 'postgres://app:6f1c9a27e4b8@127.0.0.1:1/x' }),
      start({ APP_ENV: 'production', SESSION_SECRET: SECRET, DATABASE_URL: 'postgres://telesuivi:telesuivi@127.0.0.1:1/x' }),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('SESSION_SECRET must be set');
    expect(published.code).toBe(1);
    expect(published.output).toContain("DATABASE_URL's password is a published default");
  }, 120_000);

  it.runIf(usingPostgres)('on an empty PostgreSQL database: starts, creates no demo account', async () => {
    const db = await createTestDatabase();
    try {
      const url = new URL(db.url!);
      url.password = '6f1c9a27e4b85d3f'; // the test server trusts local connections; production demands a password
      const port = await freePort();
      const { output } = await start(
        { APP_ENV: 'production', SESSION_SECRET: SECRET, DATABASE_URL: url.toString(), PORT: String(port), CLIENT_DIST: './dist/client' },
        (text) => text.includes('is ready at'),
      );
      expect(output).toContain('is ready at');
      expect(output).not.toContain('Demo accounts');
      const [row] = await db.database.db.select({ n: count() }).from(users);
      expect(row!.n).toBe(0);
    } finally {
      await db.drop();
    }
  }, 120_000);
});
