/**
 * Issue 2 §2: the embedded database's data directory is locked: a second process on it exits with
 * a clear message; `npm start` closes cleanly on SIGTERM and releases the lock.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'telesuivi-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Run { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/** `npm start` (server/main.ts through tsx) on the test's data directory; `until` decides when to stop it. */
function startServer(until?: (stdout: string) => boolean): Promise<Run> {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'warn', NO_COLOR: '1' },
  });
  const run: Run = { code: null, signal: null, stdout: '', stderr: '' };
  const guard = setTimeout(() => child.kill('SIGKILL'), 45_000);
  child.stdout.on('data', (chunk) => {
    run.stdout += chunk;
    if (until?.(run.stdout)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk) => { run.stderr += chunk; });
  return new Promise((resolve) => child.on('exit', (code, signal) => {
    clearTimeout(guard);
    resolve({ ...run, code, signal });
  }));
}

describe('data directory lock', () => {
  it('refuses a second process on the same directory with a clear message and exit code 1', async () => {
    const first = await openDatabase({ dataDir });
    try {
      const second = await startServer();
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`The data directory ${dataDir} is already in use by another process`);
      expect(second.stdout).not.toContain('is ready at');
      await first.ping(); // the first one is unharmed
    } finally {
      await first.close();
    }
  }, 60_000);

  it('lets the server start once the directory is free, and is released by a clean close on SIGTERM', async () => {
    const run = await startServer((stdout) => stdout.includes('is ready at'));
    expect(run.stdout).toContain(`embedded PGlite in ${dataDir}`);
    expect(run.code).toBe(0);
    const again = await openDatabase({ dataDir });
    await again.ping();
    await again.close();
  }, 60_000);
});
