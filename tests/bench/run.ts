/**
 * `npm run bench`: throughput of the session layer and of split mode, and cold start, each
 * compared with its reference measured in the same run. Servers run in child processes so the
 * load generator (autocannon, in this process) never shares their event loop. Ratios are
 * printed against the goals of issues 2 to 5 (the browser ones in headless Chromium); nothing
 * here asserts timings.
 *
 *   BENCH_SECONDS (default 5)      measured seconds per target, in BENCH_ROUNDS (default 3)
 *                                  alternating rounds, after a 1 s warm-up
 *   BENCH_CONNECTIONS (default 10) concurrent keep-alive connections
 *   BENCH_LOG_LEVEL (default warn) LOG_LEVEL of the servers under test
 *   BENCH_DATABASE_URL             PostgreSQL admin URL (default TEST_DATABASE_URL, then
 *                                  postgres://postgres@127.0.0.1:5432/test); a throwaway
 *                                  database is created there and dropped at the end
 *   BENCH_ONLY=session-layer       only (a), GET /api/me vs the bare route, on PGlite and
 *                                  PostgreSQL: the quick loop while working on the request path
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema.ts';
import { loadUserSnapshot } from '../../server/shared/user-snapshot.ts';
import { loadGrants } from '../../server/care/access.ts';
import { sha256 } from '../../server/shared/tokens.ts';
import { IDENTITY_HEADER, signIdentity, type Identity } from '../../server/identity.ts';
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';
import { startServer, rssMiB, type Child } from './children.ts';
import { getJson, login } from './browser.ts';
import { compare, type LoadResult, type Target } from './load.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres.ts';
import { coldStart, type ColdStart } from './coldstart.ts';
import { printReport, type Goal } from './report.ts';
import { formValidationBench, formValidationGoal } from './form-validation.ts';
import { measureCompressionThreshold } from './compression-threshold.ts';
import { COMPRESSION_THRESHOLD } from '../../server/plugins/compression.ts';
import { clientBundleBench } from './client-bundle.ts';
import { slowNetworkBench } from './client-slow-network.ts';
import { editorDragBench } from './editor-drag.ts';
import { indicatorChartBench } from './indicator-chart.ts';
import { questionnaireRenderBench, questionnaireRenderGoals } from './questionnaire-render.ts';
import { patientFileSearchBench, patientFileSearchGoals } from './patient-file-search.ts';
import { patientFileHistoryBench, patientFileHistoryGoals } from './patient-file-history.ts';
import { measuresBench, measuresGoals } from './measures.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const EMAIL = 'patient.open@demo.telesuivi.test';

const rows: LoadResult[] = [];
const goals: Goal[] = [];
const notes: string[] = [];
const running = new Set<Child>();
const tmp = mkdtempSync(path.join(tmpdir(), 'telesuivi-bench-'));
let pgDatabase: ThrowawayDatabase | undefined;

const log = (message: string) => process.stderr.write(`  … ${message}\n`);

async function start(...args: Parameters<typeof startServer>): Promise<Child> {
  const child = await startServer(...args);
  running.add(child);
  return child;
}
async function stopServer(child: Child) {
  await child.stop();
  running.delete(child);
}
async function load(...targets: Target[]): Promise<LoadResult[]> {
  log(targets.map((t) => t.label).join(' vs '));
  const results = await compare(targets, { seconds, rounds, connections });
  for (const result of results) {
    rows.push(result);
    if (result.errors || result.non2xx) notes.push(`${result.label}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
  return results;
}

function throughputGoal(name: string, measured: LoadResult, reference: LoadResult, min: number): Goal {
  const ratio = measured.rps / reference.rps;
  return { name, value: `${ratio.toFixed(2)} (${Math.round(measured.rps)} / ${Math.round(reference.rps)} req/s)`, goal: `≥ ${min}`, met: ratio >= min };
}

/** (a) GET /api/me through the whole session layer vs a bare Fastify route with the same body. */
async function sessionLayer(kind: 'PGlite' | 'PostgreSQL', env: Record<string, string>, withRequestLogs = false) {
  const gateway = await start('gateway', { ...env, DEMO_DATA: 'true' });
  // Sessions live in the database: a second gateway (request logs on) serves the same cookie.
  const logging = withRequestLogs ? await start('gateway', { ...env, DEMO_DATA: 'false', LOG_LEVEL: 'info' }) : undefined;
  const { cookie } = await login(gateway.url, EMAIL, DEMO_PASSWORD);
  const me = await getJson(`${gateway.url}/api/me`, { cookie });
  if (!me.headers.get('x-session-expires-in')) throw new Error('GET /api/me without X-Session-Expires-In');
  const bare = await start('bare', { BENCH_BODY: JSON.stringify(me.body) });
  const bareBody = await getJson(`${bare.url}/api/me`, {});
  if (!isDeepStrictEqual(bareBody.body, me.body)) throw new Error('the bare route does not answer the same body');

  const targets: Target[] = [
    { label: `bare Fastify route, same body (${kind} run)`, url: `${bare.url}/api/me`, pids: [bare.pid] },
    { label: `GET /api/me, session layer, ${kind}`, url: `${gateway.url}/api/me`, headers: { cookie }, pids: [gateway.pid] },
  ];
  if (logging) {
    if (!isDeepStrictEqual((await getJson(`${logging.url}/api/me`, { cookie })).body, me.body)) throw new Error('the second gateway answers another body');
    targets.push({ label: `GET /api/me, session layer, ${kind}, LOG_LEVEL=info`, url: `${logging.url}/api/me`, headers: { cookie }, pids: [logging.pid] });
  }
  const [reference, measured, logged] = await load(...targets) as [LoadResult, LoadResult, LoadResult | undefined];
  const after = await getJson(`${gateway.url}/api/me`, { cookie });
  if (Number(after.headers.get('x-session-expires-in')) < 1700) throw new Error('the session was not extended during the run');
  goals.push(throughputGoal(`(a) ${kind}: session layer / bare route, req/s`, measured, reference, 0.5));
  if (logged) goals.push(throughputGoal(`(a) ${kind}, with request logs (LOG_LEVEL=info)`, logged, reference, 0.5));
  await stopServer(bare);
  await stopServer(gateway);
  if (logging) await stopServer(logging);
}

