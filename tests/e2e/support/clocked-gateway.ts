/** A real gateway process whose clock the test moves forward (clocked-gateway-main.ts). */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_DIST } from './build-client.ts';
import { freePort, stopProcess } from './gateway-process.ts';

const root = path.resolve(import.meta.dirname, '../../..');

export interface ClockedGateway { url: string; advanceHours(hours: number): Promise<void>; stop(): Promise<void> }

export async function startClockedGateway(): Promise<ClockedGateway> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'telesuivi-e2e-clock-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/clocked-gateway-main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIST, LOG_LEVEL: 'warn', DEMO_DATA: 'true', DATABASE_URL: '',
      LOGIN_MAX_PER_ACCOUNT: '1000', LOGIN_MAX_PER_ADDRESS: '1000', PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_IDLE_MINUTES: '100000', SESSION_ABSOLUTE_HOURS: '10000',
    },
  });
  let log = '';
  const keep = (chunk: Buffer) => { log = (log + chunk.toString()).slice(-20_000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`clocked gateway exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) throw new Error(`clocked gateway not ready after 90 s:\n${log}`);
    try { if ((await fetch(`${url}/readyz`)).ok) break; } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    advanceHours: (hours) => new Promise((resolve) => {
      child.once('message', () => resolve());
      child.send({ advanceHours: hours });
    }),
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
