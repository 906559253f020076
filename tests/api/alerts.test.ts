/**
 * Alerts (issue 11 §4, spec 000 §4): the establishment's list (scope per service, each filter and
 * sort, days in the caller's time zone across a daylight-saving change), the context of an alert
 * batch, and a professional's changes — a status (one that closes alerts closes it), a comment, a
 * close — each with its history entry, a double close 409, a closed file's alerts read-only, a
 * status of another establishment 404 on its field. Alerts are raised through the real measures
 * route (POST /patient_files/:id/indicators/data), and through raiseAlerts for instants in the past.
 * Runs on PGlite and on PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertComments, alerts, alertStatuses, indicators, interventionLevels, patientFileHistory, patientFiles, services } from '../../server/db/schema.ts';
import { raiseAlerts } from '../../server/care/alerts/raise.ts';
import { ALERTS_COUNTED } from '../../server/care/alerts/list.ts';
import type { AlertBatchContext, AlertPage, AlertRow } from '../../schemas/alerts.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
let azur: string;
let tilleuls: string;
const browsers = new Map<string, Browser>();

async function as(local: string): Promise<Browser> {
  let b = browsers.get(local);
  if (!b) { b = await login(gw.app, demoEmail(local)); browsers.set(local, b); }
  return b;
}

type Method = 'get' | 'post' | 'put';
async function call(local: string, method: Method, path: string, body?: object, timeZone = 'Europe/Paris') {
  const b = await as(local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf).set('x-timezone', timeZone);
  return body === undefined ? req : req.send(body);
}

async function serviceId(establishment: string, name: string) {
  const [s] = await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, establishment), eq(services.name, name)));
  return s!.id;
}

/** A new open file of a demo patient in a service of CHU Azur, followed since a month (values of the past days are accepted). */
async function newFile(service: string, patient = 'patient.open') {
  const startDate = new Date(gw.clock.now().getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const [file] = await db.insert(patientFiles).values({
    patientId: await userIdOf(db, patient), serviceId: await serviceId(azur, service), status: 'OPEN', startDate,
  }).returning();
  return file!;
}

async function indicatorId(establishment: string, reference: string) {
  const [row] = await db.select({ id: indicators.id }).from(indicators).where(and(eq(indicators.establishmentId, establishment), eq(indicators.reference, reference)));
  return row!.id;
}

/** Measures posted through the real route by a professional of the file; answers the batch raised. */
async function measure(fileId: string, values: { reference: string; value: number; unit?: string }[]) {
  const data = await Promise.all(values.map(async (v) => ({ indicatorId: await indicatorId(azur, v.reference), value: v.value, ...(v.unit ? { unit: v.unit } : {}) })));
  const res = await call('operator', 'post', `/api/patient_files/${fileId}/indicators/data`, { data });
  expect(res.status, res.text).toBe(201);
  return res.body as { batchId?: string; alerts: { id: string }[] };
}

const list = async (local: string, query: string, establishment = azur) =>
  call(local, 'get', `/api/establishments/${establishment}/alerts${query && `?${query}`}`);
async function listed(local: string, query: string): Promise<AlertPage> {
  const res = await list(local, query);
  expect(res.status, res.text).toBe(200);
  return res.body as AlertPage;
}

async function statusId(establishment: string, fr: string) {
  const rows = await db.select({ id: alertStatuses.id, name: alertStatuses.name }).from(alertStatuses).where(eq(alertStatuses.establishmentId, establishment));
  return rows.find((r) => (r.name as { fr: string }).fr === fr)!.id;
}

const historyOf = (fileId: string) => db.select().from(patientFileHistory).where(eq(patientFileHistory.patientFileId, fileId));

beforeAll(async () => {
  gw = await startGateway();
  db = gw.db.database.db;
  azur = await establishmentIdOf(db, 'chu-azur');
  tilleuls = await establishmentIdOf(db, 'clinique-des-tilleuls');
  // Starting a gateway takes minutes when the machine is loaded.
}, 600_000);
afterAll(async () => { await gw?.close(); });

describe('the list', () => {
  it('shows a raised alert with its level, indicator, value, threshold, patient and service', async () => {
    const file = await newFile('Cardiologie');
    const raised = await measure(file.id, [{ reference: 'systolic', value: 185 }]);
    expect(raised.batchId).toBeDefined();
    const page = await listed('prescriber', `patientFileId=${file.id}`);
    expect(page.totalItems).toBe(1);
    const [row] = page.data as [AlertRow];
    expect(row).toMatchObject({
      batchId: raised.batchId, kind: 'THRESHOLD', status: 'PENDING', operator: '>=', threshold: 180,
      level: { name: { fr: 'Urgence' }, rank: 1, colour: 'red' },
      indicator: { reference: 'systolic', name: { fr: 'Pression artérielle systolique' } },
      measure: { value: 185, enteredValue: 185 },
      patient: { firstName: 'Camille', lastName: 'Martin', birthDate: '1958-04-17' },
      patientFileId: file.id, service: { name: 'Cardiologie' }, alertStatus: null, systemStatus: null, closedAt: null, closedBy: null,
    });
    expect(row.indicator!.unitSymbol).not.toBe('');
  });

  it('keeps to the services the caller opens: a one-service prescriber never sees another service; another establishment and a patient are told 404', async () => {
    const cardio = await newFile('Cardiologie');
    const surgery = await newFile('Chirurgie orthopédique');
    await measure(cardio.id, [{ reference: 'systolic', value: 190 }]);
    await measure(surgery.id, [{ reference: 'systolic', value: 190 }]);
    const surgeryId = await serviceId(azur, 'Chirurgie orthopédique');

    const prescriber = await listed('prescriber', 'pageSize=50');
    expect(prescriber.data.some((a) => a.patientFileId === cardio.id)).toBe(true);
    expect(prescriber.data.every((a) => a.service.id !== surgeryId)).toBe(true);
    const notOpened = await list('prescriber', `patientFileId=${surgery.id}`);
    expect(notOpened.status).toBe(404);
    expect(notOpened.body.field).toBe('querystring.patientFileId');
    // Asking for that service by name gives nothing either (it exists, but is not opened).
    expect((await listed('prescriber', `serviceIds=${surgeryId}`)).totalItems).toBe(0);
    // The operator holds the establishment: both.
    expect((await listed('operator', `patientFileId=${surgery.id}`)).totalItems).toBe(1);

    expect((await list('prescriber', '', tilleuls)).status).toBe(404);
    expect((await list('patient.open', '')).status).toBe(404);
    expect((await list('admin', '')).status).toBe(404);
    const unknown = await list('operator', `serviceIds=${await serviceId(tilleuls, 'Pneumologie')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.field).toBe('querystring.serviceIds.0');
  });

  it('filters by status, level, kind, service and patient name (any case, no accents), and sorts by time, level and name', async () => {
    const camille = await newFile('Cardiologie', 'patient.open');
    const omar = await newFile('Cardiologie', 'new.consent');
    await measure(camille.id, [{ reference: 'systolic', value: 165 }]); // watch (rank 2)
    gw.clock.advance(1000);
    await measure(omar.id, [{ reference: 'systolic', value: 200 }]); // urgent (rank 1)
    gw.clock.advance(1000);
    await measure(camille.id, [{ reference: 'heart_rate', value: 140 }]); // urgent
    const both = `patientFileId=${camille.id}`;

    const newest = await listed('operator', both);
    expect(newest.data.map((a) => a.indicator!.reference)).toEqual(['heart_rate', 'systolic']);
    const oldest = await listed('operator', `${both}&sort=raisedAt`);
    expect(oldest.data.map((a) => a.indicator!.reference)).toEqual(['systolic', 'heart_rate']);
    const byLevel = await listed('operator', `${both}&sort=level`);
    expect(byLevel.data.map((a) => a.level!.rank)).toEqual([1, 2]);

    const [urgent] = await db.select({ id: interventionLevels.id }).from(interventionLevels)
      .where(and(eq(interventionLevels.establishmentId, azur), eq(interventionLevels.rank, 1)));
    const urgentOnly = await listed('operator', `${both}&levelIds=${urgent!.id}`);
    expect(urgentOnly.data.map((a) => a.indicator!.reference)).toEqual(['heart_rate']);
    expect((await listed('operator', `${both}&kinds=THRESHOLD`)).totalItems).toBe(2);
    expect((await listed('operator', `${both}&kinds=NON_COMPLIANCE_INDICATOR&kinds=NON_COMPLIANCE_FORM`)).totalItems).toBe(0);
    expect((await listed('operator', `${both}&status=CLOSED`)).totalItems).toBe(0);
    expect((await listed('operator', `${both}&status=PENDING`)).totalItems).toBe(2);
    expect((await listed('operator', `${both}&serviceIds=${await serviceId(azur, 'Cardiologie')}`)).totalItems).toBe(2);

    const faure = await listed('operator', `patient=${encodeURIComponent('FAURÉ omar')}&pageSize=50`);
    expect(faure.data.length).toBeGreaterThan(0);
    expect(faure.data.every((a) => a.patient.lastName === 'Faure')).toBe(true);
    expect(faure.data.some((a) => a.patientFileId === omar.id)).toBe(true);

    const byName = await listed('operator', 'sort=patientName&pageSize=50');
    const names = byName.data.map((a) => `${a.patient.lastName} ${a.patient.firstName}`.toLowerCase());
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'fr')));

    const badLevel = await list('operator', `levelIds=${(await db.select({ id: interventionLevels.id }).from(interventionLevels).where(eq(interventionLevels.establishmentId, tilleuls)))[0]!.id}`);
    expect(badLevel.status).toBe(404);
    expect(badLevel.body.field).toBe('querystring.levelIds.0');
    const badSort = await list('operator', 'sort=colour');
    expect(badSort.status).toBe(400);
  });

  it('pages newest first without repeating or skipping an alert', async () => {
    const file = await newFile('Cardiologie');
    for (let i = 0; i < 7; i += 1) {
      await measure(file.id, [{ reference: 'systolic', value: 181 + i }]);
      gw.clock.advance(1000);
    }
    const pages = await Promise.all([1, 2, 3].map((page) => listed('operator', `patientFileId=${file.id}&pageSize=3&page=${page}`)));
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 1]);
    expect(pages[0]!.totalItems).toBe(7);
    const values = pages.flatMap((p) => p.data.map((a) => a.measure!.value));
    expect(values).toEqual([187, 186, 185, 184, 183, 182, 181]);
  });

  it('counts up to ALERTS_COUNTED and then says "more than", counting further as the pages go', async () => {
    const file = await newFile('Cardiologie');
    const raise = (n: number) => db.transaction((tx) => raiseAlerts(tx, file, { source: 'MEASURES' },
      Array.from({ length: n }, (_, i) => ({ kind: 'THRESHOLD' as const, crossing: { note: `${i}` } })), new Date()));
    await raise(ALERTS_COUNTED);
    const exact = await listed('operator', `patientFileId=${file.id}&pageSize=20`);
    expect([exact.totalItems, exact.totalCapped]).toEqual([ALERTS_COUNTED, undefined]);
    await raise(5);
    const first = await listed('operator', `patientFileId=${file.id}&pageSize=20`);
    expect([first.totalItems, first.totalCapped, first.data.length]).toEqual([ALERTS_COUNTED, true, 20]);
    // Past the counted rows the count follows the page: page 51 of 20 reads rows 1,001 to 1,005.
    const last = await listed('operator', `patientFileId=${file.id}&pageSize=20&page=51`);
    expect([last.totalItems, last.totalCapped, last.data.length]).toEqual([ALERTS_COUNTED + 5, undefined, 5]);
    const beyond = await listed('operator', `patientFileId=${file.id}&pageSize=20&page=50`);
    expect([beyond.totalItems, beyond.totalCapped]).toEqual([ALERTS_COUNTED, true]);
  });

  it('pages by level (most urgent first, no level last, then id) in both directions without repeating or skipping an alert', async () => {
    const file = await newFile('Cardiologie');
    const levels = await db.select({ id: interventionLevels.id, rank: interventionLevels.rank }).from(interventionLevels)
      .where(eq(interventionLevels.establishmentId, azur));
    const raised = [...levels, ...levels, { id: null, rank: null }, ...levels, { id: null, rank: null }];
    await db.transaction((tx) => raiseAlerts(tx, file, { source: 'MEASURES' },
      raised.map((level, i) => ({ kind: level.id ? 'THRESHOLD' : 'NON_COMPLIANCE_INDICATOR', levelId: level.id, crossing: { note: `${i}` } })), new Date()));
    const rows = await db.select({ id: alerts.id, levelId: alerts.levelId }).from(alerts).where(eq(alerts.patientFileId, file.id));
    const rankOf = (levelId: string | null) => levels.find((l) => l.id === levelId)?.rank ?? Infinity;
    const expected = rows.sort((a, b) => rankOf(a.levelId) - rankOf(b.levelId) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((r) => r.id);
    for (const [sort, order] of [['level', expected], ['-level', [...expected].reverse()]] as const) {
      const pages = await Promise.all([1, 2, 3, 4].map((page) => listed('operator', `patientFileId=${file.id}&sort=${sort}&pageSize=3&page=${page}`)));
      expect(pages.map((p) => p.data.length)).toEqual([3, 3, 3, 2]);
      expect(pages[0]!.totalItems).toBe(11);
      expect(pages.flatMap((p) => p.data.map((a) => a.id))).toEqual(order);
    }
    const urgentPending = await listed('operator', `patientFileId=${file.id}&sort=level&status=PENDING&levelIds=${levels[0]!.id}`);
    expect(urgentPending.data.map((a) => a.id)).toEqual(expected.filter((id) => rows.find((r) => r.id === id)!.levelId === levels[0]!.id));
  });

  it("counts days in the caller's time zone across the spring daylight-saving change (Europe/Paris, 29 March 2026 has 23 hours)", async () => {
    const file = await newFile('Cardiologie');
    const at = async (iso: string) => db.transaction((tx) => raiseAlerts(tx, file, { source: 'MEASURES' },
      [{ kind: 'THRESHOLD', crossing: { note: iso } }], new Date(iso)));
    await at('2026-03-28T22:30:00Z'); // 23:30 on the 28th in Paris
    await at('2026-03-28T23:30:00Z'); // 00:30 on the 29th (UTC+1)
    await at('2026-03-29T21:30:00Z'); // 23:30 on the 29th (UTC+2)
    await at('2026-03-29T22:30:00Z'); // 00:30 on the 30th: a naive 24-hour day from 23:00Z would take it
    const day = await listed('operator', `patientFileId=${file.id}&from=2026-03-29&to=2026-03-29&sort=raisedAt`);
    expect(day.data.map((a) => a.crossing.note)).toEqual(['2026-03-28T23:30:00Z', '2026-03-29T21:30:00Z']);
    // The same day in UTC is another range of instants.
    const utc = await call('operator', 'get', `/api/establishments/${azur}/alerts?patientFileId=${file.id}&from=2026-03-29&to=2026-03-29&sort=raisedAt`, undefined, 'UTC');
    expect((utc.body as AlertPage).data.map((a) => a.crossing.note)).toEqual(['2026-03-29T21:30:00Z', '2026-03-29T22:30:00Z']);
    const fromOnly = await listed('operator', `patientFileId=${file.id}&from=2026-03-30`);
    expect(fromOnly.data.map((a) => a.crossing.note)).toEqual(['2026-03-29T22:30:00Z']);
    const reversed = await list('operator', `from=2026-03-30&to=2026-03-29`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.field).toBe('querystring.to');
  });
});

describe('the context of a batch', () => {
  it("gives the batch's alerts, the measures around it with thresholds and reference value, and the file's latest history", async () => {
    const file = await newFile('Cardiologie');
    gw.clock.advance(-3 * 86_400_000);
    await measure(file.id, [{ reference: 'systolic', value: 130 }]);
    gw.clock.advance(3 * 86_400_000);
    const raised = await measure(file.id, [{ reference: 'systolic', value: 185 }, { reference: 'heart_rate', value: 45 }, { reference: 'diastolic', value: 85 }]);
    const res = await call('prescriber', 'get', `/api/alert_batches/${raised.batchId}`);
    expect(res.status, res.text).toBe(200);
    const context = res.body as AlertBatchContext;
    expect(context).toMatchObject({
      id: raised.batchId, source: 'MEASURES', response: null,
      patient: { firstName: 'Camille', lastName: 'Martin', birthDate: '1958-04-17' },
      patientFile: { id: file.id, status: 'OPEN', service: { name: 'Cardiologie' } },
    });
    expect(context.alerts.map((a) => a.indicator!.reference).sort()).toEqual(['heart_rate', 'systolic']);
    const systolic = context.indicators.find((i) => i.indicator.reference === 'systolic')!;
    expect(systolic.measures.map((m) => m.value)).toEqual([130, 185]);
    expect(systolic.referenceValue).toBe(120);
    expect(systolic.boundaries.map((b) => [b.operator, b.threshold, b.level.rank]).sort()).toEqual([['<', 90, 2], ['>=', 160, 2], ['>=', 180, 1]]);
    // The diastolic value raised nothing: it is not charted here.
    expect(context.indicators.map((i) => i.indicator.reference).sort()).toEqual(['heart_rate', 'systolic']);
    expect(context.history.length).toBeLessThanOrEqual(10);
  });

  it('is 404 to a professional who may not open the file, 403 to the patient, 404 for an unknown batch', async () => {
    const surgery = await newFile('Chirurgie orthopédique');
    const raised = await measure(surgery.id, [{ reference: 'systolic', value: 199 }]);
    expect((await call('prescriber', 'get', `/api/alert_batches/${raised.batchId}`)).status).toBe(404);
    expect((await call('admin.establishment', 'get', `/api/alert_batches/${raised.batchId}`)).status).toBe(404);
    expect((await call('patient.open', 'get', `/api/alert_batches/${raised.batchId}`)).status).toBe(403);
    expect((await call('operator', 'get', '/api/alert_batches/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('status, comment, close', () => {
  it('sets a status and a comment as typed, each with its history entry, without closing', async () => {
    const file = await newFile('Cardiologie');
    const { alerts: [alert] } = await measure(file.id, [{ reference: 'systolic', value: 182 }]);
    const comment = '  Patient rappelé,\nà revoir demain  ';
    const res = await call('prescriber', 'put', `/api/alerts/${alert!.id}`, { alertStatusId: await statusId(azur, 'Patient appelé'), comment });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: 'PENDING', comments: [{ text: comment, author: { name: 'Claire Dubois' }, createdAt: gw.clock.now().toISOString() }],
      alertStatus: { name: { fr: 'Patient appelé' }, closesAlert: false }, updatedBy: { name: 'Claire Dubois' }, closedAt: null,
    });
    const kinds = (await historyOf(file.id)).map((h) => h.type).sort();
    expect(kinds).toEqual(['ALERT_COMMENTED', 'ALERT_STATUS_SET']);
    expect(JSON.stringify((await historyOf(file.id)).map((h) => h.payload))).not.toContain('rappelé');
  });

  it('a new comment is added to the thread, never replaces the one before: each with its author and time, in the batch context too', async () => {
    const file = await newFile('Cardiologie');
    const { batchId, alerts: [alert] } = await measure(file.id, [{ reference: 'systolic', value: 183 }]);
    const first = await call('prescriber', 'put', `/api/alerts/${alert!.id}`, { comment: 'Patiente rappelée, pas de réponse.' });
    expect(first.status, first.text).toBe(200);
    const firstAt = gw.clock.now().toISOString();
    gw.clock.advance(5 * 60_000);
    const second = await call('operator', 'put', `/api/alerts/${alert!.id}`, { comment: 'Rappel réussi : traitement pris.' });
    expect(second.status, second.text).toBe(200);
    const thread = [
      { id: expect.any(String), text: 'Patiente rappelée, pas de réponse.', author: { id: await userIdOf(db, 'prescriber'), name: 'Claire Dubois' }, createdAt: firstAt },
      { id: expect.any(String), text: 'Rappel réussi : traitement pris.', author: { id: await userIdOf(db, 'operator'), name: 'Hugo Lefèvre' }, createdAt: gw.clock.now().toISOString() },
    ];
    expect(second.body.comments).toEqual(thread);
    const context = await call('prescriber', 'get', `/api/alert_batches/${batchId}`);
    expect((context.body as AlertBatchContext).alerts.find((a) => a.id === alert!.id)!.comments).toEqual(thread);
    expect((await historyOf(file.id)).filter((h) => h.type === 'ALERT_COMMENTED')).toHaveLength(2);
  });

  it('migration 0018 makes an alert\'s single comment the first of its thread, with the author and time its history recorded', async () => {
    const file = await newFile('Cardiologie');
    const { alerts: [alert] } = await measure(file.id, [{ reference: 'systolic', value: 184 }]);
    const author = await userIdOf(db, 'operator');
    const commentedAt = new Date('2026-10-01T09:30:00Z');
    // Back to the shape before 0017: the single comment on the alert, its history entry.
    await db.execute(sql.raw('ALTER TABLE "alerts" ADD COLUMN "comment" text'));
    await db.execute(sql`update alerts set comment = ${'Ancien commentaire'}, updated_by = ${await userIdOf(db, 'prescriber')}, updated_at = now() where id = ${alert!.id}`);
    await db.insert(patientFileHistory).values({ patientFileId: file.id, type: 'ALERT_COMMENTED', actorId: author, occurredAt: commentedAt, payload: { alertId: alert!.id } });
    for (const migration of ['0018_alert_comments_from_single_comment.sql', '0019_drop_alert_single_comment.sql']) {
      const text = readFileSync(new URL(`../../server/db/migrations/${migration}`, import.meta.url), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    }
    expect(await db.select().from(alertComments).where(eq(alertComments.alertId, alert!.id))).toEqual([
      { id: expect.any(String), alertId: alert!.id, text: 'Ancien commentaire', authorId: author, createdAt: commentedAt },
    ]);
  });

  it('a status that closes alerts closes it, with who and when; a closed alert is 409 alert_already_closed', async () => {
    const file = await newFile('Cardiologie');
    const { alerts: [alert] } = await measure(file.id, [{ reference: 'systolic', value: 182 }]);
    const res = await call('operator', 'put', `/api/alerts/${alert!.id}`, { alertStatusId: await statusId(azur, 'Fausse alerte') });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'CLOSED', closedBy: { name: 'Hugo Lefèvre' }, alertStatus: { closesAlert: true } });
    expect(res.body.closedAt).toBe(gw.clock.now().toISOString());
    expect((await historyOf(file.id)).map((h) => h.type).sort()).toEqual(['ALERT_CLOSED', 'ALERT_STATUS_SET']);
    const again = await call('operator', 'put', `/api/alerts/${alert!.id}?l=en`, { comment: 'Trop tard' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('alert_already_closed');
  });

  it('closes with POST close (optional comment), lists it as closed, and a second close is 409', async () => {
    const file = await newFile('Cardiologie');
    const { alerts: [alert] } = await measure(file.id, [{ reference: 'systolic', value: 182 }]);
    const res = await call('prescriber', 'post', `/api/alerts/${alert!.id}/close`, { comment: 'Traitement ajusté' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'CLOSED', comments: [{ text: 'Traitement ajusté', author: { name: 'Claire Dubois' } }], alertStatus: null, closedBy: { name: 'Claire Dubois' } });
    expect((await historyOf(file.id)).map((h) => h.type).sort()).toEqual(['ALERT_CLOSED', 'ALERT_COMMENTED']);
    expect((await listed('prescriber', `patientFileId=${file.id}&status=CLOSED`)).data.map((a) => a.id)).toEqual([alert!.id]);
    expect((await listed('prescriber', `patientFileId=${file.id}&status=PENDING`)).totalItems).toBe(0);
    for (const l of ['fr', 'en', 'ar']) {
      const twice = await call('prescriber', 'post', `/api/alerts/${alert!.id}/close?l=${l}`, {});
      expect(twice.status).toBe(409);
      expect(twice.body.code).toBe('alert_already_closed');
      expect(twice.body.message).toBeTruthy();
    }
  });

  it("refuses a status of another establishment (404 on the field), a bad comment (400 on the field, in three languages), an empty change, a closed file's alert (409), and other people", async () => {
    const file = await newFile('Cardiologie');
    const { alerts: [alert] } = await measure(file.id, [{ reference: 'systolic', value: 182 }]);
    const path = `/api/alerts/${alert!.id}`;
    const foreign = await call('operator', 'put', path, { alertStatusId: await statusId(tilleuls, 'Patient appelé') });
    expect(foreign.status).toBe(404);
    expect(foreign.body.field).toBe('body.alertStatusId');
    const messages = new Set<string>();
    for (const l of ['fr', 'en', 'ar']) {
      const short = await call('operator', 'put', `${path}?l=${l}`, { comment: ' x ' });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ code: 'value_too_short', field: 'body.comment' });
      messages.add(short.body.message);
    }
    expect(messages.size).toBe(3);
    const long = await call('operator', 'put', path, { comment: 'a'.repeat(501) });
    expect(long.body).toMatchObject({ code: 'value_too_long', field: 'body.comment' });
    expect((await call('operator', 'put', path, {})).status).toBe(400);
    expect((await call('patient.open', 'put', path, { comment: 'Je vais bien' })).status).toBe(403);
    expect((await call('admin.establishment', 'post', `${path}/close`, {})).status).toBe(404);
    expect(await historyOf(file.id)).toEqual([]);

    await db.update(patientFiles).set({ status: 'CLOSED' }).where(eq(patientFiles.id, file.id));
    const closedFile = await call('operator', 'post', `${path}/close`, {});
    expect(closedFile.status).toBe(409);
    expect(closedFile.body.code).toBe('patient_file_closed');
  });
});