/** (b) Split mode: /api/me through the gateway vs the care API called directly with a signed identity. */
async function splitMode(url: string) {
  const key = randomBytes(32).toString('base64url');
  const care = await start('care', { DATABASE_URL: url, IDENTITY_SIGNING_KEY: key });
  const gateway = await start('gateway', { DATABASE_URL: url, CARE_API_URL: care.url, IDENTITY_SIGNING_KEY: key, DEMO_DATA: 'false' });
  const { cookie } = await login(gateway.url, EMAIL, DEMO_PASSWORD);
  const viaGateway = await getJson(`${gateway.url}/api/me`, { cookie });

  // The identity the gateway would sign for this session, re-signed before it gets stale (60 s).
  const database = await openDatabase({ url, dataDir: '', poolSize: 1 });
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL));
  const user = (await loadUserSnapshot(database.db, row!.id))!;
  const grants = await loadGrants(database.db, row!.id);
  await database.close();
  const identity: Identity = {
    user, sessionIdHash: sha256(cookie.slice(cookie.indexOf('=') + 1)), sessionExpiresIn: 1800,
    locale: user.language, timeZone: 'UTC', grants,
  };
  let signed = { header: '', at: 0 };
  const freshHeaders = () => {
    const now = Date.now();
    if (now - signed.at > 10_000) signed = { header: signIdentity(identity, key, now), at: now };
    return { [IDENTITY_HEADER]: signed.header };
  };
  const direct = await getJson(`${care.url}/api/me`, freshHeaders());
  if (!isDeepStrictEqual(direct.body, viaGateway.body)) throw new Error('the care API called directly answers another body');
  // What any proxy costs on this machine: @fastify/http-proxy alone in front of a bare route.
  const bare = await start('bare', { BENCH_BODY: JSON.stringify(direct.body) });
  const bareProxy = await start('bare-proxy', { BENCH_UPSTREAM: bare.url });

  const [reference, measured, bareRoute, proxied] = await load(
    { label: 'care API called directly, signed identity', url: `${care.url}/api/me`, freshHeaders, pids: [care.pid] },
    { label: 'GET /api/me through the gateway (split mode)', url: `${gateway.url}/api/me`, headers: { cookie }, pids: [gateway.pid, care.pid] },
    { label: 'bare Fastify route (split run)', url: `${bare.url}/api/me`, pids: [bare.pid] },
    { label: 'bare @fastify/http-proxy → bare route', url: `${bareProxy.url}/api/me`, pids: [bareProxy.pid, bare.pid] },
  ) as [LoadResult, LoadResult, LoadResult, LoadResult];
  goals.push(throughputGoal('(b) split: gateway / direct, req/s', measured, reference, 0.5));
  // autocannon counts whole milliseconds: below one counts as one.
  const p99 = Math.max(measured.p99, 1) / Math.max(reference.p99, 1);
  goals.push({ name: '(b) split: gateway / direct, p99 latency', value: `${p99.toFixed(2)} (${measured.p99} / ${reference.p99} ms)`, goal: '≤ 2', met: p99 <= 2 });
  const floor = proxied.rps / bareRoute.rps;
  const floorP99 = Math.max(proxied.p99, 1) / Math.max(bareRoute.p99, 1);
  goals.push({
    name: '(b) context: bare proxy / bare route', goal: 'context', met: undefined,
    value: `${floor.toFixed(2)} req/s (${Math.round(proxied.rps)} / ${Math.round(bareRoute.rps)}), p99 ${floorP99.toFixed(2)}x`,
  });
  await stopServer(bareProxy);
  await stopServer(bare);
  notes.push(`split mode resident memory after the run: gateway ${rssMiB(gateway.pid)?.toFixed(0)} MiB, care API ${rssMiB(care.pid)?.toFixed(0)} MiB`);
  await stopServer(gateway);
  await stopServer(care);
}

