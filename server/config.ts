/** Environment → typed configuration, validated once at start. */
import { randomBytes } from 'node:crypto';
import { Ajv } from 'ajv';
import { envSchema, type Env } from '../schemas/env.ts';

export interface Config {
  env: Env;
  port: number;
  host: string;
  publicUrl: URL;
  /** https: cookies are Secure and carry the __Host- prefix. */
  secureCookies: boolean;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  demoData: boolean;
  session: { idleMs: number; absoluteMs: number; cacheMs: number; secret: string };
  login: { maxPerAccount: number; maxPerAddress: number; windowMs: number };
  trustProxy: boolean;
  careApiUrl?: string;
  identitySigningKey?: string;
  logLevel: string;
  defaultLanguage: 'fr' | 'en' | 'ar';
  clientDist: string;
  layoutsDir: string;
  brandingPattern: RegExp;
  startedAt: Date;
}

/**
 * Deployment templates sometimes leave placeholders such as `${SENTRY_DSN}` or `__SENTRY_DSN__`
 * unreplaced: those are ignored, as if the variable were unset (spec 001 §3).
 */
export function isPlaceholder(value: string): boolean {
  return /^\$\{[^}]*\}$|^\$[A-Z_][A-Z0-9_]*$|^__[A-Z0-9_]+__$|^%[A-Z0-9_]+%$/.test(value.trim());
}

export class ConfigError extends Error {}

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true });
const validateEnv = ajv.compile(envSchema);

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const env: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.properties)) {
    const value = source[key];
    if (value !== undefined && value !== '' && !isPlaceholder(value)) env[key] = value;
  }
  Object.assign(env, overrides);
  if (!validateEnv(env)) {
    const detail = validateEnv.errors?.map((e) => `${e.instancePath.slice(1) || e.params.missingProperty}: ${e.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${detail}`);
  }
  const e = env as Env & typeof env;
  const port = e.PORT as number;
  const publicUrl = new URL((e.PUBLIC_URL as string | undefined) ?? `http://localhost:${port}`);
  if (e.CARE_API_URL && !e.IDENTITY_SIGNING_KEY) {
    throw new ConfigError('Invalid configuration: IDENTITY_SIGNING_KEY is required when CARE_API_URL is set (split mode).');
  }
  return {
    env: e,
    port,
    host: e.HOST as string,
    publicUrl,
    secureCookies: publicUrl.protocol === 'https:',
    dataDir: e.DATA_DIR as string,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE as number,
    demoData: e.DEMO_DATA as boolean,
    session: {
      idleMs: (e.SESSION_IDLE_MINUTES as number) * 60_000,
      absoluteMs: (e.SESSION_ABSOLUTE_HOURS as number) * 3_600_000,
      cacheMs: (e.SESSION_CACHE_SECONDS as number) * 1000,
      secret: e.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    },
    login: {
      maxPerAccount: e.LOGIN_MAX_PER_ACCOUNT as number,
      maxPerAddress: e.LOGIN_MAX_PER_ADDRESS as number,
      windowMs: (e.LOGIN_WINDOW_MINUTES as number) * 60_000,
    },
    trustProxy: e.TRUST_PROXY as boolean,
    careApiUrl: e.CARE_API_URL,
    identitySigningKey: e.IDENTITY_SIGNING_KEY,
    logLevel: e.LOG_LEVEL as string,
    defaultLanguage: e.DEFAULT_LANGUAGE as 'fr' | 'en' | 'ar',
    clientDist: e.CLIENT_DIST as string,
    layoutsDir: e.LAYOUTS_DIR as string,
    brandingPattern: new RegExp(e.BRANDING_PATTERN as string),
    startedAt: new Date(),
  };
}
