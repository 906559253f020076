/**
 * The alerts list's cache (issue 19, Load; server/care/alerts/list-cache.ts): a page is served
 * again only while the database's version of the list is the one it was read at, so that nobody
 * reads a list older than a write committed before their request began, whichever gateway wrote
 * it. Two gateways on one database: a write through one (an alert raised, a status set, an alert
 * closed) is in the other's next list; a change by hand in the database of every kind of row the
 * list shows (names, service, level, indicator, unit, measure, status) too; and a change that
 * bypasses the version (triggers off) shows that the page was indeed served from the cache.
 * Runs on PGlite and on PostgreSQL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, alertStatuses, indicators, interventionLevels, measures, patientFiles, services, units, users } from '../../server/db/schema.ts';
import { alertsListVersion } from '../../server/care/alerts/list-cache.ts';
import { ALERT_DEFAULT_SORT, type AlertPage, type AlertRow } from '../../schemas/alerts.ts';
import { DEFAULT_PAGE_SIZE } from '../../schemas/common.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, userIdOf } from '../helpers/demo-data.ts';

let one: TestGateway;
let two: TestGateway;
let db: TestGateway['db']['database']['db'];
let azur: string;
let cardiology: string;
const browsers = new Map<string, Browser>();

async function as(gateway: TestGateway, local: string): Promise<Browser> {
  const key = `${gateway === one ? 1 : 2} ${local}`;
  let b = browsers.get(key);
  if (!b) { b = await login(gateway.app, demoEmail(local)); browsers.set(key, b); }
  return b;
}

async function call(gateway: TestGateway, local: string, method: 'get' | 'post' | 'put', path: string, body?: object) {
  const b = await as(gateway, local);
  const req = b.agent[method](path).set('x-csrf-token', b.csrf).set('x-timezone', 'Europe/Paris');
  return body === undefined ? req : req.send(body);
}

/** The screen's first request (client/features/alerts/list-definition.ts): pending, newest first, page 1. */
async function defaultPage(gateway: TestGateway, local = 'operator'): Promise<AlertPage> {
  const query = new URLSearchParams({ page: '1', pageSize: String(DEFAULT_PAGE_SIZE), sort: ALERT_DEFAULT_SORT, status: 'PENDING', l: 'fr' });
  const res = await call(gateway, local, 'get', `/api/establishments/${azur}/alerts?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as AlertPage;
}

const rowOf = (page: AlertPage, id: string) => (page.data as AlertRow[]).find((r) => r.id === id);

/** An Urgence alert raised through gateway `two` on a new file of Cardiologie: its id. */
async function raise(): Promise<string> {
  const [file] = await db.insert(patientFiles).values({
    patientId: await userIdOf(db, 'patient.open'), serviceId: cardiology, status: 'OPEN',
    startDate: new Date(two.clock.now().getTime() - 30 * 86_400_000).toISOString().slice(0, 10),
  }).returning();
  const [systolic] = await db.select({ id: indicators.id }).from(indicators).where(and(eq(indicators.establishmentId, azur), eq(indicators.reference, 'systolic')));
  const res = await call(two, 'operator', 'post', `/api/patient_files/${file!.id}/indicators/data`, { data: [{ indicatorId: systolic!.id, value: 185 }] });
  expect(res.status, res.text).toBe(201);
  return (res.body as { alerts: { id: string }[] }).alerts[0]!.id;
}

beforeAll(async () => {
  one = await startGateway();
  // A second gateway on the same database, with its own cache (each app keeps its own).
  two = await startGateway({}, { db: one.db });
  db = one.db.database.db;
  azur = await establishmentIdOf(db, 'chu-azur');
  const [service] = await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, azur), eq(services.name, 'Cardiologie')));
  cardiology = service!.id;
}, 600_000);
afterAll(async () => {
  await two?.close();
  await one?.close();
});

describe('the alerts list read through one gateway, written through another', () => {
  it('has the alert raised, its status set and its close through the other gateway in the very next read', async () => {
    await defaultPage(one);
    await defaultPage(one);
    const id = await raise();
    const raised = rowOf(await defaultPage(one), id);
    expect(raised).toMatchObject({ status: 'PENDING', alertStatus: null, level: { name: { fr: 'Urgence' } } });

    const [called] = (await db.select({ id: alertStatuses.id, name: alertStatuses.name, closes: alertStatuses.closesAlert }).from(alertStatuses)
      .where(eq(alertStatuses.establishmentId, azur))).filter((s) => !s.closes);
    expect((await call(two, 'prescriber', 'put', `/api/alerts/${id}`, { alertStatusId: called!.id })).status).toBe(200);
    expect(rowOf(await defaultPage(one), id)).toMatchObject({ alertStatus: { id: called!.id }, updatedBy: { id: await userIdOf(db, 'prescriber') } });

    expect((await call(two, 'prescriber', 'post', `/api/alerts/${id}/close`, { comment: 'Traitement ajusté' })).status).toBe(200);
    expect(rowOf(await defaultPage(one), id)).toBeUndefined();
  });

  it('serves a page again while the version is the same: a change that bypasses the version is not seen, the next committed change is', async () => {
    const id = await raise();
    const patient = await userIdOf(db, 'patient.open');
    const before = rowOf(await defaultPage(one), id)!;
    expect(before).toBeDefined();
    const version = await alertsListVersion(db);
    // Triggers off (replication role): the row changes, the version does not.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ lastName: 'Bypass' }).where(eq(users.id, patient));
    });
    expect(await alertsListVersion(db)).toBe(version);
    expect(rowOf(await defaultPage(one), id)!.patient.lastName).toBe(before.patient.lastName);
    // The other gateway never read this page: it reads the database.
    expect(rowOf(await defaultPage(two), id)!.patient.lastName).toBe('Bypass');
    await db.update(users).set({ lastName: 'Martin' }).where(eq(users.id, patient));
    expect(await alertsListVersion(db)).toBeGreaterThan(version);
    expect(rowOf(await defaultPage(one), id)!.patient.lastName).toBe('Martin');
  });

  it('bumps the version once per transaction, at commit', async () => {
    const version = await alertsListVersion(db);
    await db.transaction(async (tx) => {
      await tx.update(alerts).set({ updatedAt: new Date() }).where(eq(alerts.status, 'PENDING'));
      await tx.update(alerts).set({ updatedAt: new Date() }).where(eq(alerts.status, 'PENDING'));
      // Deferred to commit: not yet, even inside the transaction.
      expect(await alertsListVersion(tx as unknown as typeof db)).toBe(version);
    });
    expect(await alertsListVersion(db)).toBe(version + 1);
  });

  it.each([
    ["the patient's name", async (row: AlertRow) => { await db.update(users).set({ firstName: 'Camilla' }).where(eq(users.id, row.patient.id)); },
      (row: AlertRow) => expect(row.patient.firstName).toBe('Camilla')],
    ['the service', async (row: AlertRow) => { await db.update(services).set({ name: 'Cardiologie B' }).where(eq(services.id, row.service.id)); },
      (row: AlertRow) => expect(row.service.name).toBe('Cardiologie B')],
    ['the level', async (row: AlertRow) => { await db.update(interventionLevels).set({ colour: 'pink' }).where(eq(interventionLevels.id, row.level!.id)); },
      (row: AlertRow) => expect(row.level!.colour).toBe('pink')],
    ['the indicator', async (row: AlertRow) => { await db.update(indicators).set({ decimals: 3 }).where(eq(indicators.id, row.indicator!.id)); },
      (row: AlertRow) => expect(row.indicator!.decimals).toBe(3)],
    ["the unit's symbol", async (row: AlertRow) => {
      const [indicator] = await db.select({ unitId: indicators.unitId }).from(indicators).where(eq(indicators.id, row.indicator!.id));
      await db.update(units).set({ symbol: 'mm Hg (test)' }).where(eq(units.id, indicator!.unitId));
    }, (row: AlertRow) => expect(row.indicator!.unitSymbol).toBe('mm Hg (test)')],
    ['the measure', async (row: AlertRow) => { await db.update(measures).set({ value: 186 }).where(eq(measures.id, row.measure!.id)); },
      (row: AlertRow) => expect(row.measure!.value).toBe(186)],
    ["the status's name", async (row: AlertRow) => {
      const [open] = (await db.select().from(alertStatuses).where(eq(alertStatuses.establishmentId, azur))).filter((s) => !s.closesAlert);
      await db.update(alerts).set({ alertStatusId: open!.id }).where(eq(alerts.id, row.id));
      expect(rowOf(await defaultPage(one), row.id)!.alertStatus!.id).toBe(open!.id);
      await db.update(alertStatuses).set({ name: { fr: 'Rappelé (test)', en: 'Called (test)', ar: 'Called (test)' } }).where(eq(alertStatuses.id, open!.id));
    }, (row: AlertRow) => expect(row.alertStatus!.name).toMatchObject({ fr: 'Rappelé (test)' })],
  ])('has %s changed by hand in the database in the next read', async (_what, change, check) => {
    const id = await raise();
    const row = rowOf(await defaultPage(one), id)!;
    expect(row).toBeDefined();
    await defaultPage(one);
    await change(row);
    check(rowOf(await defaultPage(one), id)!);
  });
});