/** Issue 4: GET /ui/layouts (session, resolution, ETag) vs a bare route sending the same Buffer, and vs @fastify/static. */
async function layouts(dataDir: string) {
  const gateway = await start('gateway', { DATA_DIR: dataDir, DEMO_DATA: 'true' });
  const { cookie } = await login(gateway.url, 'operator@demo.telesuivi.test', DEMO_PASSWORD);
  const privileges = await getJson(`${gateway.url}/api/me/privileges`, { cookie });
  const structure = (privileges.body as { establishment: { id: string } }[])[0]!.establishment.id;
  const url = `${gateway.url}/ui/layouts/professional-dashboard?structure=${structure}`;
  const served = await fetch(url, { headers: { cookie } });
  const text = await served.text();
  const etag = served.headers.get('etag')!;
  const dir = mkdtempSync(path.join(tmp, 'static-'));
  writeFileSync(path.join(dir, 'professional-dashboard.json'), text);
  const bare = await start('bare-buffer', { BENCH_BODY: text, BENCH_ETAG: etag });
  const fileServer = await start('static', { BENCH_DIR: dir });
  const [bare200, gw200, bare304, gw304, static200] = await load(
    { label: 'bare route, precomputed Buffer + ETag (200)', url: `${bare.url}/layout`, pids: [bare.pid] },
    { label: 'GET /ui/layouts/professional-dashboard (200)', url, headers: { cookie }, pids: [gateway.pid] },
    { label: 'bare route, If-None-Match (304)', url: `${bare.url}/layout`, headers: { 'if-none-match': etag }, pids: [bare.pid] },
    { label: 'GET /ui/layouts/professional-dashboard, If-None-Match (304)', url, headers: { cookie, 'if-none-match': etag }, pids: [gateway.pid] },
    { label: '@fastify/static, the same layout file (200)', url: `${fileServer.url}/professional-dashboard.json`, pids: [fileServer.pid] },
  ) as [LoadResult, LoadResult, LoadResult, LoadResult, LoadResult];
  goals.push(throughputGoal('(4) /ui/layouts / bare Buffer route, 200', gw200, bare200, 0.85));
  goals.push(throughputGoal('(4) /ui/layouts / bare Buffer route, 304', gw304, bare304, 0.85));
  goals.push(throughputGoal('(4) /ui/layouts / @fastify/static, 200', gw200, static200, 4));
  await stopServer(fileServer);
  await stopServer(bare);
  await stopServer(gateway);
}

