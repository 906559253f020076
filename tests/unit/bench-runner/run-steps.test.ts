/**
 * The bench runner (tests/bench/runner/run-steps.ts, issue 19: `npm run bench` hung more than nine
 * minutes on an idle Chromium and lost every figure): a step that outlives its timeout is ended
 * with everything it started, even a process in a group of its own; a step that fails is reported;
 * the steps after them still run; figures measured before a hang are kept; nothing a step started
 * outlives it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runSteps } from '../../bench/runner/run-steps.ts';
import { steps } from './fixture-steps.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'bench-runner-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Alive: a process with that id that is not a zombie (a killed orphan may wait a moment to be reaped). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('the bench runner', () => {
  it('ends a hung step with all it started, reports a failed one, and runs the others', async () => {
    const pids = path.join(tmp, 'pids');
    writeFileSync(pids, '');
    const killed: number[] = [];
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const results = await runSteps(steps, {
      env: { ...process.env, BENCH_TMP: tmp, BENCH_STEPS_MODULE: pathToFileURL(path.join(import.meta.dirname, 'fixture-steps.ts')).href, BENCH_TEST_PIDS: pids },
      smoke: false,
      timeoutOverride: 5,
      leftovers: async (pid) => { killed.push(pid); },
    });
    vi.restoreAllMocks();

    expect(results.steps.map((s) => [s.id, s.status])).toEqual([['hangs', 'timed out'], ['fails', 'failed'], ['leaves-a-process', 'done'], ['ends', 'done']]);
    expect(results.steps[1]!.reason).toContain('failed on purpose');
    expect(results.goals.map((g) => g.name)).toEqual(['measured before the hang', 'measured after']);
    expect(results.notes).toEqual(['left a process running']);
    // The hung step's worker was ended (its leftovers looked for), and so was the last one at the end.
    expect(killed).toHaveLength(2);
    const started = readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number);
    expect(started).toHaveLength(3);
    await vi.waitFor(() => expect(started.filter(alive)).toEqual([]));
  }, 90_000);
});
