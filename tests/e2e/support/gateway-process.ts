/**
 * The real gateway (`server/main.ts`) in a child process, on a free port and a throwaway
 * embedded database (or a throwaway PostgreSQL database when TEST_DATABASE_URL is set), with
 * the demo data and the built client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_DIST } from './build-client.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** `layoutsDir`: the gateway's own copy of layouts/ (LAYOUTS_DIR), which a test may change while it runs. */
export interface GatewayProcess { url: string; port: number; layoutsDir: string; stop(): Promise<void> }

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The demo data (population, histories, notes) take a while to provision: on a loaded two-core
 * machine a gateway was measured ready after 96 s, so the wait is generous; a crash still ends it at once.
 */
const READY_WITHIN_MS = 240_000;

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`gateway not ready after ${READY_WITHIN_MS / 1000} s:\n${output()}`);
}

export async function startGatewayProcess(env: Record<string, string> = {}): Promise<GatewayProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'telesuivi-e2e-'));
  const layoutsDir = mkdtempSync(path.join(tmpdir(), 'telesuivi-e2e-layouts-'));
  cpSync(path.join(root, 'layouts'), layoutsDir, { recursive: true });
  const postgres = process.env.TEST_DATABASE_URL ? await throwawayPostgres(process.env.TEST_DATABASE_URL) : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIST, LOG_LEVEL: 'warn', DEMO_DATA: 'true',
      LAYOUTS_DIR: layoutsDir, LOGIN_MAX_PER_ACCOUNT: '1000', LOGIN_MAX_PER_ADDRESS: '1000', PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: postgres?.url ?? '',
      // No identity-service address: demo mode starts its simulator on a free port (server/demo/identity-simulator.ts).
      IDENTITY_SERVICE_URL: '', IDENTITY_SIMULATOR_PORT: '0',
      ...env,
    },
  });
  let log = '';
  const keep = (chunk: Buffer) => { log = (log + chunk.toString()).slice(-20_000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  // Never leave a gateway behind, whatever ends this process.
  const killOnExit = () => { if (child.exitCode === null) child.kill('SIGKILL'); };
  process.once('exit', killOnExit);
  try {
    await waitUntilReady(url, child, () => log);
  } catch (error) {
    killOnExit();
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
    throw error;
  }
  return {
    url,
    port,
    layoutsDir,
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(layoutsDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}

/**
 * SIGTERM, then wait for the exit itself: the gateway closes cleanly (calls finish, database and
 * lock released), and bounds that on its own (server/process.ts exits after 10 s of unclean
 * close). No timer here: one racing the exit killed a gateway still closing on a loaded machine
 * and returned before it had exited, so its data directory was removed under it.
 */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
