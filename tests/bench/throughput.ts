/**
 * The throughput steps of `npm run bench` (autocannon against server processes, children.ts):
 * (a) the session layer against a bare route, (b) split mode against the care API called
 * directly, the layouts route (issue 4) and a repeated preference (issue 8), each against its
 * reference measured in the same run. Each row and goal is handed to the runner as it comes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { IDENTITY_HEADER, signIdentity, verifyIdentity, type Identity } from '../../server/identity.ts';
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';
import { rssMiB } from './children.ts';
import { getJson, login } from './browser.ts';
import { compare, type LoadResult, type Target } from './load.ts';
import type { Goal } from './report.ts';
import type { StepContext } from './runner/step.ts';

export const EMAIL = 'patient.open@demo.telesuivi.test';

/** BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS; in smoke mode one short round. */
export function loadSettings(context: Pick<StepContext, 'smoke'>) {
  const env = (name: string, normal: number, smoke: number) => Number(process.env[name] ?? (context.smoke ? smoke : normal));
  return {
    seconds: env('BENCH_SECONDS', 5, 0.5),
    rounds: env('BENCH_ROUNDS', 3, 1),
    connections: env('BENCH_CONNECTIONS', 10, 10),
    warmupSeconds: context.smoke ? 0.2 : 1,
  };
}

/** Measures the targets in alternating rounds and reports each row. */
export async function load(context: StepContext, targets: Target[], connections?: number): Promise<LoadResult[]> {
  const settings = loadSettings(context);
  context.log(targets.map((t) => t.label).join(' vs '));
  const results = await compare(targets, { ...settings, connections: connections ?? settings.connections });
  for (const result of results) context.row(result);
  return results;
}

export function throughputGoal(name: string, measured: LoadResult, reference: LoadResult, min: number): Goal {
  const ratio = measured.rps / reference.rps;
  return { name, value: `${ratio.toFixed(2)} (${Math.round(measured.rps)} / ${Math.round(reference.rps)} req/s)`, goal: `≥ ${min}`, met: ratio >= min };
}

/** (a) GET /api/me through the whole session layer vs a bare Fastify route with the same body. */
export async function sessionLayer(context: StepContext, kind: 'PGlite' | 'PostgreSQL', env: Record<string, string>, withRequestLogs = false) {
  const gateway = await context.start('gateway', { ...env, DEMO_DATA: 'true' });
  // Sessions live in the database: a second gateway (request logs on) serves the same cookie.
  const logging = withRequestLogs ? await context.start('gateway', { ...env, DEMO_DATA: 'false', LOG_LEVEL: 'info' }) : undefined;
  const { cookie } = await login(gateway.url, EMAIL, DEMO_PASSWORD);
  const me = await getJson(`${gateway.url}/api/me`, { cookie });
  if (!me.headers.get('x-session-expires-in')) throw new Error('GET /api/me without X-Session-Expires-In');
  const bare = await context.start('bare', { BENCH_BODY: JSON.stringify(me.body) });
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
  const [reference, measured, logged] = await load(context, targets) as [LoadResult, LoadResult, LoadResult | undefined];
  const after = await getJson(`${gateway.url}/api/me`, { cookie });
  if (Number(after.headers.get('x-session-expires-in')) < 1700) throw new Error('the session was not extended during the run');
  context.goal(throughputGoal(`(a) ${kind}: session layer / bare route, req/s`, measured, reference, 0.5));
  if (logged) context.goal(throughputGoal(`(a) ${kind}, with request logs (LOG_LEVEL=info)`, logged, reference, 0.5));
}

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

/**
 * The identity a gateway signs for this session, as it signs it: read from the header of a call
 * it proxied (to a stand-in care API here, in this process) and checked with the key, never
 * rebuilt by hand (a hand-made one said UTC where the gateway says the user's time zone, and the
 * bodies differed).
 */
