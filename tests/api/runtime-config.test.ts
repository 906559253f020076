/**
 * Issue 2 §9: the client's runtime configuration (spec 001 §3) at /ui/config: its constants, the
 * environment overriding them, and unreplaced deployment placeholders being ignored.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../server/app.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { startGateway, type TestGateway } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

/** As a deployment template leaves them when a variable was not filled in. */
const PLACEHOLDERS = {
  TIME_REMAINING_BEFORE_USER_WARN: '${WARN_MINUTES}',
  ERROR_REPORTING_ENVIRONMENT: '__SENTRY_ENVIRONMENT__',
  STRICT_MODE: '$STRICT_MODE',
  ERROR_REPORTING_TRACES_SAMPLE_RATE: '%TRACES%',
};
const OVERRIDES = {
  APP_ENV: 'staging',
  ERROR_REPORTING_DSN: 'https://public-key@errors.example/42',
  ERROR_REPORTING_REPLAYS_SESSION_SAMPLE_RATE: '0.25',
  DISABLE_CONSOLE: 'false',
  BUILD_DATE: '2025-07-01T08:30:00.000Z',
  PUBLIC_URL: 'https://telesuivi.example',
};

let defaults: TestGateway;
let configured: { app: Awaited<ReturnType<typeof buildGateway>>; db: TestDatabase };
beforeAll(async () => {
  const db = await createTestDatabase();
  const config = loadConfig({ ...PLACEHOLDERS, ...OVERRIDES, LOG_LEVEL: 'silent' });
  [defaults, configured] = await Promise.all([
    startGateway({}, { demo: false }),
    buildGateway({ config, database: db.database }).then(async (app) => { await app.ready(); return { app, db }; }),
  ]);
});
afterAll(async () => {
  await Promise.all([defaults?.close(), configured?.app.close().then(() => configured.db.drop())]);
});

describe('GET /ui/config', () => {
  it('answers the constants and defaults without a session', async () => {
    const res = await request(defaults.app.server).get('/ui/config').expect(200);
    expect(res.body).toMatchObject({
      env: 'local',
      version: '4.12.1',
      releaseDate: '2025-07-09',
      disableConsole: true,
      strictMode: false,
      timeRemainingBeforeUserWarn: 20,
      theme: { slug: null, logo: '/ui/logos/default.svg' },
      urls: { self: 'http://localhost:3000', api: 'http://localhost:3000/api', auth: 'http://localhost:3000/auth' },
      errorReporting: { dsn: null, environment: 'local', autoSessionTracking: true, tracesSampleRate: 1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 },
      defaultLanguage: 'fr',
      languages: ['fr', 'en', 'ar'],
    });
    expect(Number.isNaN(Date.parse(res.body.buildDate))).toBe(false);
  });

  it('takes the values the environment gives and ignores unreplaced placeholders', async () => {
    const res = await request(configured.app.server).get('/ui/config').expect(200);
    expect(res.body).toMatchObject({
      env: 'staging',
      buildDate: '2025-07-01T08:30:00.000Z',
      disableConsole: false,
      strictMode: false, // placeholder: the default
      timeRemainingBeforeUserWarn: 20, // placeholder: the default
      host: 'telesuivi.example',
      urls: { self: 'https://telesuivi.example', api: 'https://telesuivi.example/api', auth: 'https://telesuivi.example/auth' },
      errorReporting: {
        dsn: 'https://public-key@errors.example/42',
        environment: 'staging', // placeholder: falls back to APP_ENV
        tracesSampleRate: 1, // placeholder: the default
        replaysSessionSampleRate: 0.25,
      },
    });
  });

  it.each([
    ['azur.telesuivi.fr', 'azur', '/ui/logos/azur.svg'],
    ['azur.dev.telesuivi.fr', 'azur', '/ui/logos/azur.svg'],
    ['tilleuls.telesuivi.fr', 'tilleuls', '/ui/logos/default.svg'], // a brand without a logo of its own
    ['dev.telesuivi.fr', null, '/ui/logos/default.svg'], // environment labels are not brands
    ['localhost:3000', null, '/ui/logos/default.svg'],
  ])('brands the host %s as %s with logo %s', async (host, slug, logo) => {
    const res = await request(defaults.app.server).get('/ui/config').set('host', host).expect(200);
    expect(res.body.theme).toEqual({ slug, logo });
  });
});

describe('loadConfig', () => {
  it.each(['${SENTRY_DSN}', '$SENTRY_DSN', '__SENTRY_DSN__', '%SENTRY_DSN%', ' ${SENTRY_DSN} ', ''])('treats %j as unset', (value) => {
    const config = loadConfig({ ERROR_REPORTING_DSN: value, TIME_REMAINING_BEFORE_USER_WARN: value || undefined });
    expect(config.env.ERROR_REPORTING_DSN).toBeUndefined();
    expect(config.env.TIME_REMAINING_BEFORE_USER_WARN).toBe(20);
  });

  it('reads numbers, booleans and session settings from strings', () => {
    const config = loadConfig({ TIME_REMAINING_BEFORE_USER_WARN: '5', STRICT_MODE: 'true', SESSION_IDLE_MINUTES: '10', SESSION_ABSOLUTE_HOURS: '2' });
    expect(config.env).toMatchObject({ TIME_REMAINING_BEFORE_USER_WARN: 5, STRICT_MODE: true });
    expect(config.session).toMatchObject({ idleMs: 10 * 60_000, absoluteMs: 2 * 3_600_000 });
  });

  it('refuses an invalid value with a message naming the variable', () => {
    expect(() => loadConfig({ TIME_REMAINING_BEFORE_USER_WARN: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ TIME_REMAINING_BEFORE_USER_WARN: 'soon' })).toThrow(/TIME_REMAINING_BEFORE_USER_WARN/);
  });
});
