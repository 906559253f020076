/**
 * What a bench step is and what it is given. A step runs in a worker process (worker.ts) and
 * hands each figure to the runner (run-steps.ts) the moment it is measured: the runner prints it
 * at once and keeps it for the final table, so a step that later fails or hangs loses nothing
 * already measured.
 */
import type { LoadResult } from '../load.ts';
import type { Goal } from '../report.ts';
import type { Child, startServer } from '../children.ts';
import type { ThrowawayDatabase } from '../postgres.ts';

export interface StepContext {
  /** BENCH_SMOKE=1: tiny sizes, one round, short runs; every code path, no meaningful figure. */
  smoke: boolean;
  /** A directory of this step's own, removed after it. */
  tmp: string;
  /** Progress, on stderr. */
  log(message: string): void;
  row(result: LoadResult): void;
  goal(goal: Goal): void;
  note(note: string): void;
  /** A benchmark server (children.ts), stopped at the end of the step whatever happens. */
  start(...args: Parameters<typeof startServer>): Promise<Child>;
  /**
   * A copy of the PGlite data directory with the demo data made by the step `demo-pglite`, or an
   * empty directory (a gateway started on it provisions the demo) when that step did not run.
   */
  pgliteDemo(): string;
  /**
   * A throwaway PostgreSQL database: a copy of the demo data made by `demo-postgres` when it ran,
   * else empty; or the reason PostgreSQL cannot be reached. Dropped at the end of the step.
   */
  postgresDemo(): Promise<ThrowawayDatabase | string>;
}

export interface Step {
  id: string;
  /** What is measured, printed when the step starts. */
  title: string;
  /** Seconds before the step is stopped and reported failed (BENCH_STEP_TIMEOUT overrides it). */
  timeoutSeconds: number;
  smokeTimeoutSeconds: number;
  /** Needs Chromium: left out with BENCH_BROWSER=0. */
  browser?: boolean;
  run(context: StepContext): Promise<void>;
}

/** Worker → runner. */
export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'row'; row: LoadResult }
  | { kind: 'goal'; goal: Goal }
  | { kind: 'note'; note: string }
  | { kind: 'done'; error?: string };

/** Runner → worker. */
export interface RunMessage { kind: 'run'; id: string }

export type { Child };
