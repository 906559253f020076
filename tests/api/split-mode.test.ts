/**
 * Split mode (issue 2 §11): the care API runs alone and the gateway proxies /api to it with the
 * caller's identity in a signed header. Both run here on the same test database, over real
 * sockets on 127.0.0.1.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCareApi } from '../../server/care-app.ts';
import { loadConfig } from '../../server/config.ts';
import { IDENTITY_CHANGED_HEADER, IDENTITY_HEADER, IDENTITY_MAX_AGE_MS, signIdentity, verifyIdentity, type Identity } from '../../server/identity.ts';
import { hmac } from '../../server/shared/tokens.ts';
import { loadUserSnapshot } from '../../server/shared/user-snapshot.ts';
import { loadGrants, NO_GRANTS } from '../../server/care/access.ts';
import { users } from '../../server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

const KEY = 'split-mode-test-signing-key-0123456789abcdef';
const OTHER_KEY = 'another-signing-key-that-the-gateway-never-uses-42';

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const probe = Fastify();
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const { port } = probe.server.address() as AddressInfo;
  await probe.close();
  return port;
}

describe('split mode: gateway → care API', () => {
  let db: TestDatabase;
  let care: FastifyInstance;
  let gw: TestGateway;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({}, { LOG_LEVEL: 'silent', IDENTITY_SIGNING_KEY: KEY });
    // The care API reads the gateway's clock, so moving it moves both (as synchronised hosts would).
    care = await buildCareApi({ config, database: db.database, now: () => gw.clock.now() });
    await care.listen({ port: 0, host: '127.0.0.1' });
    gw = await startGateway({ CARE_API_URL: urlOf(care), IDENTITY_SIGNING_KEY: KEY }, { db });
  });
  afterAll(async () => {
    await gw?.close();
    await care?.close();
    await db?.drop();
  });

  /** A validly signed identity of a demo user, as the gateway would send it. */
  async function identityOf(email: string, overrides: Partial<Identity> = {}): Promise<Identity> {
    const [row] = await db.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const user = (await loadUserSnapshot(db.database.db, row!.id))!;
    const grants = await loadGrants(db.database.db, row!.id);
    return { user, sessionIdHash: 'x'.repeat(43), sessionExpiresIn: 1800, locale: 'en', timeZone: 'UTC', grants, ...overrides };
  }

  it('serves GET /api/me through the proxy with the session headers', async () => {
    const browser = await login(gw.app, demoEmail('patient.open'));
    const me = await browser.agent.get('/api/me?l=en').expect(200);
    expect(me.body.email).toBe(demoEmail('patient.open'));
    expect(me.body.roles).toEqual(['ROLE_PATIENT']);
    expect(Number(me.headers['x-session-expires-in'])).toBe(30 * 60);
    expect(me.headers['content-language']).toBe('en');
    expect(me.headers['x-csrf-token']).toBe(browser.csrf);
    expect(me.headers[IDENTITY_HEADER]).toBeUndefined();
  });

  it('serves /api/me/privileges and /api/establishments through the proxy', async () => {
    const browser = await login(gw.app, demoEmail('pro.two'));
    const privileges = await browser.agent.get('/api/me/privileges').expect(200);
    expect(privileges.headers['x-session-expires-in']).toBeDefined();
    expect(JSON.stringify(privileges.body)).toMatch(/PRESCRIBER|OPERATOR/i);
    const establishments = await browser.agent.get('/api/establishments?page=1&pageSize=999&sort=name').expect(200);
    expect(establishments.headers['x-session-expires-in']).toBeDefined();
    expect(JSON.stringify(establishments.body)).toContain('CHU Azur');
  });

  it('saves the language with HEAD /api/me?l= and the gateway forgets its cached session', async () => {
    const browser = await login(gw.app, demoEmail('caregiver'));
    const before = await browser.agent.get('/api/me').expect(200);
    expect(before.body.language).not.toBe('ar');

    // The token is required on this HEAD, through the proxy as in one process.
    await browser.agent.head('/api/me?l=ar').expect(403);
    const saved = await browser.agent.head('/api/me?l=ar').set('x-csrf-token', browser.csrf).expect(204);
    expect(saved.headers[IDENTITY_CHANGED_HEADER]).toBeUndefined();
    expect(saved.headers['x-session-expires-in']).toBeDefined();

    // Same frozen clock: only the invalidation (not the cache expiring) can make this fresh.
    const after = await browser.agent.get('/api/me').expect(200);
    expect(after.body.language).toBe('ar');
    expect(after.headers['content-language']).toBe('ar');
    expect(after.headers[IDENTITY_CHANGED_HEADER]).toBeUndefined();
  });

  it('forwards JSON bodies: PUT /api/me/timezone through the proxy, seen at once by GET /api/me', async () => {
    const browser = await login(gw.app, demoEmail('manager'));
    await browser.agent.put('/api/me/timezone').set('x-csrf-token', browser.csrf).send({ selectedTimezone: 'Asia/Tokyo' }).expect(204);
    const me = await browser.agent.get('/api/me').expect(200);
    expect(me.body.selectedTimezone).toBe('Asia/Tokyo');
    expect(me.body.timezone).toBe('Asia/Tokyo');
    const invalid = await browser.agent.put('/api/me/timezone?l=en').set('x-csrf-token', browser.csrf).send({ selectedTimezone: 'Mars/Olympus' }).expect(400);
    expect(invalid.body.code).toBe('invalid_timezone');
    expect(invalid.headers['x-session-expires-in']).toBeDefined();
  });

  it('still applies anti-forgery and consent checks in front of the care API', async () => {
    const browser = await login(gw.app, demoEmail('new.terms'));
    const blocked = await browser.agent.get('/api/me').expect(401);
    expect(blocked.body.code).toBe('cgu_not_accepted');
    expect(blocked.headers['x-session-expires-in']).toBeDefined();

    const noToken = await browser.agent.post('/api/me/terms-acceptance').expect(403);
    expect(noToken.body.code).toBe('csrf_token_invalid');
    const otherSite = await browser.agent.post('/api/me/terms-acceptance').set('x-csrf-token', browser.csrf)
      .set('sec-fetch-site', 'cross-site').expect(403);
    expect(otherSite.body.code).toBe('cross_site_request');

    await browser.agent.post('/api/me/terms-acceptance').set('x-csrf-token', browser.csrf).expect(204);
    const next = await browser.agent.get('/api/me').expect(401);
    expect(next.body.code).toBe('personal_data_use_not_approved');
    await browser.agent.post('/api/me/personal-data-consent').set('x-csrf-token', browser.csrf).expect(204);
    await browser.agent.get('/api/me').expect(200);
  });

  it('answers 401 insufficient_authentication at the gateway without a session', async () => {
    const res = await request(gw.app.server).get('/api/me').expect(401);
    expect(res.body.code).toBe('insufficient_authentication');
  });

  it('ignores an identity header sent by the browser to the gateway', async () => {
    const forged = signIdentity(await identityOf(demoEmail('superadmin')), KEY, gw.clock.now().getTime());
    // Without a session: still refused, even with a validly signed identity.
    const anonymous = await request(gw.app.server).get('/api/me').set(IDENTITY_HEADER, forged).expect(401);
    expect(anonymous.body.code).toBe('insufficient_authentication');
    // With a session: the session's user, never the one in the header.
    const browser = await login(gw.app, demoEmail('patient.closed'));
    const me = await browser.agent.get('/api/me').set(IDENTITY_HEADER, forged).expect(200);
    expect(me.body.email).toBe(demoEmail('patient.closed'));
  });

  describe('the care API called directly', () => {
    const direct = () => request(urlOf(care));

    it('answers 401 invalid_identity without the identity header', async () => {
      const res = await direct().get('/api/me').expect(401);
      expect(res.body.code).toBe('invalid_identity');
      expect(res.body.message).toBeTruthy();
    });

    it('ignores session cookies', async () => {
      const browser = await login(gw.app, demoEmail('patient.open'));
      const res = await direct().get('/api/me').set('cookie', browser.sessionCookie.split(';')[0]!).expect(401);
      expect(res.body.code).toBe('invalid_identity');
    });

    it('accepts an identity signed with the shared key', async () => {
      const header = signIdentity(await identityOf(demoEmail('operator')), KEY, gw.clock.now().getTime());
      const res = await direct().get('/api/me').set(IDENTITY_HEADER, header).expect(200);
      expect(res.body.email).toBe(demoEmail('operator'));
      expect(res.headers['content-language']).toBe('en');
    });

    it('refuses unsigned, forged, tampered and stale identities with 401 invalid_identity', async () => {
      const identity = await identityOf(demoEmail('operator'));
      const now = gw.clock.now().getTime();
      const valid = signIdentity(identity, KEY, now);
      const [payload, signature] = valid.split('.') as [string, string];
      const admin = await identityOf(demoEmail('superadmin'));
      const tamperedPayload = Buffer.from(JSON.stringify({ ...admin, iat: now })).toString('base64url');
      const cases: Record<string, string> = {
        unsigned: payload,
        'empty signature': `${payload}.`,
        'garbage': 'not-a-signed-identity',
        'wrong key': signIdentity(identity, OTHER_KEY, now),
        'modified payload, original signature': `${tamperedPayload}.${signature}`,
        'signature of another payload': `${payload}.${hmac(KEY, tamperedPayload)}`,
        'extra segment': `${valid}.x`,
        stale: signIdentity(identity, KEY, now - IDENTITY_MAX_AGE_MS - 1000),
        'from the future': signIdentity(identity, KEY, now + IDENTITY_MAX_AGE_MS + 1000),
        'signed JSON without iat': (() => {
          const p = Buffer.from(JSON.stringify(identity)).toString('base64url');
          return `${p}.${hmac(KEY, p)}`;
        })(),
      };
      for (const [name, header] of Object.entries(cases)) {
        const res = await direct().get('/api/me').set(IDENTITY_HEADER, header);
        expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status: 401, code: 'invalid_identity' });
      }
      expect(verifyIdentity(valid, KEY, now)?.user.email).toBe(demoEmail('operator'));
    });

    it('refuses an identity that was valid once after 60 s (replay)', async () => {
      const header = signIdentity(await identityOf(demoEmail('operator')), KEY, gw.clock.now().getTime());
      await direct().get('/api/me').set(IDENTITY_HEADER, header).expect(200);
      gw.clock.advance(IDENTITY_MAX_AGE_MS + 1000);
      const res = await direct().get('/api/me').set(IDENTITY_HEADER, header).expect(401);
      expect(res.body.code).toBe('invalid_identity');
    });
  });
});

