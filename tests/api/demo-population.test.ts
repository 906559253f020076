/**
 * Issue 10 §6: the demo population. At least 40 patients in CHU Azur across its services and the
 * three statuses, a few in every other establishment, each with a patient form the rules accept
 * (valid mobile phones, INS numbers with their key), identity statuses and attributes, notes,
 * caregivers, conditions from the establishment's pathologies, history of several kinds with actors
 * spread over months; deterministic; demo patients cannot log in. Runs on PGlite and PostgreSQL.
 */
import { and, count, countDistinct, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caregivers, establishments, identityDocumentTypes, pathologies, patientConditions, patientFileHistory, patientFileNotes, patientFiles, services, users,
} from '../../server/db/schema.ts';
import { DEMO_ESTABLISHMENTS } from '../../server/demo/accounts.ts';
import { DEMO_PATIENT_DOMAIN, DEMO_PATHOLOGIES, DEMO_IDENTITY_DOCUMENT_TYPES, demoPopulation } from '../../server/demo/population.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { validatePatientForm } from '../../schemas/patient-form.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { login, startGateway, type TestGateway } from '../helpers/app.ts';

let fresh: TestDatabase;
const NOW = new Date('2026-03-15T10:00:00Z');
beforeAll(async () => {
  fresh = await createTestDatabase();
  expect(await provisionDemo(fresh.database.db, NOW)).toBe('provisioned');
});
afterAll(async () => { await fresh?.drop(); });

const db = () => fresh.database.db;
const patientsOf = (identifier: string) => db().select({ file: patientFiles, service: services.name, user: users }).from(patientFiles)
  .innerJoin(services, eq(services.id, patientFiles.serviceId)).innerJoin(establishments, eq(establishments.id, services.establishmentId))
  .innerJoin(users, eq(users.id, patientFiles.patientId))
  .where(and(eq(establishments.identifier, identifier), like(users.email, `%@${DEMO_PATIENT_DOMAIN}`)));

