/**
 * A benchmark server in its own process, so the load generator never shares its event loop.
 * BENCH_MODE chooses what runs: `gateway` (the real gateway, embedded care API or split mode
 * when CARE_API_URL is set), `care` (the care API alone), `bare` (a Fastify route with no
 * plugin at all, answering BENCH_BODY) or `bare-proxy` (@fastify/http-proxy alone, in front of
 * BENCH_UPSTREAM: what any proxy costs here). A gateway with DEMO_DATA provisions the demo data
 * as server/main.ts does, when the database holds none. The rest of the environment is the platform's own
 * (DATA_DIR, DATABASE_URL, LOG_LEVEL...). The chosen port is sent to the parent over IPC.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/client.ts';

export interface ServerReady { port: number; pid: number }

const mode = process.env.BENCH_MODE;
let app: FastifyInstance;
let database: Database | undefined;

if (mode === 'bare') {
  const body = JSON.parse(process.env.BENCH_BODY ?? '{}') as unknown;
  app = Fastify();
  app.get('/api/me', async () => body);
} else if (mode === 'bare-buffer') {
  // The layout's bytes and ETag computed once, sent as they are: the floor of GET /ui/layouts.
  const body = Buffer.from(process.env.BENCH_BODY ?? '{}');
  const etag = process.env.BENCH_ETAG ?? '"bench"';
  app = Fastify();
  app.get('/layout', async (request, reply) => {
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
} else if (mode === 'static') {
  app = Fastify();
  await app.register((await import('@fastify/static')).default, { root: process.env.BENCH_DIR! });
} else if (mode === 'bare-proxy') {
  app = Fastify();
  await app.register((await import('@fastify/http-proxy')).default, { upstream: process.env.BENCH_UPSTREAM!, prefix: '/api', rewritePrefix: '/api' });
} else {
  // The platform only here: a bare server starts without loading it (seconds of CPU each, on two cores).
  const { loadConfig } = await import('../../server/config.ts');
  const { openDatabase } = await import('../../server/db/client.ts');
  const { provisionDemo } = await import('../../server/demo/provision.ts');
  const config = loadConfig();
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  if (mode === 'gateway') {
    const { buildGateway } = await import('../../server/app.ts');
    const { provisionDemoAssignments } = await import('../../server/demo/assignments.ts');
    const { provisionDemoMonitoring } = await import('../../server/demo/monitoring.ts');
    // The demo data as `npm start` makes it (server/main.ts): the population, then once the
    // gateway has synced the provisioned questionnaires, their assignments and the 90 days of
    // measures with their alerts (pending and closed: what the alerts list is measured with).
    if (config.demoData) await provisionDemo(database.db);
    app = await buildGateway({ config, database });
    if (config.demoData) {
      await provisionDemoAssignments(database.db);
      await provisionDemoMonitoring(database.db);
    }
  } else if (mode === 'care') {
    const { buildCareApi } = await import('../../server/care-app.ts');
    app = await buildCareApi({ config, database });
  } else {
    throw new Error(`unknown BENCH_MODE ${mode}`);
  }
}

await app.listen({ port: 0, host: '127.0.0.1' });
const ready: ServerReady = { port: (app.server.address() as AddressInfo).port, pid: process.pid };
process.send!(ready);

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await app.close();
  await database?.close();
  process.exit(0);
}
process.on('SIGTERM', () => void close());
// The parent went away: do not linger holding a port or a data directory lock.
process.on('disconnect', () => void close());
