/**
 * A gateway in a process of its own that a test can kill at the worst moment
 * (tests/api/idempotency-crash.test.ts): on the database GATEWAY_DATABASE_URL (PostgreSQL) or the
 * PGlite data directory GATEWAY_DATA_DIR, already migrated and provisioned by the test. It prints
 * `{ "port": … }` once listening. A request sent with `x-test-crash: after-commit` kills the
 * process with SIGKILL when its answer's head is about to be written: after every hook and
 * handler has run (the call's transaction committed), before a byte reaches the client — a
 * process that dies mid-answer, as far as the client can tell.
 */
import http from 'node:http';
import { buildGateway } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';

const writeHead = http.ServerResponse.prototype.writeHead;
http.ServerResponse.prototype.writeHead = function crashing(this: http.ServerResponse, ...args: unknown[]) {
  if (this.req?.headers['x-test-crash'] === 'after-commit') process.kill(process.pid, 'SIGKILL');
  return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
} as typeof writeHead;

const database = await openDatabase({ url: process.env.GATEWAY_DATABASE_URL || undefined, dataDir: process.env.GATEWAY_DATA_DIR ?? '', poolSize: 4 });
const config = loadConfig({}, { LOG_LEVEL: 'silent', LOGIN_MAX_PER_ACCOUNT: 1000, LOGIN_MAX_PER_ADDRESS: 1000, CLIENT_DIST: './dist/client' });
const app = await buildGateway({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
// SIGTERM (the test's clean stop): close the app and the database, releasing the data directory.
process.once('SIGTERM', () => { void app.close().then(() => database.close()).finally(() => process.exit(0)); });
