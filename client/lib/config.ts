/** The runtime configuration (spec 001 §3), read once from the gateway at start. */
import type { RuntimeConfig } from '../../schemas/runtime-config.ts';

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/ui/config', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /ui/config answered ${response.status}`);
  current = (await response.json()) as RuntimeConfig;
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration is not loaded yet');
  return current;
}

export const runtimeConfigIfLoaded = (): RuntimeConfig | undefined => current;