describe('split mode: what the gateway forwards', () => {
  let upstream: FastifyInstance;
  let gw: TestGateway;
  let seen: Record<string, string | string[] | undefined>[] = [];

  beforeAll(async () => {
    // A stand-in care API that records the headers it receives.
    upstream = Fastify();
    upstream.all('/api/*', async (req) => {
      seen.push({ ...req.headers });
      return { url: req.url };
    });
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    gw = await startGateway({ CARE_API_URL: urlOf(upstream), IDENTITY_SIGNING_KEY: KEY });
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
  });

  it('sends a signed identity of the session user, no cookie and no identity header from the browser', async () => {
    const browser = await login(gw.app, demoEmail('patient.multi'));
    const forged = signIdentity({
      user: { ...(await identityOf()).user }, sessionIdHash: 'forged', sessionExpiresIn: 1, locale: 'fr', timeZone: 'UTC', grants: NO_GRANTS,
    }, KEY, gw.clock.now().getTime());
    seen = [];
    const res = await browser.agent.get('/api/me/patient_files?page=1&l=en')
      .set(IDENTITY_HEADER, forged).set('x-timezone', 'Europe/Paris').expect(200);
    expect(res.body.url).toBe('/api/me/patient_files?page=1&l=en');
    expect(res.headers['x-session-expires-in']).toBe(String(30 * 60));
    expect(seen).toHaveLength(1);
    const headers = seen[0]!;
    expect(headers.cookie).toBeUndefined();
    expect(String(headers[IDENTITY_HEADER])).not.toBe(forged);
    const identity = verifyIdentity(headers[IDENTITY_HEADER], KEY, gw.clock.now().getTime());
    expect(identity?.user.email).toBe(demoEmail('patient.multi'));
    expect(identity?.locale).toBe('en');
    expect(identity?.timeZone).toBe('Europe/Paris');
    expect(identity?.sessionExpiresIn).toBe(30 * 60);
    expect(headers['x-request-id']).toBe(res.headers['x-request-id']);

    async function identityOf() {
      const [row] = await gw.db.database.db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('superadmin')));
      return { user: (await loadUserSnapshot(gw.db.database.db, row!.id))! };
    }
  });

  it('does not let an unauthenticated call reach the care API', async () => {
    seen = [];
    await request(gw.app.server).get('/api/me').expect(401);
    await request(gw.app.server).post('/api/me/terms-acceptance').expect(401);
    expect(seen).toHaveLength(0);
  });

  it('does not let a state-changing call without token reach the care API', async () => {
    const browser = await login(gw.app, demoEmail('patient.open'));
    seen = [];
    const res = await browser.agent.post('/api/me/terms-acceptance').expect(403);
    expect(res.body.code).toBe('csrf_token_invalid');
    expect(seen).toHaveLength(0);
  });
});

