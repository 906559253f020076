/**
 * The session layer's own cost, without the network: GET /api/me injected (Fastify's inject,
 * no socket, no HTTP parser) into the gateway and into a bare Fastify route answering the same
 * body, in one process, in alternating rounds. Both sides share the process's time slices, so
 * a loaded machine slows them alike; the difference per call is what the gateway's hooks,
 * session, schemas and headers cost.
 *
 *   npx tsx tests/bench/request-path.ts [pglite|postgres] [calls per round=5000] [rounds=6]
 *   node --cpu-prof --import tsx tests/bench/request-path.ts ...
 *   npx tsx tests/bench/cpu-profile.ts CPU.*.cpuprofile 40 <calls> <measured window>
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { buildGateway } from '../../server/app.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres.ts';

const kind = process.argv[2] ?? 'pglite';
const calls = Number(process.argv[3] ?? 5000);
const rounds = Number(process.argv[4] ?? 6);
const tmp = mkdtempSync(path.join(tmpdir(), 'telesuivi-request-path-'));
let pg: ThrowawayDatabase | undefined;
if (kind === 'postgres') {
  const created = await createThrowawayDatabase();
  if (typeof created === 'string') throw new Error(created);
  pg = created;
}

const config = loadConfig({}, {
  LOG_LEVEL: 'warn', NODE_ENV: 'production', LOGIN_MAX_PER_ACCOUNT: 1000, LOGIN_MAX_PER_ADDRESS: 1000,
  ...(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: path.join(tmp, 'pglite') }),
});
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
let gateway: FastifyInstance | undefined;
let bare: FastifyInstance | undefined;
try {
  await provisionDemo(database.db);
  gateway = await buildGateway({ config, database, fastify: { logger: false } });
  const cookie = await login(gateway);
  const first = await gateway.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  if (first.statusCode !== 200 || !first.headers['x-session-expires-in']) throw new Error(`GET /api/me: ${first.statusCode} ${first.body}`);
  const body = first.json() as unknown;
  bare = Fastify();
  bare.get('/api/me', async () => body);
  if (!isDeepStrictEqual((await bare.inject('/api/me')).json(), body)) throw new Error('the bare route answers another body');

  const targets = [
    { label: 'bare Fastify route, same body', app: bare, headers: {} },
    { label: `GET /api/me, session layer, ${kind}`, app: gateway, headers: { cookie } },
  ];
  const cpu = targets.map(() => 0);
  const wall = targets.map(() => 0);
  for (const t of targets) for (let i = 0; i < 500; i++) await t.app.inject({ method: 'GET', url: '/api/me', headers: t.headers });
  const from = process.hrtime.bigint() / 1000n;
  for (let round = 0; round < rounds; round++) {
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      const t = targets[i]!;
      const started = process.cpuUsage();
      const at = performance.now();
      for (let n = 0; n < calls; n++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: t.headers });
        if (res.statusCode !== 200) throw new Error(`${t.label}: ${res.statusCode}`);
      }
      wall[i]! += performance.now() - at;
      const used = process.cpuUsage(started);
      cpu[i]! += used.user + used.system;
    }
  }
  const total = calls * rounds;
  // The measured window, for tests/bench/cpu-profile.ts (its 4th argument) under --cpu-prof.
  console.log(`measured window: ${from}-${process.hrtime.bigint() / 1000n}, ${total * 2} calls`);
  targets.forEach((t, i) => console.log(`${t.label.padEnd(40)} ${(cpu[i]! / total).toFixed(1).padStart(6)} µs CPU per call, ${((wall[i]! * 1000) / total).toFixed(1).padStart(6)} µs wall`));
  console.log(`${'the gateway over the bare route'.padEnd(40)} ${((cpu[1]! - cpu[0]!) / total).toFixed(1).padStart(6)} µs CPU per call (ratio ${(cpu[0]! / cpu[1]!).toFixed(2)})`);
} finally {
  await gateway?.close();
  await bare?.close();
  await database.close();
  await pg?.drop();
  rmSync(tmp, { recursive: true, force: true });
}

/** The login form's token, then the login: the session cookie. */
async function login(app: FastifyInstance): Promise<string> {
  const page = await app.inject('/auth/login');
  const token = /name="csrf-token" content="([^"]+)"/.exec(page.body)?.[1];
  const pageCookies = [page.cookies].flat().map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await app.inject({
    method: 'POST', url: '/auth/login', payload: { email: 'patient.open@demo.telesuivi.test', password: DEMO_PASSWORD },
    headers: { 'x-csrf-token': token ?? '', cookie: pageCookies },
  });
  const session = res.cookies.find((c) => /^(__Host-)?sid$/.test(c.name));
  if (res.statusCode !== 200 || !session) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return `${session.name}=${session.value}`;
}
