/**
 * Steps for the runner's test (run-steps.test.ts), loaded by its workers through
 * BENCH_STEPS_MODULE: one hangs with processes of its own (one in its own process group, as
 * Playwright starts Chromium), one fails, one leaves a process behind, one ends well. Each pid
 * started is appended to BENCH_TEST_PIDS, for the test to check that none outlives its step.
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import type { Step } from '../../bench/runner/step.ts';

const FOREVER = 'setInterval(() => {}, 1 << 30)';

function startForever(detached: boolean): number {
  const child = spawn(process.execPath, ['-e', FOREVER], { detached, stdio: 'ignore' });
  appendFileSync(process.env.BENCH_TEST_PIDS!, `${child.pid}\n`);
  return child.pid!;
}

const step = (id: string, run: Step['run']): Step => ({ id, title: id, timeoutSeconds: 60, smokeTimeoutSeconds: 60, run });

export const steps: Step[] = [
  step('hangs', async (context) => {
    context.goal({ name: 'measured before the hang', value: '1', goal: 'reported', met: undefined });
    startForever(false);
    startForever(true);
    await new Promise(() => {});
  }),
  step('fails', async () => { throw new Error('failed on purpose'); }),
  step('leaves-a-process', async (context) => {
    startForever(true);
    context.note('left a process running');
  }),
  step('ends', async (context) => {
    context.goal({ name: 'measured after', value: '2', goal: 'reported', met: true });
  }),
];
