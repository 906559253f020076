/**
 * Notifications (issue 20 §5): notify() in the transaction of the event, the in-app list and its
 * read marks, preferences per type × channel, and the deliveries the job queue sends — e-mail to
 * an SMTP server started here (the mail catcher of server/notifications/mail-catcher.ts, an
 * smtp-server), web push to a push endpoint served here over http — with their record (attempts,
 * sent or failed, last error), retried when the SMTP server refuses. Runs on PGlite and PostgreSQL.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formOccurrences, interventionLevels, notificationDeliveries, notifications, patientFileForms, patientFiles, personInterventionLevels, services, users,
} from '../../server/db/schema.ts';
import { raiseAlerts } from '../../server/care/alerts/raise.ts';
import Fastify from 'fastify';
import { devMailRoutes, startMailCatcher, type MailCatcher } from '../../server/notifications/mail-catcher.ts';
import { demoCallers, demoEmail, startGateway, type TestGateway } from '../helpers/app.ts';
import { userIdOf } from '../helpers/demo-data.ts';
import { formIdOf, newPatientFile } from '../helpers/questionnaires.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
let mail: MailCatcher;

const { call } = demoCallers(() => gw);

/** Waits for a condition, polling; fails with what it last saw after `ms`. */
async function until<T>(what: string, read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: T;
  do {
    last = await read();
    if (ok(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  } while (Date.now() < deadline);
  throw new Error(`waited for ${what}; last saw ${JSON.stringify(last)}`);
}

const mailsTo = (local: string) => mail.messages.filter((m) => m.to.includes(demoEmail(local)));
const link = (title: string, extra: object = {}) => ({ title, type: 'INFORMATION_DOCUMENT', externalUrl: 'https://example.org/video', ...extra });

async function addDocument(local: string, fileId: string, body: object): Promise<string> {
  const res = await call(local, 'post', `/api/patient_files/${fileId}/documents`, body);
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function deliveriesOf(documentId: string) {
  return db.select({ delivery: notificationDeliveries, recipientId: notifications.recipientId }).from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(sql`${notifications.subject}->>'documentId' = ${documentId}`);
}

async function notificationsOf(local: string, documentId: string) {
  return db.select().from(notifications)
    .where(and(eq(notifications.recipientId, await userIdOf(db, local)), sql`${notifications.subject}->>'documentId' = ${documentId}`));
}

beforeAll(async () => {
  mail = await startMailCatcher();
  gw = await startGateway({ SMTP_URL: mail.url }, { jobs: { pollingIntervalSeconds: 0.5, notificationRetry: { delaySeconds: 1, backoff: false } } });
  db = gw.db.database.db;
  // The prescriber reads English: her e-mails are in English whatever the sender's language.
  await db.update(users).set({ language: 'en' }).where(eq(users.id, await userIdOf(db, 'prescriber')));
});
afterAll(async () => {
  await gw?.close();
  await mail?.close();
});

describe('a document added by the patient', () => {
  it("tells the file's professionals in the bell and by e-mail, in their language, with no patient data", async () => {
    const file = await newPatientFile(db);
    const title = `Bilan sanguin ${randomBytes(3).toString('hex')}`;
    const documentId = await addDocument('patient.open', file, link(title));

    const list = await call('prescriber', 'get', '/api/me/notifications?pageSize=5');
    expect(list.status, list.text).toBe(200);
    expect(list.body.unreadCount).toBeGreaterThan(0);
    expect(list.body.data[0]).toMatchObject({ type: 'NEW_DOCUMENT', patientFileId: file, subject: { documentId }, readAt: null });
    // The author is not told about her own document.
    expect(await notificationsOf('patient.open', documentId)).toHaveLength(0);

    await until('every delivery sent', () => deliveriesOf(documentId), (d) => d.length > 0 && d.every((x) => x.delivery.state === 'sent'));
    const message = mailsTo('prescriber').at(-1);
    expect(message!.subject).toBe('New document');
    expect(message!.text).toContain('A new document was added to a file you follow.');
    expect(message!.text).toContain(`${gw.config.publicUrl.origin}/auth/login`);
    // Neither the patient's names nor the document's title: the e-mail only says there is something to see.
    for (const secret of ['Camille', 'Martin', title]) {
      expect(message!.text).not.toContain(secret);
      expect(message!.html).not.toContain(secret);
      expect(message!.subject).not.toContain(secret);
    }
    const prescriberId = await userIdOf(db, 'prescriber');
    const [delivery] = (await deliveriesOf(documentId)).filter((d) => d.recipientId === prescriberId);
    expect(delivery!.delivery).toMatchObject({ channel: 'EMAIL', state: 'sent', attempts: 1 });
    expect(delivery!.delivery.sentAt).toBeInstanceOf(Date);
  });

  it('a French reader gets it in French, an Arabic reader in Arabic', async () => {
    await db.update(users).set({ language: 'ar' }).where(eq(users.id, await userIdOf(db, 'superadmin')));
    await db.update(users).set({ language: 'fr' }).where(eq(users.id, await userIdOf(db, 'operator')));
    const file = await newPatientFile(db);
    const documentId = await addDocument('patient.open', file, link('Ordonnance'));
    await until('the deliveries sent', () => deliveriesOf(documentId), (d) => d.length > 0 && d.every((x) => x.delivery.state === 'sent'));
    expect(mailsTo('superadmin').at(-1)!.subject).toBe('وثيقة جديدة');
    expect(mailsTo('operator').at(-1)!.subject).toBe('Nouveau document');
    expect(mailsTo('operator').at(-1)!.text).toContain('Connectez-vous pour le voir');
  });
});

describe('preferences', () => {
  it('answers every type × channel with the defaults, and sets the listed ones', async () => {
    const res = await call('operator', 'get', '/api/me/notification-preferences');
    expect(res.status, res.text).toBe(200);
    expect(res.body.preferences).toHaveLength(8 * 3);
    expect(res.body.preferences).toContainEqual({ type: 'NEW_DOCUMENT', channel: 'IN_APP', enabled: true, isDefault: true });
    expect(res.body.preferences).toContainEqual({ type: 'DOCUMENT_ACKNOWLEDGED', channel: 'EMAIL', enabled: false, isDefault: true });
    expect(res.body.preferences).toContainEqual({ type: 'ALERT', channel: 'PUSH', enabled: false, isDefault: true });
    const put = await call('operator', 'put', '/api/me/notification-preferences', { preferences: [{ type: 'RELEASE_NOTES', channel: 'EMAIL', enabled: true }] });
    expect(put.status, put.text).toBe(200);
    expect(put.body.preferences).toContainEqual({ type: 'RELEASE_NOTES', channel: 'EMAIL', enabled: true, isDefault: false });
  });

  it('refuses an unknown type or channel with its own code, and changes nothing', async () => {
    const type = await call('operator', 'put', '/api/me/notification-preferences?l=en', {
      preferences: [{ type: 'ALERT', channel: 'EMAIL', enabled: false }, { type: 'GOSSIP', channel: 'EMAIL', enabled: true }],
    });
    expect(type.status).toBe(400);
    expect(type.body).toMatchObject({ code: 'notification_type_unknown', field: 'body.preferences.1.type', message: 'This notification type does not exist.' });
    const channel = await call('operator', 'put', '/api/me/notification-preferences', { preferences: [{ type: 'ALERT', channel: 'SMS', enabled: true }] });
    expect(channel.status).toBe(400);
    expect(channel.body).toMatchObject({ code: 'notification_channel_unknown', field: 'body.preferences.0.channel' });
    const after = await call('operator', 'get', '/api/me/notification-preferences');
    expect(after.body.preferences).toContainEqual({ type: 'ALERT', channel: 'EMAIL', enabled: true, isDefault: true });
  });

  it('e-mail off for a type: the bell still tells, no e-mail is queued nor sent', async () => {
    const put = await call('prescriber', 'put', '/api/me/notification-preferences', { preferences: [{ type: 'NEW_DOCUMENT', channel: 'EMAIL', enabled: false }] });
    expect(put.status, put.text).toBe(200);
    const before = mailsTo('prescriber').length;
    const file = await newPatientFile(db);
    const documentId = await addDocument('patient.open', file, link('Radio du thorax'));
    const prescriberId = await userIdOf(db, 'prescriber');
    // The operator's e-mail went out: had the prescriber's been queued, it would have gone with it.
    const deliveries = await until('the others sent', () => deliveriesOf(documentId), (d) => d.length > 0 && d.every((x) => x.delivery.state === 'sent'));
    expect(deliveries.filter((d) => d.recipientId === prescriberId)).toHaveLength(0);
    expect(mailsTo('prescriber')).toHaveLength(before);
    expect(await notificationsOf('prescriber', documentId)).toHaveLength(1);
    await call('prescriber', 'put', '/api/me/notification-preferences', { preferences: [{ type: 'NEW_DOCUMENT', channel: 'EMAIL', enabled: true }] });
  });

  it('in-app off for a type: nothing in the bell, the e-mail still goes', async () => {
    await call('operator', 'put', '/api/me/notification-preferences', { preferences: [{ type: 'NEW_DOCUMENT', channel: 'IN_APP', enabled: false }] });
    const file = await newPatientFile(db);
    const documentId = await addDocument('patient.open', file, link('Échographie'));
    await until('the deliveries sent', () => deliveriesOf(documentId), (d) => d.length > 0 && d.every((x) => x.delivery.state === 'sent'));
    const list = await call('operator', 'get', '/api/me/notifications?pageSize=50');
    expect(list.body.data.filter((n: { subject: { documentId?: string } }) => n.subject.documentId === documentId)).toHaveLength(0);
    expect(mailsTo('operator').length).toBeGreaterThan(0);
    await call('operator', 'put', '/api/me/notification-preferences', { preferences: [{ type: 'NEW_DOCUMENT', channel: 'IN_APP', enabled: true }] });
  });
});

describe('deliveries', () => {
  it('the SMTP server refusing: recorded failed, retried by the queue, then sent, once', async () => {
    const file = await newPatientFile(db);
    const mailsBefore = mail.messages.length;
    mail.refuseNext(1);
    const documentId = await addDocument('patient.open', file, link('Compte rendu opératoire'));
    const failed = await until('a failed attempt recorded', () => deliveriesOf(documentId), (d) => d.some((x) => x.delivery.state === 'failed'));
    const retried = failed.find((x) => x.delivery.state === 'failed')!.delivery;
    expect(retried.attempts).toBe(1);
    expect(retried.lastError).toMatch(/451/);
    const done = await until('every delivery sent', () => deliveriesOf(documentId), (d) => d.every((x) => x.delivery.state === 'sent'));
    const again = done.find((x) => x.delivery.id === retried.id)!.delivery;
    expect(again).toMatchObject({ state: 'sent', attempts: 2 });
    expect(again.lastError).toMatch(/451/);
    // One e-mail per delivery: the refused one was not received, its retry once.
    expect(mail.messages.length - mailsBefore).toBe(done.filter((x) => x.delivery.channel === 'EMAIL').length);
    expect(done.every((x) => x.delivery.attempts <= 2)).toBe(true);
  });

  it('web push: sent to the subscribed endpoint with VAPID and an encrypted body; a gone subscription is forgotten', async () => {
    const received: { headers: IncomingHttpHeaders; body: Buffer; path: string }[] = [];
    let answer = 201;
    const push: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks), path: req.url ?? '' });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((r) => push.listen(0, '127.0.0.1', () => r()));
    try {
      const endpoint = `http://127.0.0.1:${(push.address() as AddressInfo).port}/push/${randomBytes(8).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };

      const key = await call('operator', 'get', '/api/me/push-subscriptions/public-key');
      expect(key.status, key.text).toBe(200);
      const sub = await call('operator', 'post', '/api/me/push-subscriptions', { endpoint, keys });
      expect(sub.status, sub.text).toBe(201);
      // The same browser again: stored once.
      expect((await call('operator', 'post', '/api/me/push-subscriptions', { endpoint, keys })).status).toBe(201);
      const prefs = await call('operator', 'get', '/api/me/notification-preferences');
      expect(prefs.body.hasPushSubscription).toBe(true);
      expect(prefs.body.preferences).toContainEqual({ type: 'NEW_DOCUMENT', channel: 'PUSH', enabled: true, isDefault: true });

      const file = await newPatientFile(db);
      const documentId = await addDocument('patient.open', file, link('Scanner'));
      await until('the push request', async () => ({ received: received.length, deliveries: await deliveriesOf(documentId) }), (r) => r.received > 0);
      expect(received).toHaveLength(1);
      const [request] = received;
      expect(request!.path).toBe(new URL(endpoint).pathname);
      expect(request!.headers['content-encoding']).toBe('aes128gcm');
      expect(request!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key.body.publicKey}$`));
      expect(request!.body.length).toBeGreaterThan(0);
      expect(request!.body.toString('utf8')).not.toContain('document');
      const operatorId = await userIdOf(db, 'operator');
      await until('the push delivery sent', () => deliveriesOf(documentId),
        (d) => d.some((x) => x.recipientId === operatorId && x.delivery.channel === 'PUSH' && x.delivery.state === 'sent'));

      // The push service says the subscription is gone: it is forgotten, and the delivery failed for good.
      answer = 410;
      const second = await addDocument('patient.open', file, link('Scanner 2'));
      const gone = await until('the push delivery failed', () => deliveriesOf(second),
        (d) => d.some((x) => x.recipientId === operatorId && x.delivery.channel === 'PUSH' && x.delivery.state === 'failed'));
      expect(gone.find((x) => x.delivery.channel === 'PUSH')!.delivery.attempts).toBe(1);
      const after = await call('operator', 'get', '/api/me/notification-preferences');
      expect(after.body.hasPushSubscription).toBe(false);
    } finally {
      await new Promise((r) => push.close(r));
    }
  });

  it('refuses a push endpoint that is not a push service address', async () => {
    const res = await call('operator', 'post', '/api/me/push-subscriptions', { endpoint: 'ftp://example.org/x', keys: { p256dh: 'a', auth: 'b' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('push_endpoint_invalid');
    expect((await call('operator', 'delete', '/api/me/push-subscriptions', { endpoint: 'https://push.example.org/unknown' })).status).toBe(204);
  });
});

describe('the list and read marks', () => {
  it('marks one read, then all; another user\'s notification is not found', async () => {
    const file = await newPatientFile(db);
    await addDocument('patient.open', file, link('Premier'));
    await addDocument('patient.open', file, link('Second'));
    const list = await call('prescriber', 'get', '/api/me/notifications?unread=true&pageSize=50');
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);
    // Newest first.
    const dates = list.body.data.map((n: { createdAt: string }) => n.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = list.body.data[0];
    const read = await call('prescriber', 'put', `/api/me/notifications/${first.id}/read`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.readAt).not.toBeNull();
    const count = await call('prescriber', 'get', '/api/me/notifications/unread-count');
    expect(count.body.unreadCount).toBe(list.body.unreadCount - 1);
    expect((await call('operator', 'put', `/api/me/notifications/${first.id}/read`)).status).toBe(404);
    const all = await call('prescriber', 'put', '/api/me/notifications/read');
    expect(all.body.marked).toBe(list.body.unreadCount - 1);
    expect((await call('prescriber', 'get', '/api/me/notifications/unread-count')).body.unreadCount).toBe(0);
  });
});

describe('other events', () => {
  it('a document acknowledged: the patient who added it is told', async () => {
    const file = await newPatientFile(db);
    const documentId = await addDocument('patient.open', file, link('Carnet de tension'));
    const ack = await call('prescriber', 'post', `/api/documents/${documentId}/acquit`);
    expect(ack.status, ack.text).toBe(200);
    const [row] = (await notificationsOf('patient.open', documentId)).filter((n) => n.type === 'DOCUMENT_ACKNOWLEDGED');
    expect(row).toMatchObject({ type: 'DOCUMENT_ACKNOWLEDGED', patientFileId: file });
  });

  it("a professional's document visible to the patient and caregivers tells them, not a hidden one", async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const shared = await addDocument('prescriber', file, link('Consignes', { visibleToPatient: true, visibleToCaregivers: true }));
    expect(await notificationsOf('patient.open', shared)).toHaveLength(1);
    expect(await notificationsOf('caregiver', shared)).toHaveLength(1);
    const hidden = await addDocument('prescriber', file, link('Note interne', { visibleToPatient: false, visibleToCaregivers: false }));
    expect(await notificationsOf('patient.open', hidden)).toHaveLength(0);
    expect(await notificationsOf('caregiver', hidden)).toHaveLength(0);
  });

  it("a message: the patient's side is told of the team's, the team of the patient's side's, no one of their own", async () => {
    const file = await newPatientFile(db, { caregivers: ['caregiver'] });
    const send = async (local: string, text: string) => {
      const res = await call(local, 'post', `/api/patient_files/${file}/messages`, { text });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const told = async (local: string, messageId: string) => (await db.select().from(notifications)
      .where(and(eq(notifications.recipientId, await userIdOf(db, local)), sql`${notifications.subject}->>'messageId' = ${messageId}`)))
      .map((n) => ({ type: n.type, patientFileId: n.patientFileId }));
    const asked = await send('patient.open', 'Mes chevilles ont gonflé depuis hier soir.');
    expect(await told('prescriber', asked)).toEqual([{ type: 'NEW_MESSAGE', patientFileId: file }]);
    expect(await told('caregiver', asked)).toEqual([{ type: 'NEW_MESSAGE', patientFileId: file }]);
    expect(await told('patient.open', asked)).toEqual([]);
    const answered = await send('prescriber', 'Pesez-vous ce matin et envoyez-moi le poids.');
    expect(await told('patient.open', answered)).toEqual([{ type: 'NEW_MESSAGE', patientFileId: file }]);
    expect(await told('caregiver', answered)).toEqual([{ type: 'NEW_MESSAGE', patientFileId: file }]);
    expect(await told('prescriber', answered)).toEqual([]);
    expect(await told('superadmin', answered)).toEqual([]);
    // The e-mail says there is a message, never what it says.
    const mailed = await until('the patient\'s e-mail', () => mailsTo('patient.open'), (m) => m.some((x) => /message/i.test(x.subject)));
    for (const x of mailed) expect(x.text).not.toContain('Pesez-vous');
  });

  it('an alert: those called at its level in the service are told, not the others', async () => {
    const file = await newPatientFile(db);
    const [{ serviceId, establishmentId }] = await db.select({ serviceId: patientFiles.serviceId, establishmentId: services.establishmentId })
      .from(patientFiles).innerJoin(services, eq(services.id, patientFiles.serviceId)).where(eq(patientFiles.id, file)) as [{ serviceId: string; establishmentId: string }];
    const [level] = await db.select({ id: interventionLevels.id }).from(interventionLevels).where(eq(interventionLevels.establishmentId, establishmentId)).limit(1);
    const prescriberId = await userIdOf(db, 'prescriber');
    await db.insert(personInterventionLevels).values({ personId: prescriberId, levelId: level!.id, serviceId }).onConflictDoNothing();
    const batch = await db.transaction((tx) => raiseAlerts(tx, { id: file, serviceId }, { source: 'MEASURES' }, [{ kind: 'THRESHOLD', levelId: level!.id, crossing: {} }], new Date()));
    const rows = await db.select().from(notifications).where(and(eq(notifications.type, 'ALERT'), sql`${notifications.subject}->>'alertBatchId' = ${batch!.batchId}`));
    expect(rows.map((r) => r.recipientId)).toContain(prescriberId);
    const calledIds = (await db.select({ id: personInterventionLevels.personId }).from(personInterventionLevels)
      .where(and(eq(personInterventionLevels.serviceId, serviceId), eq(personInterventionLevels.levelId, level!.id)))).map((r) => r.id);
    expect(rows.every((r) => calledIds.includes(r.recipientId))).toBe(true);
    expect(rows.map((r) => r.recipientId)).not.toContain(await userIdOf(db, 'patient.open'));
    // No level: no one is called.
    const none = await db.transaction((tx) => raiseAlerts(tx, { id: file, serviceId }, { source: 'MEASURES' }, [{ kind: 'THRESHOLD', crossing: {} }], new Date()));
    expect(await db.select().from(notifications).where(sql`${notifications.subject}->>'alertBatchId' = ${none!.batchId}`)).toHaveLength(0);
  });
});

describe('a questionnaire late', () => {
  it('its non-compliance alert tells the patient, about the occurrence', async () => {
    // An occurrence of a planned questionnaire, made as the questionnaire screens make them.
    const file = await newPatientFile(db);
    const [serviceRow] = await db.select({ serviceId: patientFiles.serviceId }).from(patientFiles).where(eq(patientFiles.id, file));
    const formId = await formIdOf(db, 'chu-azur', 'HF-DAILY');
    const at = new Date();
    const [assignment] = await db.insert(patientFileForms).values({ patientFileId: file, formId, assignedAt: at }).returning({ id: patientFileForms.id });
    const [occurrence] = await db.insert(formOccurrences).values({ patientFileFormId: assignment!.id, startAt: at, endAt: at, limitAt: at }).returning({ id: formOccurrences.id });
    await db.transaction((tx) => raiseAlerts(tx, { id: file, serviceId: serviceRow!.serviceId }, { source: 'NON_COMPLIANCE' },
      [{ kind: 'NON_COMPLIANCE_FORM', patientFileFormId: assignment!.id, occurrenceId: occurrence!.id, crossing: {} }], at));
    const rows = await db.select().from(notifications).where(and(eq(notifications.type, 'QUESTIONNAIRE_LATE'), sql`${notifications.subject}->>'occurrenceId' = ${occurrence!.id}`));
    expect(rows.map((r) => r.recipientId)).toEqual([await userIdOf(db, 'patient.open')]);
    expect(rows[0]!.patientFileId).toBe(file);
  });
});

describe('the mail catcher of npm start', () => {
  it('lists what it received at /dev/mail, newest first, escaped', async () => {
    const app = Fastify();
    devMailRoutes(app, mail);
    try {
      const before = mail.messages.length;
      expect(before).toBeGreaterThan(0);
      const page = await app.inject({ method: 'GET', url: '/dev/mail' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(`${before} message(s)`);
      expect(page.body).toContain(mail.messages.at(-1)!.subject);
      const json = await app.inject({ method: 'GET', url: '/dev/mail/messages.json' });
      expect(json.json()[0].subject).toBe(mail.messages.at(-1)!.subject);
    } finally {
      await app.close();
    }
  });
});
