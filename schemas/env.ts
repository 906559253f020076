/**
 * Every environment variable the platform reads. The README's configuration table lists
 * them all (a test checks it), and server/config.ts turns them into a typed config.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const envSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65_535, default: 3000, description: 'HTTP port of the gateway (or of the care API for `npm run start:api`).' },
    HOST: { type: 'string', default: '127.0.0.1', description: 'Interface to listen on; `0.0.0.0` in containers.' },
    PUBLIC_URL: { type: 'string', description: 'Address users reach the gateway at (default `http://localhost:PORT`). Decides same-origin checks, redirects and whether cookies are `Secure` with the `__Host-` prefix (https).' },
    DATA_DIR: { type: 'string', default: './data', description: 'Directory of the embedded PGlite database, locked against a second process.' },
    DATABASE_URL: { type: 'string', description: 'PostgreSQL connection string. When set, PostgreSQL is used instead of the embedded database.' },
    DATABASE_POOL_SIZE: { type: 'integer', minimum: 1, maximum: 1000, default: 10, description: 'PostgreSQL connections per process.' },
    DEMO_DATA: { type: 'boolean', description: 'Provision the demo establishments and accounts (published password) on the first start of an empty database. Default: `true`, except in production (`APP_ENV=production`) where only `DEMO_DATA=true` creates them.' },
    SESSION_IDLE_MINUTES: { type: 'number', exclusiveMinimum: 0, default: 30, description: 'A session ends after this long without a call.' },
    SESSION_ABSOLUTE_HOURS: { type: 'number', exclusiveMinimum: 0, default: 12, description: 'A session ends this long after login, whatever the activity.' },
    SESSION_CACHE_SECONDS: { type: 'number', minimum: 0, default: 2, description: 'How long a gateway trusts a session it read from the database before reading it again (0: every call). Bounds how late another gateway sees a logout.' },
    SESSION_SECRET: { type: 'string', minLength: 32, description: 'Key of the login form anti-forgery tokens. A random one is made at each start when absent (forms open before a restart must be reloaded); required in production, shared by every gateway.' },
    LOGIN_MAX_PER_ACCOUNT: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 5, description: 'Failed logins on one account from one address within the window, after which that address\'s attempts on that account get 429 (the owner still gets in from elsewhere; a success clears the count).' },
    LOGIN_MAX_PER_ADDRESS: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 30, description: 'Failed logins from one address, whatever the account, within the window, after which that address gets 429. Successful logins never count.' },
    LOGIN_WINDOW_MINUTES: { type: 'number', exclusiveMinimum: 0, default: 15, description: 'Sliding window over which failed logins are counted (in the database, shared by every gateway).' },
    TRUST_PROXY: { type: 'boolean', default: false, description: 'Trust `X-Forwarded-*` headers (set behind a reverse proxy, so rate limits see the real client address).' },
    CARE_API_URL: { type: 'string', description: 'Split mode: base address of the care API (`npm run start:api`). The gateway then proxies `/api` to it.' },
    IDENTITY_SIGNING_KEY: { type: 'string', minLength: 32, description: 'Split mode: shared key with which the gateway signs, and the care API verifies, the caller identity header. Required in split mode.' },
    STORAGE_DRIVER: { type: 'string', enum: ['database', 's3'], default: 'database', description: 'Where uploaded files\' bytes are kept: `database` (in the database, in chunks; the embedded default) or `s3` (an S3-compatible object storage such as MinIO, set by the `S3_*` variables).' },
    S3_ENDPOINT: { type: 'string', description: 'With `STORAGE_DRIVER=s3`: address of an S3-compatible server (e.g. `http://minio:9000`); absent for AWS S3 itself.' },
    S3_BUCKET: { type: 'string', minLength: 3, description: 'With `STORAGE_DRIVER=s3`: the bucket files are stored in (required; it must exist).' },
    S3_REGION: { type: 'string', default: 'us-east-1', description: 'With `STORAGE_DRIVER=s3`: the bucket\'s region.' },
    S3_ACCESS_KEY_ID: { type: 'string', description: 'With `STORAGE_DRIVER=s3`: access key; absent, the AWS SDK\'s own chain (environment, instance role) is used.' },
    S3_SECRET_ACCESS_KEY: { type: 'string', description: 'With `STORAGE_DRIVER=s3`: secret of `S3_ACCESS_KEY_ID`.' },
    S3_FORCE_PATH_STYLE: { type: 'boolean', default: false, description: 'With `STORAGE_DRIVER=s3`: the bucket in the path (`http://host/bucket/key`) instead of the host name, as MinIO and most S3-compatible servers expect.' },
    IDENTITY_SERVICE_URL: { type: 'string', description: 'Base address of the national digital-identity service (INSi) the patient identity is searched and verified against. Unset in demo mode (`npm start` with demo data): a local simulator is started on its own port and its address printed. Unset otherwise: every search and verification answers `service_error`.' },
    IDENTITY_SERVICE_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 120_000, default: 5000, description: 'Longest wait for the identity service\'s answer, in milliseconds; past it the search or verification is a `timeout` (written to the history).' },
    IDENTITY_SIMULATOR_PORT: { type: 'integer', minimum: 0, maximum: 65_535, default: 0, description: 'Demo mode without `IDENTITY_SERVICE_URL`: port of the local identity-service simulator (0: any free port).' },
    LOG_LEVEL: { type: 'string', enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info', description: 'pino log level.' },
    DEFAULT_LANGUAGE: { type: 'string', enum: ['fr', 'en', 'ar'], default: 'fr', description: 'Language when neither the call nor the user chose one.' },
    CLIENT_DIST: { type: 'string', default: './dist/client', description: 'Directory of the built client served at `/`.' },
    LAYOUTS_DIR: { type: 'string', default: './layouts', description: 'Provisioned content (logos, later layouts and questionnaires).' },
    BRANDING_PATTERN: { type: 'string', default: '^([a-z0-9-]+)\\.[a-z0-9-]+\\.[a-z]{2,}(\\.[a-z]{2,})?$', description: 'Regular expression on the host name whose first group is the brand slug (spec 000 §1).' },
    APP_ENV: { type: 'string', default: 'local', description: 'Name of the environment, given to the client as runtime config `env` (spec 001 §3). `production` (or `prod`) makes start-up refuse missing or published secrets: `SESSION_SECRET`, `IDENTITY_SIGNING_KEY` (split mode), the database password in `DATABASE_URL` (the embedded database is refused); and demo data is off unless `DEMO_DATA=true`.' },
    BUILD_DATE: { type: 'string', description: 'Runtime config build date (default: the start time).' },
    DISABLE_CONSOLE: { type: 'boolean', default: true, description: 'Runtime config console-disable flag.' },
    STRICT_MODE: { type: 'boolean', default: false, description: 'Runtime config React strict-mode flag.' },
    TIME_REMAINING_BEFORE_USER_WARN: { type: 'number', minimum: 0, default: 20, description: 'Runtime config: minutes of session left when the expiry dialog opens.' },
    ERROR_REPORTING_DSN: { type: 'string', description: 'Runtime config error-reporting DSN (none by default).' },
    ERROR_REPORTING_ENVIRONMENT: { type: 'string', description: 'Runtime config error-reporting environment (default: APP_ENV).' },
    ERROR_REPORTING_AUTO_SESSION_TRACKING: { type: 'boolean', default: true, description: 'Runtime config error-reporting auto session tracking.' },
    ERROR_REPORTING_TRACES_SAMPLE_RATE: { type: 'number', minimum: 0, maximum: 1, default: 1.0, description: 'Runtime config traces sample rate.' },
    ERROR_REPORTING_REPLAYS_SESSION_SAMPLE_RATE: { type: 'number', minimum: 0, maximum: 1, default: 0.1, description: 'Runtime config session replays sample rate.' },
    ERROR_REPORTING_REPLAYS_ON_ERROR_SAMPLE_RATE: { type: 'number', minimum: 0, maximum: 1, default: 1.0, description: 'Runtime config replays-on-error sample rate.' },
  },
} as const;

export type Env = FromSchema<typeof envSchema>;