/**
 * A preference saved again and again (issue 8: PUT /api/me/timezone served 386 req/s against
 * 5,003 for GET /api/me on PostgreSQL): the same choice costs one read, no row lock and no
 * session reload; a change writes the row and refreshes the cached user once.
 */
async function preferences(kind: 'PostgreSQL', env: Record<string, string>) {
  const gateway = await start('gateway', { ...env, DEMO_DATA: 'true' });
  const session = await login(gateway.url, EMAIL, DEMO_PASSWORD);
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf, origin: gateway.url };
  const body = JSON.stringify({ selectedTimezone: 'Europe/Paris' });
  const first = await fetch(`${gateway.url}/api/me/timezone`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body });
  if (first.status !== 204) throw new Error(`PUT /api/me/timezone: ${first.status} ${await first.text()}`);
  const [reference, measured] = await load(
    { label: `GET /api/me, ${kind}`, url: `${gateway.url}/api/me`, headers: { cookie: session.cookie }, pids: [gateway.pid] },
    { label: `PUT /api/me/timezone, the same choice, ${kind}`, url: `${gateway.url}/api/me/timezone`, method: 'PUT', body, headers, pids: [gateway.pid] },
  ) as [LoadResult, LoadResult];
  goals.push(throughputGoal(`PUT /api/me/timezone (same choice) / GET /api/me, ${kind}`, measured, reference, 0.3));
  await stopServer(gateway);
}

