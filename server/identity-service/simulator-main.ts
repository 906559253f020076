/**
 * Runs the identity-service simulator in its own process:
 * `tsx server/identity-service/simulator-main.ts [port] [host]` (default 4010 on 127.0.0.1).
 * The platform reaches it through the adapter's base address (http://127.0.0.1:4010).
 */
import { buildIdentitySimulator } from './simulator.ts';

const port = Number(process.argv[2] ?? 4010);
const host = process.argv[3] ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`Not a port: ${process.argv[2]}`);
  process.exit(2);
}

const app = buildIdentitySimulator({ logger: true });
await app.listen({ port, host });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
