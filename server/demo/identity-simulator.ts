/**
 * Demo mode (`npm start` with demo data and no IDENTITY_SERVICE_URL): the identity-service simulator runs
 * in the same process as its own Fastify instance on its own port (IDENTITY_SIMULATOR_PORT, any free one
 * by default), apart from the app, which only learns its address (config.identityService.url), exactly
 * as it would the real service's. Closed with the app.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { buildIdentitySimulator } from '../identity-service/simulator.ts';

/** Starts the simulator when demo mode needs one; its address, or undefined when the service is configured or demo data is off. */
export async function startDemoIdentitySimulator(config: Config): Promise<{ url: string; close(): Promise<void> } | undefined> {
  if (!config.demoData || config.identityService.url) return undefined;
  const simulator: FastifyInstance = buildIdentitySimulator();
  const host = '127.0.0.1';
  await simulator.listen({ port: config.identityService.simulatorPort, host });
  const { port } = simulator.server.address() as { port: number };
  const url = `http://${host}:${port}`;
  config.identityService.url = url;
  return { url, close: () => simulator.close() };
}