async function main() {
  const began = performance.now();
  const dataDir = path.join(tmp, 'pglite');

  log('creating a PGlite database (first start)');
  const created = performance.now();
  const first = await start('gateway', { DATA_DIR: dataDir, DEMO_DATA: 'true' });
  const firstStart = (performance.now() - created) / 1000;
  await stopServer(first);
  await sessionLayer('PGlite', { DATA_DIR: dataDir });
  if (process.env.BENCH_ONLY === 'session-layer') return sessionLayerOnly(began);
  await layouts(dataDir);

  const pg = await createThrowawayDatabase();
  if (typeof pg === 'string') {
    notes.push(`PostgreSQL runs skipped: ${pg}. Split mode needs a database both processes share, so (b) is skipped too.`);
  } else {
    pgDatabase = pg;
    await sessionLayer('PostgreSQL', { DATABASE_URL: pg.url }, true);
    await preferences('PostgreSQL', { DATABASE_URL: pg.url });
    await splitMode(pg.url);
  }

  const starts: ColdStart[] = [];
  for (let i = 0; i < 3; i++) {
    log(`cold start ${i + 1}/3`);
    starts.push(await coldStart(dataDir));
  }
  const median = [...starts].sort((a, b) => a.seconds - b.seconds)[1]!;
  const mib = (n: number | undefined) => (n === undefined ? 'n/a' : `${n.toFixed(0)} MiB`);
  goals.push({
    name: '(c) cold start to ready, existing PGlite database (median of 3)',
    value: `${median.seconds.toFixed(2)} s, ${mib(median.rssMiB)} resident (peak ${mib(median.peakMiB)})`,
    goal: 'reported', met: undefined,
  });
  notes.push(`cold starts: ${starts.map((s) => `${s.seconds.toFixed(2)} s / ${mib(s.rssMiB)}`).join(', ')}; first start creating the PGlite database and the demo data: ${firstStart.toFixed(1)} s`);

  log('JSON compression: compression time against transfer saved on 4G');
  const compression = await measureCompressionThreshold(200);
  goals.push({
    name: 'JSON size from which compressing pays (4G 20 Mbit/s)', value: `${compression.threshold} B measured`,
    goal: `configured ${COMPRESSION_THRESHOLD} B`, met: undefined,
  });
  log('server validation of questionnaire answers');
  goals.push(formValidationGoal(formValidationBench({ seconds: 3 })));
  log('patient-file search at 10k then 100k files, PostgreSQL (its own throwaway database)');
  goals.push(...patientFileSearchGoals(await patientFileSearchBench({ log })));
  log('patient-file history tab at 1M entries across 100k files, PostgreSQL over HTTP (its own throwaway database)');
  goals.push(...patientFileHistoryGoals(await patientFileHistoryBench({ log })));
  log('measures stored with threshold evaluation, batches of 500, PostgreSQL over HTTP (its own throwaway database)');
  goals.push(...measuresGoals(await measuresBench({ log })));
  // The browser benches (Chromium): BENCH_BROWSER=0 leaves them out.
  if (process.env.BENCH_BROWSER !== '0') {
    const asGoal = (g: { label: string; value: string; goal: string; met: boolean }): Goal => ({ name: g.label, value: g.value, goal: g.goal, met: g.met });
    log('client: JavaScript to the patient home, LCP');
    goals.push(...(await clientBundleBench()).goals.map(asGoal));
    log('client: a patient on Slow 4G with a 4× slower CPU, login page to patient home');
    goals.push(...(await slowNetworkBench()).goals.map(asGoal));
    log('interface editor: dragging across 60 blocks');
    goals.push(...(await editorDragBench()).goals.map(asGoal));
    log('monitoring chart: one year of one indicator, click to painted');
    goals.push(...(await indicatorChartBench()).goals.map(asGoal));
    log('questionnaire: 300 questions with rjsf');
    goals.push(...questionnaireRenderGoals(await questionnaireRenderBench()));
  }

  printReport({
    header: `Node ${process.version}, ${cpus().length} CPU(s), autocannon ${connections} connections, ${seconds} s per target in ${rounds} alternating rounds after 1 s warm-up, servers at LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'warn'}`,
    rows, goals, notes, seconds: (performance.now() - began) / 1000,
  });
}

/** BENCH_ONLY=session-layer: (a) on PostgreSQL too, then the report. */
async function sessionLayerOnly(began: number) {
  const pg = await createThrowawayDatabase();
  if (typeof pg === 'string') notes.push(`PostgreSQL run skipped: ${pg}`);
  else {
    pgDatabase = pg;
    await sessionLayer('PostgreSQL', { DATABASE_URL: pg.url });
  }
  printReport({
    header: `Node ${process.version}, ${cpus().length} CPU(s), autocannon ${connections} connections, ${seconds} s per target in ${rounds} alternating rounds after 1 s warm-up, servers at LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'warn'}, BENCH_ONLY=session-layer`,
    rows, goals, notes, seconds: (performance.now() - began) / 1000,
  });
}

async function cleanup() {
  await Promise.all([...running].map((c) => c.stop()));
  await pgDatabase?.drop().catch((err: Error) => console.error(`could not drop the bench database: ${err.message}`));
  rmSync(tmp, { recursive: true, force: true });
}

process.once('SIGINT', () => { void cleanup().then(() => process.exit(130)); });
try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
