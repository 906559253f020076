/** Spawning benchmark servers in child processes, and reading their resident memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerReady } from './server.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Child { proc: ChildProcess; url: string; pid: number; stop(): Promise<void> }

/** Environment of every benchmark server: quiet unless asked, generous login limits. */
export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'CARE_API_URL', 'PORT', 'DATA_DIR', 'TEST_DATABASE_URL']) delete env[key];
  return { ...env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', NODE_ENV: 'production', ...extra };
}

/** Starts tests/bench/server.ts in BENCH_MODE `mode` and waits for its port. */
export function startServer(mode: 'gateway' | 'care' | 'bare' | 'bare-proxy' | 'bare-buffer' | 'static', env: Record<string, string>): Promise<Child> {
  return new Promise((resolve, reject) => {
    // BENCH_CPU_PROFILE_DIR=dir writes a .cpuprofile per server, to see where the time goes.
    const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];
    const proc = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, 'tests/bench/server.ts')], {
      cwd: root, env: serverEnv({ ...env, BENCH_MODE: mode }), stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    proc.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    proc.once('exit', (code) => reject(new Error(`${mode} server exited (${code}) before it was ready:\n${stderr}`)));
    proc.once('message', (message: ServerReady) => {
      resolve({ proc, url: `http://127.0.0.1:${message.port}`, pid: message.pid, stop: () => stop(proc) });
    });
  });
}

export function stop(proc: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.once('exit', () => { clearTimeout(force); resolve(); });
    proc.kill('SIGTERM');
  });
}

/** Resident memory (VmRSS) of a process in MiB, from /proc; undefined where /proc is absent. */
export function rssMiB(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Direct children of a process (Linux), e.g. the node process the tsx launcher starts. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU time (user + system) a process has used so far, in seconds; undefined where /proc is absent. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** USER_HZ: 100 on every Linux build Node supports. */
const CLOCK_TICKS = 100;
