/**
 * `npm run bench`: throughput of the session layer and of split mode, the alerts list under load,
 * cold start, the lists at scale and the browser benches, each compared with its reference
 * measured in the same run. Each step runs in a worker process under a timeout
 * (runner/run-steps.ts, the steps in steps.ts); each figure is printed the moment it is measured,
 * and all of them again in the final table. A step that fails or hangs is reported and the others
 * still run; whatever a step started (servers, Chromium) is stopped after it. Servers run in
 * child processes so the load generator (autocannon, in the worker) never shares their event
 * loop. Nothing here asserts timings; the exit status is 1 when a step failed.
 *
 *   BENCH_SECONDS (default 5)      measured seconds per target, in BENCH_ROUNDS (default 3)
 *                                  alternating rounds, after a 1 s warm-up
 *   BENCH_CONNECTIONS (default 10) concurrent keep-alive connections (the alerts list load: 50)
 *   BENCH_LOG_LEVEL (default warn) LOG_LEVEL of the servers under test
 *   BENCH_DATABASE_URL             PostgreSQL admin URL (default TEST_DATABASE_URL, then
 *                                  postgres://postgres@127.0.0.1:5432/test); throwaway databases
 *                                  are created there and dropped after their step
 *   BENCH_ONLY=id,id               only these steps (ids in steps.ts; `session-layer`: the two (a))
 *   BENCH_BROWSER=0                without the browser steps
 *   BENCH_STEP_TIMEOUT=seconds     every step's timeout (default: each step's own, in steps.ts)
 *   BENCH_SMOKE=1                  every step with tiny sizes, one short round (CI: .ci/run)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { printReport } from './report.ts';
import { ALIASES, steps } from './steps.ts';
import { adminUrl, benchClient, dropDatabases } from './postgres.ts';
import { runSteps } from './runner/run-steps.ts';
import { sharedEnv } from './runner/shared.ts';
import { loadSettings } from './throughput.ts';

const smoke = process.env.BENCH_SMOKE === '1';
const only = process.env.BENCH_ONLY?.split(',').flatMap((id) => ALIASES[id.trim()] ?? [id.trim()]).filter(Boolean);
const unknown = (only ?? []).filter((id) => !steps.some((s) => s.id === id));
if (unknown.length) {
  console.error(`BENCH_ONLY: unknown step ${unknown.join(', ')}; the steps: ${steps.map((s) => s.id).join(', ')}`);
  process.exit(2);
}
const chosen = steps.filter((s) => (!only || only.includes(s.id)) && (process.env.BENCH_BROWSER !== '0' || !s.browser));
const timeoutOverride = process.env.BENCH_STEP_TIMEOUT ? Number(process.env.BENCH_STEP_TIMEOUT) : undefined;

/** The empty database the step `demo-postgres` fills, for the PostgreSQL steps to copy; undefined when PostgreSQL is unreachable. */
async function createTemplate(): Promise<string | undefined> {
  const name = `telesuivi_bench_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = benchClient(adminUrl, { connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query(`create database ${name}`);
    return name;
  } catch (error) {
    process.stderr.write(`  … PostgreSQL unreachable at ${adminUrl.replace(/\/\/[^@]*@/, '//')}: ${(error as Error).message}\n`);
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

const began = performance.now();
const tmp = mkdtempSync(path.join(tmpdir(), 'telesuivi-bench-'));
const template = await createTemplate();
const env: NodeJS.ProcessEnv = { ...process.env, ...sharedEnv({ tmp, smoke, postgresTemplate: template ?? '' }), BENCH_DATABASE_URL: adminUrl };
// The workers' e2e gateways (tests/e2e/support) would otherwise make PostgreSQL databases of their own.
delete env.TEST_DATABASE_URL;
let results;
try {
  results = await runSteps(chosen, { env, smoke, timeoutOverride });
} finally {
  if (template) await dropDatabases([template]).catch((error: Error) => console.error(`could not drop ${template}: ${error.message}`));
  rmSync(tmp, { recursive: true, force: true });
}
const settings = loadSettings({ smoke });
printReport({
  header: `Node ${process.version}, ${cpus().length} CPU(s), autocannon ${settings.connections} connections (the alerts list load: 50), ${settings.seconds} s per target in ${settings.rounds} alternating rounds after a warm-up, servers at LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'warn'}${smoke ? ', SMOKE (tiny sizes: the figures mean nothing)' : ''}${only ? `, BENCH_ONLY=${only.join(',')}` : ''}`,
  ...results, seconds: (performance.now() - began) / 1000,
});
const failed = results.steps.filter((s) => s.status !== 'done');
if (failed.length) {
  console.error(`${failed.length} of ${results.steps.length} steps did not finish: ${failed.map((s) => `${s.id} (${s.status})`).join(', ')}`);
  process.exitCode = 1;
}
