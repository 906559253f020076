/**
 * Once per e2e run: build the client if needed, start two real gateways on the demo data —
 * one with the default session settings, one whose sessions last 30 s with the expiry warning
 * at 24 s left (for the expiry dialogs) — and stop them at the end.
 */
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from './build-client.ts';
import { startGatewayProcess } from './gateway-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    /** The standard gateway's LAYOUTS_DIR, a copy of layouts/ that tests may change. */
    layoutsDir: string;
    shortSessionGatewayUrl: string;
  }
}

/** Short sessions: 0.5 min idle, warning below 0.4 min. */
export const SHORT_SESSION_ENV = { SESSION_IDLE_MINUTES: '0.5', TIME_REMAINING_BEFORE_USER_WARN: '0.4' };

export default async function setup(project: TestProject) {
  ensureClientBuilt();
  const [standard, short] = await Promise.all([startGatewayProcess(), startGatewayProcess(SHORT_SESSION_ENV)]);
  project.provide('gatewayUrl', standard.url);
  project.provide('layoutsDir', standard.layoutsDir);
  project.provide('shortSessionGatewayUrl', short.url);
  return async () => {
    await Promise.all([standard.stop(), short.stop()]);
  };
}
