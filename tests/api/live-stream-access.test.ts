/**
 * Issue 19, "A live stream that outlives its right to listen": GET /api/events ends at once when
 * its session ends (logout, password change, its row deleted by the purge or by hand, a temporary
 * password issued) or when its user's memberships change (rows changed directly in the database,
 * as the attacker-tester did), and an alert committed after that change is never written to it;
 * the streams of other users stay open. One gateway, then split mode (gateway → care API).
 *
 * "Not delivered" is proven without waiting for a silence: a witness stream (the prescriber's,
 * never touched) receives the alert, and the stream under test must have ended without it. The
 * alert is raised in this process on the app's own database (its pool on PostgreSQL), so the
 * NOTIFY reaches the one LISTEN like any other; another process raising is tested in
 * alerts-live.test.ts. The test clock stands still, so the gateway's session cache never expires
 * here: a reconnection is admitted with the grants the gateway read before the change, the worst
 * case of its 2-s cache.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCareApi } from '../../server/care-app.ts';
import { loadConfig } from '../../server/config.ts';
import { establishmentMembers, serviceMembers, services, sessions, users } from '../../server/db/schema.ts';
import { sha256 } from '../../server/shared/tokens.ts';
import { DEMO_PASSWORD, demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/database.ts';
import { establishmentIdOf, patientFileIdsOf, userIdOf } from '../helpers/demo-data.ts';
import { openStream, raiseHere, urlOf, waitListening, type Stream } from '../helpers/live-stream.ts';

const SLOW = 120_000;

const idHashOf = (browser: Browser) => sha256(browser.sessionCookie.split(';')[0]!.split('=').slice(1).join('='));
const batchIds = (stream: Stream) => stream.events.map((e) => e.batchId);

/** One gateway (or gateway + care API) on its own demo database, with the prescriber's stream as the witness. */
function world(split: boolean) {
  const KEY = 'live-stream-access-signing-key-0123456789abcdef';
  const w = {} as {
    db: TestDatabase; gw: TestGateway; care?: FastifyInstance; listener: FastifyInstance; base: string;
    camille: string; yasmine: string; witness: Stream;
  };

  beforeAll(async () => {
    w.db = await createTestDatabase({ demo: true });
    if (split) {
      const config = loadConfig({}, { LOG_LEVEL: 'silent', IDENTITY_SIGNING_KEY: KEY });
      w.care = await buildCareApi({ config, database: w.db.database, now: () => w.gw.clock.now() });
      await w.care.listen({ port: 0, host: '127.0.0.1' });
      w.gw = await startGateway({ CARE_API_URL: urlOf(w.care), IDENTITY_SIGNING_KEY: KEY }, { db: w.db });
    } else {
      w.gw = await startGateway({}, { db: w.db });
    }
    await w.gw.app.listen({ port: 0, host: '127.0.0.1' });
    w.listener = w.care ?? w.gw.app;
    w.base = urlOf(w.gw.app);
    await waitListening(w.listener);
    w.camille = (await patientFileIdsOf(w.db.database.db, 'patient.open'))[0]!;
    w.yasmine = (await patientFileIdsOf(w.db.database.db, 'patient.multi'))[0]!;
    w.witness = await openStream(w.base, (await login(w.gw.app, demoEmail('prescriber'))).sessionCookie);
    expect(w.witness.status).toBe(200);
  });
  afterAll(async () => {
    w.witness?.close();
    await w.gw?.close();
    await w.care?.close();
    await w.db?.drop();
  });
  return w;
}

/**
 * Raises an alert on a file of Cardiologie (CHU Azur) and answers once the witness has it. Access
 * notices and alerts reach a process on one LISTEN connection in commit order: by then every
 * stream whose right ended before the raise has ended, and got nothing of it.
 */
async function raiseSeen(w: ReturnType<typeof world>, fileId = w.camille): Promise<string> {
  const batchId = await raiseHere(w.db, fileId);
  await w.witness.next((e) => e.batchId === batchId);
  return batchId;
}

/** The stream was receiving Cardiologie's alerts before the change under test. */
async function receiving(w: ReturnType<typeof world>, stream: Stream) {
  expect(stream.status).toBe(200);
  const batchId = await raiseSeen(w);
  await stream.next((e) => e.batchId === batchId);
}

/** The stream ended without the alert raised after the change, and the witness's stream is still open. */
async function endedWithout(w: ReturnType<typeof world>, stream: Stream, batchId: string) {
  await stream.ended;
  expect(batchIds(stream)).not.toContain(batchId);
  expect(w.witness.isEnded).toBe(false);
}

async function removeMembership(db: TestDatabase, local: string, serviceName: string) {
  const userId = await userIdOf(db.database.db, local);
  const [service] = await db.database.db.select({ id: services.id }).from(services).where(eq(services.name, serviceName));
  const removed = await db.database.db.delete(serviceMembers)
    .where(and(eq(serviceMembers.userId, userId), eq(serviceMembers.serviceId, service!.id))).returning();
  expect(removed).toHaveLength(1);
  return removed[0]!;
}

