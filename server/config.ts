/** Environment → typed configuration, validated once at start. */
import { randomBytes } from 'node:crypto';
import { Ajv } from 'ajv';
import { envSchema, type Env } from '../schemas/env.ts';
import type { S3StorageConfig } from './storage/s3.ts';
import type { VirusScanConfig } from './storage/virus-scan.ts';
import type { IdentityServiceConfig } from './identity-service/configured.ts';

export interface Config {
  env: Env;
  /** APP_ENV names production: no missing or published secret, no demo data unless asked. */
  production: boolean;
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
  /** Where uploaded files' bytes are kept (server/storage/). */
  storage: { driver: 'database' } | { driver: 's3'; s3: S3StorageConfig };
  /** The ClamAV daemon every upload is scanned by (server/storage/virus-scan.ts); none: not scanned. */
  virusScan?: VirusScanConfig;
  /** The national digital-identity service (server/identity-service/); demo mode may set `url` to its simulator's. */
  identityService: IdentityServiceConfig & { simulatorPort: number };
  /** Notifications (server/notifications/): e-mail through SMTP, web push with VAPID keys. */
  notifications: NotificationsConfig;
  startedAt: Date;
}

export interface NotificationsConfig {
  /** Undefined: no SMTP server (demo mode starts a mail catcher and sets it). */
  smtpUrl?: string;
  mailFrom: string;
  mailCatcherPort: number;
  /** Both keys given; undefined: generated and kept in the database outside production, off in production. */
  vapid?: { publicKey: string; privateKey: string };
  vapidSubject: string;
}

/**
 * Deployment templates sometimes leave placeholders such as `${SENTRY_DSN}` or `__SENTRY_DSN__`
 * unreplaced: those are ignored, as if the variable were unset (spec 001 §3).
 */
export function isPlaceholder(value: string): boolean {
  return /^\$\{[^}]*\}$|^\$[A-Z_][A-Z0-9_]*$|^__[A-Z0-9_]+__$|^%[A-Z0-9_]+%$/.test(value.trim());
}

export class ConfigError extends Error {}

/** The APP_ENV values that mean real patients and real data. */
const PRODUCTION = /^(production|prod)$/i;

/**
 * Secrets that anyone can read: the ones the repository has published (docker-compose defaults
 * before issue 8, the demo password, the database user's name) and obvious placeholders.
 */
const PUBLISHED_SECRETS = new Set([
  'local-only-session-secret-change-me-0123456789abcd',
  'local-only-identity-signing-key-change-me-0123456789',
  'Demo-Telesuivi-2025',
  'telesuivi', 'postgres', 'password', 'secret', 'admin', 'root', 'changeme', 'minioadmin',
].map((s) => s.toLowerCase()));
const PLACEHOLDER_WORDS = /change[-_ .]?me|replace[-_ .]?me|local[-_ .]?only|example|placeholder|default|do[-_ .]?not[-_ .]?use/i;

export function isPublishedSecret(value: string): boolean {
  return PUBLISHED_SECRETS.has(value.trim().toLowerCase()) || PLACEHOLDER_WORDS.test(value);
}

/** Which process reads the configuration: the care API alone needs no session secret. */
export type ProcessRole = 'gateway' | 'care-api';

