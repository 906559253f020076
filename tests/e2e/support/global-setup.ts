/**
 * Once per e2e run: build the client if needed, start two real gateways on the demo data with the
 * default settings, and stop them at the end:
 * - the standard one, shared by every file that does not change what the others read;
 * - a scratch one, for the journeys that do change it but not what each other reads:
 *   patient-file-journey.test.ts (creates its own patients, closes their files) and the French
 *   run of telemonitoring-journey.test.ts (Camille Martin's daily questionnaire and its alert);
 *   route-walk.test.ts (a free PHQ-9 response and a condition on Camille Martin's file, PHQ-9
 *   excluded and restored); documents.test.ts (documents added to Camille Martin's file and
 *   acknowledged); prescriptions.test.ts (prescriptions added to it and renewed); messages.test.ts
 *   (messages on it, read by the prescriber); notifications.test.ts (documents added to it, the
 *   prescriber's notifications read and a preference changed).
 *   Each used to start a gateway of its own.
 * (The session-expiry dialogs need no gateway of their own: expiry.test.ts moves the browser's
 * clock instead of shortening the sessions.) A file whose changes would collide with another's
 * starts its own (startGatewayProcess, startClockedGateway).
 */
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from './build-client.ts';
import { startGatewayProcess } from './gateway-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    /** The standard gateway's LAYOUTS_DIR, a copy of layouts/ that tests may change. */
    layoutsDir: string;
    /** The scratch gateway (see above): only for files listed there. */
    scratchGatewayUrl: string;
  }
}

export default async function setup(project: TestProject) {
  ensureClientBuilt();
  const [standard, scratch] = await Promise.all([startGatewayProcess(), startGatewayProcess()]);
  project.provide('gatewayUrl', standard.url);
  project.provide('layoutsDir', standard.layoutsDir);
  project.provide('scratchGatewayUrl', scratch.url);
  return async () => { await Promise.all([standard.stop(), scratch.stop()]); };
}
