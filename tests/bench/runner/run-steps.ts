/**
 * The runner of `npm run bench`: each step in a worker process (worker.ts) under a timeout. Each
 * figure is printed the moment the worker sends it, and kept for the final table. A step that
 * fails is reported and the next one runs; a step that outlives its timeout is ended with its
 * worker and every process they started (Chromium, gateways: process-tree.ts), its throwaway
 * databases are dropped, and the next step gets a new worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from '../load.ts';
import { formatGoal, formatRow, type Goal } from '../report.ts';
import { databasePrefixes, databasesNamed, dropDatabases } from '../postgres.ts';
import { killTree, watchTree } from './process-tree.ts';
import type { RunMessage, Step, WorkerMessage } from './step.ts';

export interface StepOutcome { id: string; title: string; seconds: number; status: 'done' | 'failed' | 'timed out'; reason?: string }
export interface RunResults { rows: LoadResult[]; goals: Goal[]; notes: string[]; steps: StepOutcome[] }

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts');
/** Lines of a failed step's output kept for its report. */
const TAIL = 12;

interface Worker { proc: ChildProcess; output: string[] }
/** `clean`: the worker said the step ended and cleaned up after it, so it can run the next. */
interface Ended { status: StepOutcome['status']; reason?: string; clean: boolean }

function spawnWorker(env: NodeJS.ProcessEnv): Promise<Worker> {
  const proc = spawn(process.execPath, ['--import', 'tsx', WORKER], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const output: string[] = [];
  // The worker's output is progress: on stderr, so that stdout holds the figures alone.
  const keep = (chunk: Buffer) => {
    process.stderr.write(chunk);
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 200));
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  return new Promise((resolve, reject) => {
    const failed = (code: number | null) => reject(new Error(`bench worker exited (${code}) before it was ready:\n${output.slice(-TAIL).join('\n')}`));
    proc.once('exit', failed);
    proc.once('message', (message: WorkerMessage) => {
      proc.off('exit', failed);
      if (message.kind === 'ready') resolve({ proc, output });
      else reject(new Error(`bench worker said ${message.kind} before ready`));
    });
  });
}

/** Drops the throwaway databases a killed worker left (postgres.ts names them after its pid). */
async function dropDatabasesOf(pid: number) {
  const left = await databasesNamed(databasePrefixes(pid)).catch(() => []);
  await dropDatabases(left).catch((error: Error) => process.stderr.write(`  … could not drop ${left.join(', ')}: ${error.message}\n`));
}

/** Ends a worker and all it started, then what it left elsewhere. */
async function endWorker(worker: Worker, remembered: Iterable<{ pid: number; start: string }>, leftovers: (pid: number) => Promise<void>) {
  const pid = worker.proc.pid!;
  const exited = worker.proc.exitCode !== null || worker.proc.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => worker.proc.once('exit', resolve));
  killTree(pid, { includeRoot: true, remembered });
  await exited;
  await leftovers(pid);
}

export interface RunOptions {
  env: NodeJS.ProcessEnv;
  smoke: boolean;
  timeoutOverride?: number;
  /** What a killed worker may leave outside its process tree: its throwaway PostgreSQL databases by default. */
  leftovers?: (workerPid: number) => Promise<void>;
}

export async function runSteps(steps: Step[], options: RunOptions): Promise<RunResults> {
  const leftovers = options.leftovers ?? dropDatabasesOf;
  const results: RunResults = { rows: [], goals: [], notes: [], steps: [] };
  let worker: Worker | undefined;
  let interrupted = false;
  const onSigint = () => { interrupted = true; };
  process.once('SIGINT', onSigint);
  try {
    for (const [index, step] of steps.entries()) {
      if (interrupted) break;
      const timeout = options.timeoutOverride ?? (options.smoke ? step.smokeTimeoutSeconds : step.timeoutSeconds);
      process.stderr.write(`\n== step ${index + 1}/${steps.length} ${step.id}: ${step.title} (timeout ${timeout} s)\n`);
      const began = performance.now();
      const outcome = (status: StepOutcome['status'], reason?: string) => {
        const seconds = (performance.now() - began) / 1000;
        results.steps.push({ id: step.id, title: step.title, seconds, status, reason });
        const line = status === 'done' ? `== ${step.id}: done in ${seconds.toFixed(0)} s` : `== ${step.id}: ${status.toUpperCase()} after ${seconds.toFixed(0)} s: ${reason}`;
        console.log(line);
      };
      try {
        worker ??= await spawnWorker(options.env);
      } catch (error) {
        outcome('failed', (error as Error).message);
        continue;
      }
      const current = worker;
      const tree = watchTree(current.proc.pid!);
      const ended = await new Promise<Ended>((resolve) => {
        const timer = setTimeout(() => finish({ status: 'timed out', reason: `no end after ${timeout} s`, clean: false }), timeout * 1000);
        const onMessage = (message: WorkerMessage) => {
          if (message.kind === 'row') {
            results.rows.push(message.row);
            console.log(formatRow(message.row));
            if (message.row.errors || message.row.non2xx) results.notes.push(`${message.row.label}: ${message.row.errors} errors, ${message.row.non2xx} non-2xx answers`);
          } else if (message.kind === 'goal') {
            results.goals.push(message.goal);
            console.log(formatGoal(message.goal));
          } else if (message.kind === 'note') {
            results.notes.push(message.note);
            console.log(`  note  ${message.note}`);
          } else if (message.kind === 'done') {
            finish(message.error ? { status: 'failed', reason: message.error, clean: true } : { status: 'done', clean: true });
          }
        };
        const onExit = (code: number | null, signal: string | null) => {
          finish({ status: 'failed', reason: `the worker ended (${signal ?? code}):\n${current.output.slice(-TAIL).join('\n')}`, clean: false });
        };
        const onInterrupt = () => finish({ status: 'failed', reason: 'interrupted (SIGINT)', clean: false });
        function finish(result: Ended) {
          clearTimeout(timer);
          current.proc.off('message', onMessage);
          current.proc.off('exit', onExit);
          process.off('SIGINT', onInterrupt);
          resolve(result);
        }
        current.proc.on('message', onMessage);
        current.proc.once('exit', onExit);
        process.once('SIGINT', onInterrupt);
        current.proc.send({ kind: 'run', id: step.id } satisfies RunMessage);
      });
      tree.stop();
      if (ended.clean) {
        // The step ended (done, or failed with its error) and the worker stopped what it started;
        // anything that slipped away from it (re-parented) goes now.
        killTree(current.proc.pid!, { includeRoot: false, remembered: tree.seen.values() });
      } else {
        await endWorker(current, tree.seen.values(), leftovers);
        worker = undefined;
      }
      outcome(ended.status, ended.reason?.split('\n').slice(0, TAIL).join('\n'));
    }
  } finally {
    process.off('SIGINT', onSigint);
    if (worker) {
      worker.proc.disconnect();
      await endWorker(worker, [], leftovers);
    }
  }
  return results;
}