/** What production refuses, one sentence per variable, each naming it. */
function productionProblems(e: Env, source: NodeJS.ProcessEnv, role: ProcessRole): string[] {
  const problems: string[] = [];
  const secret = (name: 'SESSION_SECRET' | 'IDENTITY_SIGNING_KEY', needed: boolean) => {
    const value = e[name];
    if (value === undefined) {
      if (needed) problems.push(`${name} must be set when APP_ENV=${e.APP_ENV} (a long random value, e.g. \`openssl rand -base64 32\`).`);
    } else if (isPublishedSecret(value)) {
      problems.push(`${name} is a published default or placeholder: set a value of your own when APP_ENV=${e.APP_ENV}.`);
    }
  };
  secret('SESSION_SECRET', role === 'gateway');
  secret('IDENTITY_SIGNING_KEY', role === 'care-api' || e.CARE_API_URL !== undefined);
  if (e.VAPID_PRIVATE_KEY !== undefined && isPublishedSecret(e.VAPID_PRIVATE_KEY)) {
    problems.push(`VAPID_PRIVATE_KEY is a published default or placeholder: generate a pair of your own when APP_ENV=${e.APP_ENV}.`);
  }
  if (e.STORAGE_DRIVER === 's3' && e.S3_SECRET_ACCESS_KEY !== undefined && isPublishedSecret(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(`S3_SECRET_ACCESS_KEY is a published default or placeholder: set a secret of your own when APP_ENV=${e.APP_ENV}.`);
  }
  if (!e.DATABASE_URL) {
    problems.push(`DATABASE_URL must be set when APP_ENV=${e.APP_ENV}: the embedded database (fsync off, one connection) is for demos and tests.`);
  } else {
    let password: string | undefined;
    try {
      password = decodeURIComponent(new URL(e.DATABASE_URL).password) || source.PGPASSWORD;
    } catch {
      problems.push('DATABASE_URL is not a valid postgres:// address.');
    }
    if (password === undefined || password === '') {
      problems.push(`DATABASE_URL has no password (nor is PGPASSWORD set): the database must have one when APP_ENV=${e.APP_ENV}.`);
    } else if (isPublishedSecret(password)) {
      problems.push(`DATABASE_URL's password is a published default or placeholder: set a password of your own when APP_ENV=${e.APP_ENV}.`);
    }
  }
  return problems;
}

function storageConfig(e: Env): Config['storage'] {
  if (e.STORAGE_DRIVER !== 's3') return { driver: 'database' };
  if (!e.S3_BUCKET) throw new ConfigError('Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3.');
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the AWS SDK\'s own credentials).');
  }
  return {
    driver: 's3',
    s3: {
      bucket: e.S3_BUCKET, region: e.S3_REGION as string, endpoint: e.S3_ENDPOINT, forcePathStyle: e.S3_FORCE_PATH_STYLE as boolean,
      credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    },
  };
}

function virusScanConfig(e: Env): Config['virusScan'] {
  if (e.CLAMAV_SOCKET && e.CLAMD_HOST) throw new ConfigError('Invalid configuration: CLAMAV_SOCKET and CLAMD_HOST name two ClamAV daemons: set one.');
  const timeoutMs = e.CLAMD_TIMEOUT_MS as number;
  if (e.CLAMAV_SOCKET) return { socket: e.CLAMAV_SOCKET, timeoutMs };
  if (e.CLAMD_HOST) return { host: e.CLAMD_HOST, port: e.CLAMD_PORT as number, timeoutMs };
  return undefined;
}

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true });
const validateEnv = ajv.compile(envSchema);

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}, role: ProcessRole = 'gateway'): Config {
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
  const storage = storageConfig(e);
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither).');
  }
  const mailFrom = e.MAIL_FROM as string;
  const production = PRODUCTION.test(e.APP_ENV as string);
  if (production) {
    const problems = productionProblems(e, source, role);
    if (problems.length > 0) throw new ConfigError(`Refusing to start in production:\n  - ${problems.join('\n  - ')}`);
  }
  return {
    env: e,
    production,
    port,
    host: e.HOST as string,
    publicUrl,
    secureCookies: publicUrl.protocol === 'https:',
    dataDir: e.DATA_DIR as string,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE as number,
    // Demo accounts share a published password: in production only when asked for by name.
    demoData: e.DEMO_DATA ?? !production,
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
    storage,
    virusScan: virusScanConfig(e),
    identityService: { url: e.IDENTITY_SERVICE_URL, timeoutMs: e.IDENTITY_SERVICE_TIMEOUT_MS as number, simulatorPort: e.IDENTITY_SIMULATOR_PORT as number },
    notifications: {
      smtpUrl: e.SMTP_URL,
      mailFrom,
      mailCatcherPort: e.MAIL_CATCHER_PORT as number,
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      // A push service writes to this address about the sender; the sender's own by default.
      vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom}`,
    },
    startedAt: new Date(),
  };
}
