/**
 * The identity service the care API calls, from the configuration (IDENTITY_SERVICE_URL,
 * IDENTITY_SERVICE_TIMEOUT_MS). Without an address every search and verification answers
 * `service_error` (and is written to the history as such): the platform runs without the service.
 */
import type { FastifyInstance } from 'fastify';
import { identityService, type IdentityService } from './adapter.ts';

export interface IdentityServiceConfig {
  /** The service's base address; undefined: not configured. */
  url?: string;
  timeoutMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The national digital-identity service (or its simulator), through the adapter. */
    identityService: IdentityService;
  }
}

const notConfigured: IdentityService = {
  search: async () => ({ outcome: 'service_error', detail: 'IDENTITY_SERVICE_URL is not set' }),
  verify: async () => ({ outcome: 'service_error', detail: 'IDENTITY_SERVICE_URL is not set' }),
};

export function configuredIdentityService(config: IdentityServiceConfig): IdentityService {
  return config.url ? identityService(config.url, { timeoutMs: config.timeoutMs }) : notConfigured;
}

export function decorateIdentityService(app: FastifyInstance, config: IdentityServiceConfig): void {
  app.decorate('identityService', configuredIdentityService(config));
}
