/**
 * Live messages (issue 20 §4): a message sent to a file's conversation is pushed on GET
 * /api/events as `message.created` (ids only) to the professionals of the file's service, as
 * alerts are, AND to the file's patient and caregivers; to no one else. A caregiver removed from
 * the file loses her stream at once (the caregivers access notice, migration 0029), and is
 * admitted again on the files she follows now. Through the real gateway, over a real socket,
 * fed by LISTEN/NOTIFY (PGlite's listen in the embedded mode).
 *
 * "Nothing" is proven without waiting for a silence: a later message on a file the caller does
 * see is the first event her stream gets (NOTIFYs reach a listener in commit order).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caregivers } from '../../server/db/schema.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { patientFileIdsOf, userIdOf } from '../helpers/demo-data.ts';
import { openStream, urlOf, waitListening } from '../helpers/live-stream.ts';
import { newPatientFile } from '../helpers/questionnaires.ts';

const SLOW = 120_000;

describe('live messages through the gateway', () => {
  let gw: TestGateway;
  let base: string;
  const browsers: Record<string, Browser> = {};

  const send = async (who: string, file: string, text: string): Promise<string> => {
    const b = browsers[who]!;
    const res = await b.agent.post(`/api/patient_files/${file}/messages`).set('x-csrf-token', b.csrf).send({ text });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };

  beforeAll(async () => {
    gw = await startGateway();
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    base = urlOf(gw.app);
    await waitListening(gw.app);
    for (const who of ['prescriber', 'operator', 'pro.two', 'admin.establishment', 'patient.open', 'caregiver', 'patient.multi']) {
      browsers[who] = await login(gw.app, demoEmail(who));
    }
  });
  afterAll(async () => { await gw?.close(); });

  it("reaches the file's professionals, its patient and its caregivers, ids only; no one else", async () => {
    const file = await newPatientFile(gw.db.database.db, { caregivers: ['caregiver'] });
    const [yasmine] = await patientFileIdsOf(gw.db.database.db, 'patient.multi');
    const streams = Object.fromEntries(await Promise.all(Object.entries(browsers).map(async ([who, b]) => [who, await openStream(base, b.sessionCookie)] as const)));
    await expect.poll(() => gw.app.liveAlerts.subscribers).toBeGreaterThanOrEqual(7);

    const messageId = await send('patient.open', file, 'Bonjour');
    for (const who of ['prescriber', 'operator', 'pro.two', 'patient.open', 'caregiver']) {
      const seen = await streams[who]!.nextMessage((e) => e.messageId === messageId);
      expect(seen, who).toEqual({ type: 'message.created', messageId, patientFileId: file, serviceId: expect.any(String) });
    }
    // Yasmine (Tilleuls) hears her own file's conversation first, not Camille's; the Tilleuls' admin opens no file.
    const marker = await send('patient.multi', yasmine!, 'Bonsoir');
    const first = await streams['patient.multi']!.nextMessage(() => true);
    expect(first.messageId).toBe(marker);
    await streams['pro.two']!.nextMessage((e) => e.messageId === marker);
    expect(streams.prescriber!.messages.map((e) => e.messageId)).not.toContain(marker);
    expect(streams['admin.establishment']!.messages).toEqual([]);
    // The alerts stay the team's: the patient side got message events only.
    expect(streams['patient.open']!.events).toEqual([]);
    for (const s of Object.values(streams)) s.close();
  }, SLOW);

  it("tells each recipient's own streams of her new notification (notification.created, ids only), and no one else's", async () => {
    const db = gw.db.database.db;
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const who = ['patient.open', 'caregiver', 'prescriber', 'patient.multi'] as const;
    const streams = Object.fromEntries(await Promise.all(who.map(async (w) => [w, await openStream(base, browsers[w]!.sessionCookie)] as const)));
    await expect.poll(() => gw.app.liveAlerts.subscribers).toBeGreaterThanOrEqual(4);
    const notified = (w: string) => [...streams[w]!.text().matchAll(/event: notification\.created\ndata: (.*)/g)].map((m) => JSON.parse(m[1]!) as { recipientId: string });

    // The team's answer tells the patient's side (server/notifications/events.ts), not its author.
    const messageId = await send('prescriber', file, 'Pesez-vous demain matin.');
    for (const w of ['patient.open', 'caregiver'] as const) {
      const me = await userIdOf(db, w);
      await expect.poll(() => notified(w), { timeout: 20_000 }).toContainEqual({ type: 'notification.created', recipientId: me, notificationId: expect.any(String) });
      expect(notified(w).every((e) => e.recipientId === me), w).toBe(true);
    }
    await streams['patient.open']!.nextMessage((e) => e.messageId === messageId);
    expect(notified('prescriber')).toEqual([]);
    expect(notified('patient.multi')).toEqual([]);
    for (const s of Object.values(streams)) s.close();
  }, SLOW);

  it('a caregiver removed from the file loses her stream at once; admitted again, she hears it no more', async () => {
    const db = gw.db.database.db;
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const stream = await openStream(base, browsers.caregiver!.sessionCookie);
    await expect.poll(() => gw.app.liveAlerts.subscribers).toBeGreaterThanOrEqual(1);
    const before = await send('patient.open', file, 'Avant');
    await stream.nextMessage((e) => e.messageId === before);
    await db.delete(caregivers).where(and(eq(caregivers.patientFileId, file), eq(caregivers.userId, await userIdOf(db, 'caregiver'))));
    await stream.ended;
    const again = await openStream(base, browsers.caregiver!.sessionCookie);
    expect(again.status).toBe(200);
    // Camille's first file, which Paul still follows, is the marker.
    const [followed] = await patientFileIdsOf(db, 'patient.open');
    await expect.poll(() => gw.app.liveAlerts.subscribers).toBeGreaterThanOrEqual(1);
    const after = await send('patient.open', file, 'Après');
    const marker = await send('patient.open', followed!, 'Toujours suivie');
    const first = await again.nextMessage(() => true);
    expect(first.messageId).toBe(marker);
    expect(again.messages.map((e) => e.messageId)).not.toContain(after);
    again.close();
  }, SLOW);
});
