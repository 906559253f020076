/**
 * A bench worker: runs the steps the runner (run-steps.ts) names, one at a time, and sends each
 * figure as it is measured. After each step, whatever its outcome, the servers it started are
 * stopped, its throwaway databases dropped, its directory removed and any process it left (a
 * Chromium, a gateway) killed. A step that hangs is the runner's to end: it kills this process
 * and all it started, then starts another worker for the next step.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startServer, type Child } from '../children.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../postgres.ts';
import { killTree } from './process-tree.ts';
import type { RunMessage, Step, StepContext, WorkerMessage } from './step.ts';
import { shared } from './shared.ts';

const send = (message: WorkerMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

/** The steps: steps.ts, or another module exporting `steps` (BENCH_STEPS_MODULE, the runner's own test). */
const stepsModule = process.env.BENCH_STEPS_MODULE ?? '../steps.ts';

async function runStep(id: string): Promise<void> {
  const { steps } = await import(stepsModule) as { steps: Step[] };
  const step = steps.find((s) => s.id === id);
  if (!step) throw new Error(`unknown step ${id}`);
  const tmp = mkdtempSync(path.join(shared.tmp, `${id}-`));
  const children: Child[] = [];
  const databases: ThrowawayDatabase[] = [];
  const context: StepContext = {
    smoke: shared.smoke,
    tmp,
    log: (message) => process.stderr.write(`  … ${message}\n`),
    row: (row) => void send({ kind: 'row', row }),
    goal: (goal) => void send({ kind: 'goal', goal }),
    note: (note) => void send({ kind: 'note', note }),
    async start(...args) {
      const child = await startServer(...args);
      children.push(child);
      return child;
    },
    pgliteDemo() {
      const dir = mkdtempSync(path.join(tmp, 'pglite-'));
      if (existsSync(shared.pgliteDemoReady)) cpSync(shared.pgliteDemo, dir, { recursive: true });
      else mkdirSync(dir, { recursive: true });
      return dir;
    },
    async postgresDemo() {
      const created = await createThrowawayDatabase(existsSync(shared.postgresDemoReady) ? { template: shared.postgresTemplate } : {});
      if (typeof created !== 'string') databases.push(created);
      return created;
    },
  };
  try {
    await step.run(context);
  } finally {
    await Promise.allSettled(children.map((c) => c.stop()));
    killTree(process.pid, { includeRoot: false });
    await Promise.allSettled(databases.map((d) => d.drop()));
    rmSync(tmp, { recursive: true, force: true });
  }
}

process.on('message', (message: RunMessage) => {
  if (message.kind !== 'run') return;
  runStep(message.id).then(
    () => send({ kind: 'done' }),
    (error: Error) => send({ kind: 'done', error: error.stack ?? String(error) }),
  );
});
// A failure outside the step's own promise (an event handler that threw): the step fails, the
// runner sees the worker end and starts another.
process.on('uncaughtException', (error) => {
  process.stderr.write(`uncaught in the bench worker: ${error.stack ?? error}\n`);
  killTree(process.pid, { includeRoot: false });
  process.exit(70);
});
process.on('disconnect', () => {
  killTree(process.pid, { includeRoot: false });
  process.exit(0);
});
void send({ kind: 'ready' });