describe('a live stream ends with its right to listen (one gateway)', () => {
  const w = world(false);

  it('logout: the stream ends at once, no later alert is written to it, and it cannot reconnect', async () => {
    const operator = await login(w.gw.app, demoEmail('operator'));
    const stream = await openStream(w.base, operator.sessionCookie);
    await receiving(w, stream);
    await operator.agent.post('/auth/logout').set('x-csrf-token', operator.csrf).expect(204);
    await endedWithout(w, stream, await raiseSeen(w));
    expect((await openStream(w.base, operator.sessionCookie)).status).toBe(401);
  }, SLOW);

  it("password change: the user's other sessions' streams end; another user's stream is untouched", async () => {
    const [other, changing] = [await login(w.gw.app, demoEmail('superadmin')), await login(w.gw.app, demoEmail('superadmin'))];
    const stream = await openStream(w.base, other.sessionCookie);
    await receiving(w, stream);
    const newPassword = 'Live-stream-password-2025';
    await changing.agent.put('/api/me/password').set('x-csrf-token', changing.csrf)
      .send({ currentPassword: DEMO_PASSWORD, newPassword, confirmation: newPassword }).expect(204);
    await endedWithout(w, stream, await raiseSeen(w));
  }, SLOW);

  it('its session row deleted (the purge of expired sessions, or by hand): the stream ends', async () => {
    const operator = await login(w.gw.app, demoEmail('operator'));
    const stream = await openStream(w.base, operator.sessionCookie);
    await receiving(w, stream);
    await w.db.database.db.delete(sessions).where(eq(sessions.idHash, idHashOf(operator)));
    await endedWithout(w, stream, await raiseSeen(w));
  }, SLOW);

  it('a temporary password issued: the stream ends, and a reconnection is refused', async () => {
    const operator = await login(w.gw.app, demoEmail('operator'));
    const stream = await openStream(w.base, operator.sessionCookie);
    await receiving(w, stream);
    const userId = await userIdOf(w.db.database.db, 'operator');
    await w.db.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, userId));
    try {
      await endedWithout(w, stream, await raiseSeen(w));
      // The gateway still remembers the session (its clock stands still): the stream's own check refuses it.
      expect((await openStream(w.base, operator.sessionCookie)).status).toBe(401);
    } finally {
      await w.db.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, userId));
    }
  }, SLOW);

  it("a membership removed in the database: the stream ends, and the reconnection is admitted with the user's current grants", async () => {
    await membershipCase(w);
  }, SLOW);

  it('an establishment-wide membership removed in the database ends the stream too', async () => {
    const operator = await login(w.gw.app, demoEmail('operator'));
    const stream = await openStream(w.base, operator.sessionCookie);
    await receiving(w, stream);
    const azur = await establishmentIdOf(w.db.database.db, 'chu-azur');
    const userId = await userIdOf(w.db.database.db, 'operator');
    const removed = await w.db.database.db.delete(establishmentMembers)
      .where(and(eq(establishmentMembers.userId, userId), eq(establishmentMembers.establishmentId, azur))).returning();
    expect(removed).toHaveLength(1);
    await endedWithout(w, stream, await raiseSeen(w));
    await w.db.database.db.insert(establishmentMembers).values(removed[0]!);
  }, SLOW);

  it.runIf(usingPostgres)('the LISTEN connection lost: the streams it fed end once it is back (notices may have been missed)', async () => {
    const operator = await login(w.gw.app, demoEmail('operator'));
    const stream = await openStream(w.base, operator.sessionCookie);
    await receiving(w, stream);
    await w.db.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'telesuivi-live-alerts' and datname = current_database()`);
    await stream.ended;
    await w.witness.ended;
    await waitListening(w.listener);
    // Opened again, the streams get the alerts raised from now on.
    w.witness = await openStream(w.base, (await login(w.gw.app, demoEmail('prescriber'))).sessionCookie);
    await raiseSeen(w);
  }, SLOW);
});

describe('a live stream ends with its right to listen (split mode: gateway → care API)', () => {
  const w = world(true);

  it('logout through the gateway ends the care API\'s stream at once', async () => {
    const operator = await login(w.gw.app, demoEmail('operator'));
    const stream = await openStream(w.base, operator.sessionCookie);
    await receiving(w, stream);
    await operator.agent.post('/auth/logout').set('x-csrf-token', operator.csrf).expect(204);
    await endedWithout(w, stream, await raiseSeen(w));
  }, SLOW);

  it('a membership removed in the database: the stream ends, and the reconnection (signed with the grants the gateway remembers) gets only what the user may see now', async () => {
    await membershipCase(w);
  }, SLOW);
});

/**
 * pro.two: prescriber in Cardiologie (CHU Azur) and operator at the Tilleuls. Its Cardiologie
 * membership removed, the open stream ends; the stream opened again gets the Tilleuls' alerts but
 * not Cardiologie's (the first event it gets is the Tilleuls' alert raised after Cardiologie's).
 * The membership given back ends that stream too (a grant added), and the next one gets
 * Cardiologie's alerts again.
 */
async function membershipCase(w: ReturnType<typeof world>) {
  const proTwo = await login(w.gw.app, demoEmail('pro.two'));
  const stream = await openStream(w.base, proTwo.sessionCookie);
  await receiving(w, stream);
  const removed = await removeMembership(w.db, 'pro.two', 'Cardiologie');
  await endedWithout(w, stream, await raiseSeen(w));

  const again = await openStream(w.base, proTwo.sessionCookie);
  expect(again.status).toBe(200);
  const cardiologie = await raiseSeen(w);
  const tilleuls = await raiseHere(w.db, w.yasmine);
  expect((await again.next(() => true)).batchId).toBe(tilleuls);
  expect(batchIds(again)).not.toContain(cardiologie);

  await w.db.database.db.insert(serviceMembers).values(removed);
  await again.ended;
  const restored = await openStream(w.base, proTwo.sessionCookie);
  await receiving(w, restored);
  restored.close();
}
