/**
 * The professional dashboard's data (issue 11 §7): GET /api/establishments/:id/activities, the
 * patients' last connection, answer and measure of the open files the caller follows. The alert
 * blocks read the alerts list (tests/api of the alerts list); this file checks the activity list:
 * scope (establishment-wide operator, one-service prescriber, others 404), what a patient's
 * sign-in and measure change, sorts, paging and bad input.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formResponses, forms, formVersions, indicators, patientFiles, services } from '../../server/db/schema.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, patientFileIdsOf, userIdOf } from '../helpers/demo-data.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

type Row = {
  patientFileId: string; patient: { firstName: string; lastName: string }; service: { id: string; name: string };
  lastConnectionAt: string | null; lastResponse: { formName: string; answeredAt: string } | null; lastMeasureAt: string | null; lastActivityAt: string | null;
};

let gw: TestGateway;
let azur: string;
let tilleuls: string;
let camille: string;
let operator: Browser;
const url = (establishmentId: string, query = '') => `/api/establishments/${establishmentId}/activities${query}`;

beforeAll(async () => {
  gw = await startGateway();
  azur = await establishmentIdOf(gw.db.database.db, 'chu-azur');
  tilleuls = await establishmentIdOf(gw.db.database.db, 'clinique-des-tilleuls');
  camille = (await patientFileIdsOf(gw.db.database.db, 'patient.open'))[0]!;
  operator = await login(gw.app, demoEmail('operator'));
});
afterAll(async () => { await gw?.close(); });

async function openFilesOf(establishmentId: string, serviceName?: string): Promise<number> {
  const db = gw.db.database.db;
  const ids = (await db.select({ id: services.id }).from(services)
    .where(and(eq(services.establishmentId, establishmentId), serviceName ? eq(services.name, serviceName) : undefined))).map((s) => s.id);
  const [row] = await db.select({ n: count() }).from(patientFiles).where(and(inArray(patientFiles.serviceId, ids), eq(patientFiles.status, 'OPEN')));
  return row!.n;
}

describe('GET /api/establishments/:id/activities', () => {
  it("lists the establishment's open files to its operator, with their total", async () => {
    const res = await operator.agent.get(url(azur, '?pageSize=50')).expect(200);
    expect(res.body.totalItems).toBe(await openFilesOf(azur));
    expect(res.body.data.map((r: Row) => r.patientFileId)).toContain(camille);
    const row = res.body.data.find((r: Row) => r.patientFileId === camille) as Row;
    expect(row.patient).toMatchObject({ firstName: 'Camille', lastName: 'Martin' });
    expect(row.service.name).toBe('Cardiologie');
  });

  it("shows the patient's sign-in and measure, and puts the most recent activity first", async () => {
    const patient = await login(gw.app, demoEmail('patient.open'));
    const [weight] = await gw.db.database.db.select({ id: indicators.id }).from(indicators)
      .where(and(eq(indicators.establishmentId, azur), eq(indicators.reference, 'weight')));
    const measuredAt = new Date(Date.now() - 60_000).toISOString();
    await patient.agent.post(`/api/patient_files/${camille}/indicators/data`).set('x-csrf-token', patient.csrf)
      .send({ indicatorId: weight!.id, value: 71.5, measuredAt }).expect(201);
    const res = await operator.agent.get(url(azur, '?sort=-lastActivityAt&pageSize=5')).expect(200);
    const first = res.body.data[0] as Row;
    expect(first.patientFileId).toBe(camille);
    expect(first.lastConnectionAt).not.toBeNull();
    expect(first.lastMeasureAt).toBe(measuredAt);
    expect(first.lastActivityAt).toBe([first.lastConnectionAt, first.lastMeasureAt, first.lastResponse?.answeredAt].filter(Boolean).sort().at(-1));
  });

  it("names the last questionnaire in the caller's language: Arabic, not the French name", async () => {
    // A file of its own, the heart-failure questionnaire assigned today: its occurrence is open now.
    const db = gw.db.database.db;
    const [cardiology] = await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, azur), eq(services.name, 'Cardiologie')));
    const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, 'patient.open'), serviceId: cardiology!.id, status: 'OPEN' }).returning();
    const [form] = await db.select().from(forms).where(and(eq(forms.establishmentId, azur), eq(forms.reference, 'HF-DAILY')));
    const prescriber = await login(gw.app, demoEmail('prescriber'));
    await prescriber.agent.post(`/api/patient_files/${file!.id}/forms/${form!.id}`).set('x-csrf-token', prescriber.csrf).send({}).expect((r) => expect(r.status).toBeLessThan(300));
    const patient = await login(gw.app, demoEmail('patient.open'));
    const tasks = await patient.agent.get(`/api/patient_files/${file!.id}/tasks`).expect(200);
    const task = (tasks.body.data as { formId: string; occurrenceId?: string; status: string }[]).find((t) => t.formId === form!.id && t.status === 'available');
    expect(task, tasks.text).toBeDefined();
    await patient.agent.post(`/api/patient_files/${file!.id}/form_responses`).set('x-csrf-token', patient.csrf)
      .send({ formId: form!.id, occurrenceId: task!.occurrenceId, answers: { weight: 72, breathless: false, swollenAnkles: false } })
      .expect((r) => expect(r.status, r.text).toBeLessThan(300));
    const [version] = await gw.db.database.db.select({ definition: formVersions.definition }).from(formResponses)
      .innerJoin(formVersions, eq(formVersions.id, formResponses.formVersionId))
      .where(eq(formResponses.patientFileId, file!.id)).limit(1);
    const names = (version!.definition as { name: Record<string, string> }).name;
    expect(names.ar).toBeTruthy();
    expect(names.ar).not.toBe(names.fr);
    for (const l of ['fr', 'ar'] as const) {
      const res = await operator.agent.get(url(azur, `?sort=-lastResponseAt&pageSize=5&l=${l}`)).expect(200);
      const row = res.body.data.find((r: Row) => r.patientFileId === file!.id) as Row;
      expect(row.lastResponse?.formName).toBe(names[l]);
    }
  });

  it('gives a one-service prescriber the files of that service only', async () => {
    const prescriber = await login(gw.app, demoEmail('prescriber'));
    const res = await prescriber.agent.get(url(azur, '?pageSize=50')).expect(200);
    expect(res.body.totalItems).toBe(await openFilesOf(azur, 'Cardiologie'));
    expect(new Set(res.body.data.map((r: Row) => r.service.name))).toEqual(new Set(['Cardiologie']));
  });

  it('is not found for a patient, an establishment admin without patient data, and another establishment', async () => {
    const patient = await login(gw.app, demoEmail('patient.open'));
    await patient.agent.get(url(azur)).expect(404);
    const admin = await login(gw.app, demoEmail('admin.establishment'));
    await admin.agent.get(url(tilleuls)).expect(404);
    await operator.agent.get(url(tilleuls)).expect(404);
    await operator.agent.get(url('00000000-0000-4000-8000-000000000000')).expect(404);
  });

  it('sorts by name with pages that neither repeat nor skip a row', async () => {
    const all = (await operator.agent.get(url(azur, '?sort=patientName&pageSize=50')).expect(200)).body.data as Row[];
    const names = all.map((r) => `${r.patient.lastName} ${r.patient.firstName}`.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 5); page++) {
      const res = await operator.agent.get(url(azur, `?sort=patientName&pageSize=5&page=${page}`)).expect(200);
      pages.push(...res.body.data.map((r: Row) => r.patientFileId));
    }
    expect(pages).toEqual(all.map((r) => r.patientFileId));
    for (const sort of ['lastConnectionAt', '-lastConnectionAt', 'lastResponseAt', '-lastResponseAt', 'lastMeasureAt', '-lastMeasureAt', 'lastActivityAt']) {
      const res = await operator.agent.get(url(azur, `?sort=${sort}&pageSize=50`)).expect(200);
      expect(res.body.data).toHaveLength(all.length);
    }
    const past = await operator.agent.get(url(azur, '?page=999&pageSize=50')).expect(200);
    expect(past.body).toMatchObject({ data: [], totalItems: all.length, page: 999 });
  });

  it.each([
    ['sort', '?sort=birthDate', 'query.sort'],
    ['pageSize', '?pageSize=4', 'query.pageSize'],
    ['page', '?page=0', 'query.page'],
  ])('refuses a bad %s on its field, in fr, en and ar', async (_what, query, field) => {
    for (const l of ['fr', 'en', 'ar']) {
      const res = await operator.agent.get(url(azur, `${query}&l=${l}`)).expect(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.headers['content-language']).toBe(l);
    }
  });
});
