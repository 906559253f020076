/**
 * Once per e2e run: build the client if needed, start one real gateway on the demo data with the
 * default settings, shared by every file that does not change what the others read, and stop it
 * at the end. (The session-expiry dialogs need no gateway of their own: expiry.test.ts moves the
 * browser's clock instead of shortening the sessions.)
 */
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from './build-client.ts';
import { startGatewayProcess } from './gateway-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    /** The standard gateway's LAYOUTS_DIR, a copy of layouts/ that tests may change. */
    layoutsDir: string;
  }
}

export default async function setup(project: TestProject) {
  ensureClientBuilt();
  const standard = await startGatewayProcess();
  project.provide('gatewayUrl', standard.url);
  project.provide('layoutsDir', standard.layoutsDir);
  return () => standard.stop();
}
