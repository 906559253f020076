/**
 * Issue 8: a daily questionnaire assigned before a daylight-saving change keeps opening at the
 * same local time of its establishment after it (24-hour steps in UTC moved it by an hour). The
 * establishment's time zone is its own (default Europe/Paris), on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { establishments } from '../../server/db/schema.ts';
import { calls, formIdOf, newPatientFile } from '../helpers/questionnaires.ts';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway(); });
afterAll(async () => { await gw?.close(); });

/** Moves the gateway's clock to `iso` (it only moves when a test says so). */
const setClock = (iso: string) => gw.clock.advance(new Date(iso).getTime() - gw.clock.now().getTime());

async function plannedStarts(zone: string | undefined, assignedAt: string) {
  const db = gw.db.database.db;
  if (zone) await db.update(establishments).set({ timeZone: zone }).where(eq(establishments.identifier, 'chu-azur'));
  setClock(assignedAt);
  const formId = await formIdOf(db, 'chu-azur', 'HF-DAILY');
  const fileId = await newPatientFile(db);
  const prescriber = calls(await login(gw.app, demoEmail('prescriber')));
  expect((await prescriber.assign(fileId, formId)).status).toBe(200);
  const tasks = (await calls(await login(gw.app, demoEmail('patient.open'))).tasks(fileId)).body.data as { formId: string; startAt: string; endAt: string }[];
  return tasks.filter((t) => t.formId === formId).map((t) => ({ start: t.startAt, end: t.endAt }));
}

describe('planned occurrences in the establishment\'s time zone', () => {
  it.each([
    // zone set on the establishment (undefined: the default, Europe/Paris), assigned at, local hour expected every day
    [undefined, 'Europe/Paris', '2026-03-25T07:30:00Z', '08:00'],
    ['Europe/Paris', 'Europe/Paris', '2026-10-21T06:10:00Z', '08:00'],
    ['Pacific/Auckland', 'Pacific/Auckland', '2026-04-01T20:45:00Z', '09:00'],
    ['UTC', 'UTC', '2026-03-25T07:30:00Z', '07:00'],
  ])('zone %s (read in %s), assigned at %s: HF-DAILY opens at %s local time every day across the change', async (zone, expectedZone, assignedAt, hour) => {
    const starts = await plannedStarts(zone, assignedAt);
    expect(starts).toHaveLength(30);
    const local = starts.map((s) => DateTime.fromISO(s.start, { zone: expectedZone }));
    expect(new Set(local.map((d) => d.toFormat('HH:mm')))).toEqual(new Set([hour]));
    // One a day, no day skipped or doubled, and each closes when the next opens (24-hour window).
    local.slice(1).forEach((d, i) => expect(d.diff(local[i]!, 'days').days).toBe(1));
    starts.slice(1).forEach((s, i) => expect(starts[i]!.end).toBe(s.start));
    // The change is inside the 30 days: the UTC hour of the occurrences is not the same throughout.
    if (expectedZone !== 'UTC') expect(new Set(starts.map((s) => s.start.slice(11, 16))).size).toBe(2);
  });
});
