/**
 * A CPU profile of the gateway answering GET /api/me through the session layer, and where its
 * time goes (tests/bench/cpu-profile.ts):
 *
 *   npx tsx tests/bench/profile-me.ts [pglite|postgres] [seconds=10] [bare]
 *
 * With `bare`, the profile is of the bare Fastify route answering the same body (run.ts's
 * reference): what any Fastify answer costs here, to subtract.
 * The gateway runs in its own process under `node --cpu-prof`; autocannon (here) drives it with
 * BENCH_CONNECTIONS (default 10) connections after a 1 s warm-up; the report covers the
 * measured seconds only (not start-up nor warm-up), per request answered in them.
 * BENCH_PROFILE_TOP=n lists n functions instead of 30; BENCH_PROFILE_OUT=file keeps the .cpuprofile (to open in Chrome DevTools or speedscope).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';
import { root, startServer } from './children.ts';
import { getJson, login } from './browser.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres.ts';

const kind = process.argv[2] ?? 'pglite';
const seconds = Number(process.argv[3] ?? 10);
const bare = process.argv[4] === 'bare';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const tmp = mkdtempSync(path.join(tmpdir(), 'telesuivi-profile-'));
const profiles = path.join(tmp, 'profiles');

let pg: ThrowawayDatabase | undefined;
let env: Record<string, string> = { DATA_DIR: path.join(tmp, 'pglite') };
if (kind === 'postgres') {
  const created = await createThrowawayDatabase();
  if (typeof created === 'string') throw new Error(created);
  pg = created;
  env = { DATABASE_URL: pg.url };
}
try {
  // Profiled: the gateway, or the bare route (started with the profile directory set).
  delete process.env.BENCH_CPU_PROFILE_DIR;
  if (!bare) process.env.BENCH_CPU_PROFILE_DIR = profiles;
  const gateway = await startServer('gateway', { ...env, DEMO_DATA: 'true' });
  const { cookie } = await login(gateway.url, 'patient.open@demo.telesuivi.test', DEMO_PASSWORD);
  let url = `${gateway.url}/api/me`;
  let server = gateway;
  if (bare) {
    process.env.BENCH_CPU_PROFILE_DIR = profiles;
    server = await startServer('bare', { BENCH_BODY: JSON.stringify((await getJson(url, { cookie })).body) });
    url = `${server.url}/api/me`;
  }
  const run = (duration: number) => autocannon({ url, connections, duration, headers: { cookie } });
  await run(1);
  const from = process.hrtime.bigint() / 1000n;
  const result = await run(seconds);
  const to = process.hrtime.bigint() / 1000n;
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  console.log(`GET /api/me (${bare ? 'bare route' : kind}): ${Math.round(result.requests.total / seconds)} req/s over ${seconds} s`);
  await server.stop();
  await gateway.stop();
  const [file] = readdirSync(profiles).filter((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no .cpuprofile written');
  if (process.env.BENCH_PROFILE_OUT) copyFileSync(path.join(profiles, file), process.env.BENCH_PROFILE_OUT);
  const args = [path.join(profiles, file), process.env.BENCH_PROFILE_TOP ?? '30', String(result.requests.total), `${from}-${to}`];
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'tests/bench/cpu-profile.ts'), ...args], { stdio: 'inherit' });
} finally {
  await pg?.drop();
  rmSync(tmp, { recursive: true, force: true });
}