describe('the demo population', () => {
  it('puts at least 40 patients in CHU Azur, in each of its services and each status, and some in every other establishment', async () => {
    const azur = await patientsOf('chu-azur');
    expect(azur.length).toBeGreaterThanOrEqual(40);
    expect(new Set(azur.map((r) => r.service))).toEqual(new Set(DEMO_ESTABLISHMENTS[0].services));
    expect(new Set(azur.map((r) => r.file.status))).toEqual(new Set(['OPEN', 'CLOSED', 'AWAITING']));
    for (const service of DEMO_ESTABLISHMENTS[0].services) {
      expect(azur.filter((r) => r.service === service && r.file.status === 'OPEN').length, service).toBeGreaterThanOrEqual(5);
    }
    // Closed files say why and when; awaiting ones start later.
    for (const r of azur.filter((x) => x.file.status === 'CLOSED')) expect([r.file.closedAt, r.file.closingReasonType, r.file.closingReason]).not.toContain(null);
    // A file still followed ends after today (else the automatic-close job would close it at start).
    const today = NOW.toISOString().slice(0, 10);
    for (const r of azur.filter((x) => x.file.status !== 'CLOSED' && x.file.endDate)) expect(r.file.endDate! > today, r.user.email).toBe(true);
    for (const e of DEMO_ESTABLISHMENTS.slice(1)) expect((await patientsOf(e.identifier)).length, e.identifier).toBeGreaterThanOrEqual(3);
  });

  it('gives every patient a form the patient-form rules accept, identity statuses and attributes of every kind', () => {
    const population = demoPopulation(NOW, { azur: 44, tilleuls: 12 }, { azur: ['Cardiologie', 'Chirurgie orthopédique'], tilleuls: ['Pneumologie', 'Diabétologie'] });
    const today = NOW.toISOString().slice(0, 10);
    for (const p of population) expect(validatePatientForm(p.form as Record<string, unknown>, today), p.email).toEqual([]);
    expect(population.filter((p) => p.form.insNumber).length).toBeGreaterThan(20);
    expect(new Set(population.map((p) => p.identity.status))).toEqual(new Set(['PROVISIONAL', 'RECOVERED', 'VALIDATED', 'QUALIFIED']));
    expect(population.some((p) => p.identity.doubtful)).toBe(true);
    expect(population.some((p) => p.identity.namesake)).toBe(true);
    // Names from several origins: accents kept where they are shown, never in the birth name.
    expect(population.some((p) => /[éèïëç]/i.test(p.shown.lastName + p.shown.firstName))).toBe(true);
    expect(population.every((p) => /^[A-Z' -]+$/.test(p.form.birthName))).toBe(true);
  });

  it('stores the phones in E.164 and the identity on the patient', async () => {
    const azur = await patientsOf('chu-azur');
    for (const r of azur) expect(r.user.phone, r.user.email).toMatch(/^\+33[67]\d{8}$/);
    expect(azur.filter((r) => r.user.identityStatus !== 'PROVISIONAL').every((r) => r.user.identityVerifiedAt !== null)).toBe(true);
  });

  it('has notes (some archived), caregivers, conditions from the establishment\'s pathologies and identity-document types', async () => {
    const azur = await patientsOf('chu-azur');
    const files = azur.map((r) => r.file.id);
    const [notes] = await db().select({ n: count(), archived: sql<number>`count(${patientFileNotes.archivedAt})`.mapWith(Number) })
      .from(patientFileNotes).where(inArray(patientFileNotes.patientFileId, files));
    expect(notes!.n).toBeGreaterThanOrEqual(20);
    expect(notes!.archived).toBeGreaterThan(0);
    const [followed] = await db().select({ n: countDistinct(caregivers.patientFileId) }).from(caregivers).where(inArray(caregivers.patientFileId, files));
    expect(followed!.n).toBeGreaterThanOrEqual(5);
    const conditions = await db().select({ file: patientConditions.patientFileId, establishmentId: pathologies.establishmentId, fileEstablishment: services.establishmentId })
      .from(patientConditions).innerJoin(pathologies, eq(pathologies.id, patientConditions.pathologyId))
      .innerJoin(patientFiles, eq(patientFiles.id, patientConditions.patientFileId)).innerJoin(services, eq(services.id, patientFiles.serviceId));
    expect(new Set(conditions.filter((c) => files.includes(c.file)).map((c) => c.file)).size).toBe(files.length);
    expect(conditions.every((c) => c.establishmentId === c.fileEstablishment)).toBe(true);
    for (const e of await db().select().from(establishments)) {
      const p = await db().select({ slug: pathologies.slug, name: pathologies.name }).from(pathologies).where(eq(pathologies.establishmentId, e.id));
      expect(p.map((x) => x.slug).sort()).toEqual(DEMO_PATHOLOGIES.map((x) => x.slug).sort());
      expect(p.every((x) => ['fr', 'en', 'ar'].every((l) => typeof (x.name as Record<string, string>)[l] === 'string'))).toBe(true);
      const types = await db().select({ label: identityDocumentTypes.label }).from(identityDocumentTypes).where(eq(identityDocumentTypes.establishmentId, e.id));
      expect(types.map((t) => t.label).sort()).toEqual([...DEMO_IDENTITY_DOCUMENT_TYPES].sort());
    }
  });

  it('has history of several kinds, each with its actor, spread over months', async () => {
    const files = (await patientsOf('chu-azur')).map((r) => r.file.id);
    const rows = await db().select({ type: patientFileHistory.type, actor: patientFileHistory.actorId, at: patientFileHistory.occurredAt })
      .from(patientFileHistory).where(inArray(patientFileHistory.patientFileId, files));
    const kinds = new Set(rows.map((r) => r.type));
    for (const kind of ['NOTE_ADDED', 'CAREGIVER_ADDED', 'CONDITION_ADDED', 'FILE_CLOSED', 'IDENTITY_SEARCH', 'IDENTITY_VERIFIED', 'PROFILE_UPDATED']) {
      expect(kinds, kind).toContain(kind);
    }
    expect(rows.every((r) => r.actor !== null)).toBe(true);
    expect(rows.every((r) => r.at.getTime() <= NOW.getTime())).toBe(true);
    const months = new Set(rows.map((r) => r.at.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
  });

  it('writes CAREGIVER_ADDED as the app does: the caregiver of that file, by id and name (it named the first caregiver, or only an id)', async () => {
    const rows = await db().select({ file: patientFileHistory.patientFileId, payload: patientFileHistory.payload }).from(patientFileHistory)
      .where(eq(patientFileHistory.type, 'CAREGIVER_ADDED'));
    const following = await db().select({ file: caregivers.patientFileId, userId: caregivers.userId, first: users.firstName, last: users.lastName })
      .from(caregivers).innerJoin(users, eq(users.id, caregivers.userId));
    const expected = new Set(following.map((c) => `${c.file} ${c.userId} ${c.first} ${c.last}`));
    expect(rows.length).toBeGreaterThan(5);
    for (const { file, payload } of rows) {
      const p = payload as { userId: string; name: string; newAccount: boolean };
      expect(Object.keys(p).sort()).toEqual(['name', 'newAccount', 'userId']);
      expect(expected, JSON.stringify(p)).toContain(`${file} ${p.userId} ${p.name}`);
    }
  });

  it('is deterministic: the same day gives the same people, stored the same', async () => {
    expect(demoPopulation(NOW)).toEqual(demoPopulation(NOW));
    const other = await createTestDatabase();
    try {
      await provisionDemo(other.database.db, NOW);
      const snapshot = async (d: TestDatabase) => (await d.database.db.select({
        email: users.email, first: users.firstName, last: users.lastName, birth: users.birthDate, ins: users.insNumber, status: users.identityStatus,
      }).from(users).where(like(users.email, `%@${DEMO_PATIENT_DOMAIN}`))).sort((a, b) => a.email.localeCompare(b.email));
      expect(await snapshot(other)).toEqual(await snapshot(fresh));
    } finally {
      await other.drop();
    }
  });
});

describe('demo patients', () => {
  let gw: TestGateway;
  beforeAll(async () => { gw = await startGateway(); });
  afterAll(() => gw?.close());

  it('cannot log in (only the documented demo accounts can)', async () => {
    const [someone] = await gw.db.database.db.select({ email: users.email }).from(users).where(like(users.email, `%@${DEMO_PATIENT_DOMAIN}`)).limit(1);
    await expect(login(gw.app, someone!.email)).rejects.toThrow(/failed: 401/);
  });
});