describe('split mode: gateway and care API with different signing keys', () => {
  let db: TestDatabase;
  let care: FastifyInstance;
  let gw: TestGateway;
  beforeAll(async () => {
    db = await createTestDatabase();
    care = await buildCareApi({ config: loadConfig({}, { LOG_LEVEL: 'silent', IDENTITY_SIGNING_KEY: OTHER_KEY }), database: db.database });
    await care.listen({ port: 0, host: '127.0.0.1' });
    gw = await startGateway({ CARE_API_URL: urlOf(care), IDENTITY_SIGNING_KEY: KEY }, { db });
  });
  afterAll(async () => {
    await gw?.close();
    await care?.close();
    await db?.drop();
  });

  it('answers 502 care_api_unavailable, not a 401 that would send the user to log in again', async () => {
    const browser = await login(gw.app, demoEmail('patient.open'));
    const res = await browser.agent.get('/api/me?l=en').expect(502);
    expect(res.body).toEqual({ code: 'care_api_unavailable', message: 'The care service is temporarily unavailable. Try again in a few moments.' });
    expect(res.headers['x-session-expires-in']).toBe(String(30 * 60));
    expect(res.headers['set-cookie']).toBeUndefined();
    const head = await browser.agent.head('/api/me?l=ar').set('x-csrf-token', browser.csrf).expect(502);
    expect(head.headers['x-session-expires-in']).toBe(String(30 * 60));
  });
});

describe('split mode: care API unreachable', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ CARE_API_URL: `http://127.0.0.1:${await closedPort()}`, IDENTITY_SIGNING_KEY: KEY });
  });
  afterAll(async () => { await gw?.close(); });

  it('answers 502 care_api_unavailable with a readable message', async () => {
    const browser = await login(gw.app, demoEmail('patient.open'));
    const res = await browser.agent.get('/api/me?l=en').expect(502);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ code: 'care_api_unavailable', message: 'The care service is temporarily unavailable. Try again in a few moments.' });
    expect(res.headers['x-session-expires-in']).toBe(String(30 * 60));
    const fr = await browser.agent.get('/api/me?l=fr').expect(502);
    expect(fr.body.code).toBe('care_api_unavailable');
    expect(fr.body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|Error/);
  });
});
