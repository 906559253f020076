/**
 * Issue 8, Security 9: in production (APP_ENV=production) the configuration refuses a missing or
 * published secret, naming the variable, and demo data (whose password is published) is created
 * only when DEMO_DATA=true says so. Outside production nothing changes: `npm start` works bare.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';

const SECRET = 'q9V3xJr0bN7tK2mW5yZ8aC1dF4gH6jL0pS3uX7zB2eY=';
const KEY = 'T7mK2xQ9vB4nR8wC1zL5yH3jF6gD0sA2pE9uX4iO7kM=';
const DB = 'postgres://telesuivi:6f1c9a27e4b85d3f0a2c7e91b4d6f8a3@db.internal:5432/telesuivi';
const PRODUCTION = { APP_ENV: 'production', SESSION_SECRET: SECRET, DATABASE_URL: DB };

/** The ConfigError of a configuration, or undefined when it loads. */
function refusal(env: Record<string, string>, role: 'gateway' | 'care-api' = 'gateway'): string | undefined {
  try {
    loadConfig(env, {}, role);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
}

/** Every secret the repository ever published as a default, and placeholder-looking values. */
const PUBLISHED = [
  'local-only-session-secret-change-me-0123456789abcd',
  'local-only-identity-signing-key-change-me-0123456789',
  'please-change-me-before-production-0123456789',
  'this-is-an-example-secret-of-at-least-32-characters',
  'replace_me_replace_me_replace_me_replace_me',
];

describe('production configuration', () => {
  it('loads with secrets of its own; demo data off', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.production).toBe(true);
    expect(config.demoData).toBe(false);
    expect(config.session.secret).toBe(SECRET);
    expect(loadConfig({ ...PRODUCTION, APP_ENV: 'prod' }).production).toBe(true);
  });

  it('creates demo data only when DEMO_DATA=true', () => {
    expect(loadConfig({ ...PRODUCTION, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ ...PRODUCTION, DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({ ...PRODUCTION, DEMO_DATA: '${DEMO_DATA}' }).demoData).toBe(false);
  });

  it('refuses a missing SESSION_SECRET, naming it', () => {
    const { SESSION_SECRET: _, ...env } = PRODUCTION;
    expect(refusal(env)).toMatch(/SESSION_SECRET must be set/);
    expect(refusal({ ...env, SESSION_SECRET: '${SESSION_SECRET}' })).toMatch(/SESSION_SECRET must be set/);
  });

  it.each(PUBLISHED)('refuses the published or placeholder SESSION_SECRET %s', (value) => {
    expect(refusal({ ...PRODUCTION, SESSION_SECRET: value })).toMatch(/SESSION_SECRET is a published default/);
  });

  it.each(PUBLISHED)('refuses the published or placeholder IDENTITY_SIGNING_KEY %s (split mode)', (value) => {
    expect(refusal({ ...PRODUCTION, CARE_API_URL: 'http://care-api:3001', IDENTITY_SIGNING_KEY: value })).toMatch(/IDENTITY_SIGNING_KEY is a published default/);
    const { SESSION_SECRET: _, ...careApi } = PRODUCTION;
    expect(refusal({ ...careApi, IDENTITY_SIGNING_KEY: value }, 'care-api')).toMatch(/IDENTITY_SIGNING_KEY is a published default/);
  });

  it('the care API alone needs IDENTITY_SIGNING_KEY, not SESSION_SECRET', () => {
    const { SESSION_SECRET: _, ...env } = PRODUCTION;
    expect(refusal(env, 'care-api')).toMatch(/IDENTITY_SIGNING_KEY must be set/);
    expect(refusal({ ...env, IDENTITY_SIGNING_KEY: KEY }, 'care-api')).toBeUndefined();
  });

  it.each([
    ['no DATABASE_URL (the embedded database)', undefined, /DATABASE_URL must be set/],
    ['no password', 'postgres://telesuivi@db.internal:5432/telesuivi', /DATABASE_URL has no password/],
    ['the docker-compose default', 'postgres://telesuivi:telesuivi@postgres:5432/telesuivi', /DATABASE_URL's password is a published default/],
    ['postgres', 'postgres://postgres:postgres@db.internal:5432/telesuivi', /DATABASE_URL's password is a published default/],
    ['password', 'postgres://app:password@db.internal:5432/telesuivi', /DATABASE_URL's password is a published default/],
    ['a placeholder', 'postgres://app:change-me@db.internal:5432/telesuivi', /DATABASE_URL's password is a published default/],
    ['the demo password', `postgres://app:${DEMO_PASSWORD}@db.internal:5432/telesuivi`, /DATABASE_URL's password is a published default/],
  ])('refuses a database with %s', (_, url, message) => {
    const { DATABASE_URL: __, ...env } = PRODUCTION;
    expect(refusal(url ? { ...env, DATABASE_URL: url } : env)).toMatch(message);
  });

  it('accepts the database password from PGPASSWORD', () => {
    expect(refusal({ ...PRODUCTION, DATABASE_URL: 'postgres://app@db.internal:5432/telesuivi', PGPASSWORD: '9b2e7d4c1a6f' })).toBeUndefined();
  });

  it('names every problem at once', () => {
    const message = refusal({ APP_ENV: 'production', CARE_API_URL: 'http://care-api:3001', IDENTITY_SIGNING_KEY: PUBLISHED[1]! });
    expect(message).toMatch(/SESSION_SECRET/);
    expect(message).toMatch(/IDENTITY_SIGNING_KEY/);
    expect(message).toMatch(/DATABASE_URL/);
  });
});

describe('outside production', () => {
  it.each([{}, { APP_ENV: 'local' }, { APP_ENV: 'development' }, { APP_ENV: 'test' }, { APP_ENV: 'staging' }])('%j starts bare, with demo data', (env) => {
    const config = loadConfig(env);
    expect(config.production).toBe(false);
    expect(config.demoData).toBe(true);
    expect(loadConfig({ ...env, DEMO_DATA: 'false' }).demoData).toBe(false);
  });
});

describe('docker-compose.yml', () => {
  const compose = readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8');
  const lines = compose.split('\n').filter((line) => !line.trimStart().startsWith('#'));

  it.each(['POSTGRES_PASSWORD', 'IDENTITY_SIGNING_KEY', 'SESSION_SECRET'])('has no default for %s: compose refuses to start without it', (name) => {
    const uses = lines.flatMap((line) => [...line.matchAll(new RegExp(`\\$\\{${name}([^}]*)\\}`, 'g'))].map((m) => m[1]!));
    expect(uses.length).toBeGreaterThan(0);
    for (const use of uses) expect(use).toMatch(/^:\?./);
  });

  it('runs both processes with APP_ENV=production and demo data off unless asked', () => {
    expect(lines.join('\n')).toMatch(/^ {2}APP_ENV: production$/m);
    expect(lines.join('\n')).toMatch(/DEMO_DATA: \$\{DEMO_DATA:-false\}/);
  });
});
