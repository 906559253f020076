/**
 * Cold start as a user sees it: `tsx server/main.ts` (what `npm start` runs) on a PGlite
 * directory that already holds the database, timed from spawn until /readyz answers 200.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { childPids, root, rssMiB, serverEnv, stop } from './children.ts';
import { readFileSync } from 'node:fs';

export interface ColdStart { seconds: number; rssMiB: number | undefined; peakMiB: number | undefined }

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function peakMiB(pid: number): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export async function coldStart(dataDir: string): Promise<ColdStart> {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: root, env: serverEnv({ DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: 'true' }), stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  try {
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server/main.ts exited (${proc.exitCode}):\n${stderr}`);
      if (performance.now() - started > 60_000) throw new Error('not ready after 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    // tsx launches the server in a child node process: that one holds the database.
    const server = childPids(proc.pid!)[0] ?? proc.pid!;
    return { seconds, rssMiB: rssMiB(server), peakMiB: peakMiB(server) };
  } finally {
    await stop(proc);
  }
}