async function identitySignedByGateway(context: StepContext, env: Record<string, string>, key: string, cookie: string): Promise<Identity> {
  let header: string | undefined;
  const standIn = createServer((request, response) => {
    header ??= request.headers[IDENTITY_HEADER] as string | undefined;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  try {
    const gateway = await context.start('gateway', { ...env, CARE_API_URL: await listen(standIn), IDENTITY_SIGNING_KEY: key, DEMO_DATA: 'false' });
    const res = await fetch(`${gateway.url}/api/me`, { headers: { cookie } });
    await res.arrayBuffer();
    await gateway.stop();
  } finally {
    standIn.close();
  }
  const identity = verifyIdentity(header, key, Date.now());
  if (!identity) throw new Error('the gateway sent no identity that its key verifies');
  return identity;
}

/** (b) Split mode: /api/me through the gateway vs the care API called directly with a signed identity. */
export async function splitMode(context: StepContext, url: string) {
  const key = randomBytes(32).toString('base64url');
  const env = { DATABASE_URL: url };
  const care = await context.start('care', { ...env, IDENTITY_SIGNING_KEY: key });
  const gateway = await context.start('gateway', { ...env, CARE_API_URL: care.url, IDENTITY_SIGNING_KEY: key, DEMO_DATA: 'true' });
  const { cookie } = await login(gateway.url, EMAIL, DEMO_PASSWORD);
  const viaGateway = await getJson(`${gateway.url}/api/me`, { cookie });

  // Re-signed before it gets stale (60 s), as the gateway does for every call.
  const identity = await identitySignedByGateway(context, env, key, cookie);
  let signed = { header: '', at: 0 };
  const freshHeaders = () => {
    const now = Date.now();
    if (now - signed.at > 10_000) signed = { header: signIdentity(identity, key, now), at: now };
    return { [IDENTITY_HEADER]: signed.header };
  };
  const direct = await getJson(`${care.url}/api/me`, freshHeaders());
  if (!isDeepStrictEqual(direct.body, viaGateway.body)) {
    throw new Error(`the care API called directly answers another body:\n${JSON.stringify(direct.body)}\nthrough the gateway:\n${JSON.stringify(viaGateway.body)}`);
  }
  // What any proxy costs on this machine: @fastify/http-proxy alone in front of a bare route.
  const bare = await context.start('bare', { BENCH_BODY: JSON.stringify(direct.body) });
  const bareProxy = await context.start('bare-proxy', { BENCH_UPSTREAM: bare.url });

  const [reference, measured, bareRoute, proxied] = await load(context, [
    { label: 'care API called directly, signed identity', url: `${care.url}/api/me`, freshHeaders, pids: [care.pid] },
    { label: 'GET /api/me through the gateway (split mode)', url: `${gateway.url}/api/me`, headers: { cookie }, pids: [gateway.pid, care.pid] },
    { label: 'bare Fastify route (split run)', url: `${bare.url}/api/me`, pids: [bare.pid] },
    { label: 'bare @fastify/http-proxy → bare route', url: `${bareProxy.url}/api/me`, pids: [bareProxy.pid, bare.pid] },
  ]) as [LoadResult, LoadResult, LoadResult, LoadResult];
  context.goal(throughputGoal('(b) split: gateway / direct, req/s', measured, reference, 0.5));
  // autocannon counts whole milliseconds: below one counts as one.
  const p99 = Math.max(measured.p99, 1) / Math.max(reference.p99, 1);
  context.goal({ name: '(b) split: gateway / direct, p99 latency', value: `${p99.toFixed(2)} (${measured.p99} / ${reference.p99} ms)`, goal: '≤ 2', met: p99 <= 2 });
  const floor = proxied.rps / bareRoute.rps;
  const floorP99 = Math.max(proxied.p99, 1) / Math.max(bareRoute.p99, 1);
  context.goal({
    name: '(b) context: bare proxy / bare route', goal: 'context', met: undefined,
    value: `${floor.toFixed(2)} req/s (${Math.round(proxied.rps)} / ${Math.round(bareRoute.rps)}), p99 ${floorP99.toFixed(2)}x`,
  });
  context.note(`split mode resident memory after the run: gateway ${rssMiB(gateway.pid)?.toFixed(0)} MiB, care API ${rssMiB(care.pid)?.toFixed(0)} MiB`);
}

/** Issue 4: GET /ui/layouts (session, resolution, ETag) vs a bare route sending the same Buffer, and vs @fastify/static. */
export async function layouts(context: StepContext, dataDir: string) {
  const gateway = await context.start('gateway', { DATA_DIR: dataDir, DEMO_DATA: 'true' });
  const { cookie } = await login(gateway.url, 'operator@demo.telesuivi.test', DEMO_PASSWORD);
  const privileges = await getJson(`${gateway.url}/api/me/privileges`, { cookie });
  const structure = (privileges.body as { establishment: { id: string } }[])[0]!.establishment.id;
  const url = `${gateway.url}/ui/layouts/professional-dashboard?structure=${structure}`;
  const served = await fetch(url, { headers: { cookie } });
  const text = await served.text();
  const etag = served.headers.get('etag')!;
  const dir = mkdtempSync(path.join(context.tmp, 'static-'));
  writeFileSync(path.join(dir, 'professional-dashboard.json'), text);
  const bare = await context.start('bare-buffer', { BENCH_BODY: text, BENCH_ETAG: etag });
  const fileServer = await context.start('static', { BENCH_DIR: dir });
  const [bare200, gw200, bare304, gw304, static200] = await load(context, [
    { label: 'bare route, precomputed Buffer + ETag (200)', url: `${bare.url}/layout`, pids: [bare.pid] },
    { label: 'GET /ui/layouts/professional-dashboard (200)', url, headers: { cookie }, pids: [gateway.pid] },
    { label: 'bare route, If-None-Match (304)', url: `${bare.url}/layout`, headers: { 'if-none-match': etag }, pids: [bare.pid] },
    { label: 'GET /ui/layouts/professional-dashboard, If-None-Match (304)', url, headers: { cookie, 'if-none-match': etag }, pids: [gateway.pid] },
    { label: '@fastify/static, the same layout file (200)', url: `${fileServer.url}/professional-dashboard.json`, pids: [fileServer.pid] },
  ]) as [LoadResult, LoadResult, LoadResult, LoadResult, LoadResult];
  context.goal(throughputGoal('(4) /ui/layouts / bare Buffer route, 200', gw200, bare200, 0.85));
  context.goal(throughputGoal('(4) /ui/layouts / bare Buffer route, 304', gw304, bare304, 0.85));
  context.goal(throughputGoal('(4) /ui/layouts / @fastify/static, 200', gw200, static200, 4));
}

/**
 * A preference saved again and again (issue 8: PUT /api/me/timezone served 386 req/s against
 * 5,003 for GET /api/me on PostgreSQL): the same choice costs one read, no row lock and no
 * session reload; a change writes the row and refreshes the cached user once.
 */
export async function preferences(context: StepContext, env: Record<string, string>) {
  const gateway = await context.start('gateway', { ...env, DEMO_DATA: 'true' });
  const session = await login(gateway.url, EMAIL, DEMO_PASSWORD);
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf, origin: gateway.url };
  const body = JSON.stringify({ selectedTimezone: 'Europe/Paris' });
  const first = await fetch(`${gateway.url}/api/me/timezone`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body });
  if (first.status !== 204) throw new Error(`PUT /api/me/timezone: ${first.status} ${await first.text()}`);
  const [reference, measured] = await load(context, [
    { label: 'GET /api/me, PostgreSQL', url: `${gateway.url}/api/me`, headers: { cookie: session.cookie }, pids: [gateway.pid] },
    { label: 'PUT /api/me/timezone, the same choice, PostgreSQL', url: `${gateway.url}/api/me/timezone`, method: 'PUT', body, headers, pids: [gateway.pid] },
  ]) as [LoadResult, LoadResult];
  context.goal(throughputGoal('PUT /api/me/timezone (same choice) / GET /api/me, PostgreSQL', measured, reference, 0.3));
}
