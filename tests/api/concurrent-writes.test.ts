/**
 * Issue 19, "Races answered 500 or duplicated": every create and state change of the care API
 * (POST, PUT, PATCH, DELETE under /api, found in the running app like the access matrix finds
 * them) is sent ten times at once with the same valid body (its ids from the world, the other
 * fields sampled from the schema or given by the route's case), each call with its own
 * Idempotency-Key (so they are ten requests, not one replayed), on a world of its own
 * (tests/helpers/route-walk/world.ts). Concurrent writes to one record answer once and 409 (or
 * 404 once it is gone) otherwise, or take turns; never a 5xx, never a record twice where the
 * domain says there is one.
 *
 * What "twice" means is decided per route in CASES and written there: a name unique in an
 * establishment, one active reference value per file and indicator, one identical active
 * non-compliance rule, one identical measure, a state change recorded once in the file's history.
 * Where ten records are what ten requests mean (ten notes, ten uploads prepared), the case says
 * so. A route missing from CASES fails the first test, naming it: a new route is classified
 * when it is added. Each route must succeed at least once, or the race was not run.
 *
 * PostgreSQL is where the calls really run at once (`npm run test:pg -- tests/api/concurrent-writes.test.ts`);
 * PGlite has one connection, so only the steps between two queries interleave.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertStatuses, chartDisplays, consents, formOccurrences, formResponses, formTypes, identityDocuments, identityDocumentTypes, indicatorBoundaries, indicators,
  indicatorTypes, indicatorValuesTableSettings, interventionLevels, measures, nonObservanceRules, patientConditions, patientFileForms, patientFileHistory, documents, messages,
  patientFileProtocols, patientFiles, personInterventionLevels, protocols, referenceValues, units, users, notificationPreferences, pushSubscriptions, educationContents,
} from '../../server/db/schema.ts';
import { hashPassword } from '../../server/shared/passwords.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { userIdOf } from '../helpers/demo-data.ts';
import { sampleAnswer } from '../helpers/form-corpus.ts';
import { calls, MIME, PNG, uploadFile } from '../helpers/questionnaires.ts';
import { CONTRACTS } from '../../schemas/api/index.ts';
import { buildIdentitySimulator } from '../../server/identity-service/simulator.ts';
import { TEST_IDENTITIES } from '../../server/identity-service/test-identities.ts';
import { callOf, type Call } from '../helpers/route-walk/calls.ts';
import { registeredRoutes, sample, type JsonSchema, type Route } from '../helpers/route-walk/routes.ts';
import { worldBuilder, type World } from '../helpers/route-walk/world.ts';

const TIMES = 10;

let simulator: FastifyInstance;
let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Browser>();
let build: ReturnType<typeof worldBuilder>;

/** What a case's functions get: the world of the route, the call sent ten times, the answers. */
interface Sent { world: World; call: Call; answers: { status: number; body: Record<string, unknown> }[] }

interface Case {
  /** Who sends the ten calls (a demo user, logged in once). */
  caller: string;
  /** Puts the world in the state the change applies to, or gives other ids (e.g. a record in the state it changes from). */
  before?: (w: World) => Promise<Partial<World> | void>;
  /**
   * The body's fields that are not ids, when sampled ones would not reach a success (a name of its
   * own, a value in range). Ids always come from the world: give other ones through `before`.
   */
  body?: (w: World) => Record<string, unknown>;
  /** The planned questionnaire and its occurrence rather than the free one. */
  planned?: true;
  /** Puts back what the calls changed beyond their world (the establishment's settings), for the routes walked after. */
  after?: (w: World) => Promise<void>;
  /**
   * What must not exist twice after the ten calls: how many there are (more than one is a
   * duplicate), and what it is. `null`: ten records are what ten requests mean, said in `why`.
   */
  once: { what: string; count: (s: Sent) => Promise<number> } | null;
  why?: string;
}

const tag = () => randomUUID().slice(0, 8);
const fr = (name: string) => ({ fr: name });
/** How many rows `query` counts. */
const counted = async (query: PromiseLike<{ n: number }[]>) => (await query)[0]?.n ?? 0;
/** The entries of one kind in the world's file history: a state change recorded once. */
const history = (kind: string) => ({
  what: `history entries ${kind}`,
  count: ({ world }: Sent) => counted(db.select({ n: count() }).from(patientFileHistory)
    .where(and(eq(patientFileHistory.patientFileId, world.patientFile), eq(patientFileHistory.type, kind)))),
});
/** A catalogue record by its French name in the world's establishment. */
const named = (table: typeof alertStatuses | typeof indicatorTypes | typeof formTypes | typeof units | typeof interventionLevels | typeof protocols | typeof indicators) => ({
  what: 'records of that name in the establishment',
  count: ({ world, call }: Sent) => counted(db.select({ n: count() }).from(table)
    .where(and(eq(table.establishmentId, world.establishment), sql`${table.name}->>'fr' = ${(call.body!.name as { fr: string }).fr}`))),
});
const notRepeated = (why: string) => ({ once: null, why });

/** A person the identity service finds: the world's person given its traits. */
const FOUND = TEST_IDENTITIES.find((p) => p.purpose === 'found')!.identity;
async function findable(w: World) {
  await db.update(users).set({ birthName: FOUND.birthName, givenNames: FOUND.firstNames, birthDate: FOUND.birthDate, sex: FOUND.sex }).where(eq(users.id, w.person));
}

/** The indicators patients see, kept while the visibility route changes them. */
let visibleBefore: string[] = [];

/** The demo world's ids a case needs beside the world's own. */
const ids: Record<string, string> = {};

const CASES: Record<string, Case> = {
  // Conditions: one per file and pathology (unique index).
  'POST /api/patient_files/:id/conditions': {
    caller: 'prescriber',
    before: async (w) => { await db.delete(patientConditions).where(eq(patientConditions.id, w.condition)); },
    once: { what: 'conditions of that pathology on the file', count: ({ world }) => counted(db.select({ n: count() }).from(patientConditions)
      .where(and(eq(patientConditions.patientFileId, world.patientFile), eq(patientConditions.pathologyId, world.pathology)))) },
  },
  'DELETE /api/patient_files/:id/conditions/:conditionId': { caller: 'prescriber', once: history('CONDITION_REMOVED') },

  // The establishment's catalogue: names (and references, symbols) unique in the establishment.
  'POST /api/establishments/:id/alert_statuses': { caller: 'superadmin', body: () => ({ name: fr(`Statut ${tag()}`), closesAlert: false }), once: named(alertStatuses) },
  'PUT /api/alert_statuses/:statusId': { caller: 'superadmin', body: () => ({ name: fr(`Statut ${tag()}`), closesAlert: true }), ...notRepeated('one record, changed to the same values') },
  'DELETE /api/alert_statuses/:statusId': { caller: 'superadmin', ...notRepeated('a record removed: nothing left to count') },
  'POST /api/establishments/:id/indicators': {
    caller: 'superadmin',
    body: () => ({ reference: `i_${tag()}`, name: fr(`Indicateur ${tag()}`), decimals: 1, visibleToPatients: false, boundaries: [] }),
    once: named(indicators),
  },
  'PUT /api/indicators/:indicatorId': {
    caller: 'superadmin',
    body: () => ({ reference: `i_${tag()}`, name: fr(`Indicateur ${tag()}`), decimals: 1, visibleToPatients: true, boundaries: [] }),
    ...notRepeated('one record, changed to the same values'),
  },
  'DELETE /api/indicators/:indicatorId': { caller: 'superadmin', ...notRepeated('a record removed') },
  'POST /api/establishments/:id/indicator_types': { caller: 'superadmin', body: () => ({ name: fr(`Type ${tag()}`) }), once: named(indicatorTypes) },
  'PUT /api/indicator_types/:typeId': { caller: 'superadmin', body: () => ({ name: fr(`Type ${tag()}`) }), ...notRepeated('one record, changed to the same values') },
  'DELETE /api/indicator_types/:typeId': {
    caller: 'superadmin', before: async (w) => ({ indicatorType: (await db.insert(indicatorTypes).values({ establishmentId: w.establishment, name: fr(`Type ${tag()}`) })
      .returning())[0]!.id }), ...notRepeated('a record removed'),
  },
  'PUT /api/establishments/:id/indicators_visibility': {
    caller: 'superadmin', ...notRepeated('a setting replaced by the same'),
    before: async (w) => {
      visibleBefore = (await db.select({ id: indicators.id }).from(indicators).where(and(eq(indicators.establishmentId, w.establishment), eq(indicators.visibleToPatients, true)))).map((i) => i.id);
    },
    after: async (w) => { await db.update(indicators).set({ visibleToPatients: true }).where(and(eq(indicators.establishmentId, w.establishment), inArray(indicators.id, visibleBefore))); },
  },
  'POST /api/establishments/:id/intervention_levels': { caller: 'superadmin', body: () => ({ name: fr(`Niveau ${tag()}`), rank: 3, colour: 'blue' }), once: named(interventionLevels) },
  'PUT /api/intervention_levels/:levelId': { caller: 'superadmin', body: () => ({ name: fr(`Niveau ${tag()}`), rank: 3, colour: 'blue' }), ...notRepeated('one record, changed to the same values') },
  'DELETE /api/intervention_levels/:levelId': { caller: 'superadmin', ...notRepeated('a record removed') },
  'POST /api/persons/:id/intervention_levels/:levelId': {
    caller: 'superadmin',
    before: async () => ({ person: ids.prescriber }),
    once: { what: 'calls of the person at that level in that service', count: ({ world }) => counted(db.select({ n: count() }).from(personInterventionLevels)
      .where(and(eq(personInterventionLevels.personId, ids.prescriber!), eq(personInterventionLevels.levelId, world.interventionLevel), eq(personInterventionLevels.serviceId, world.service)))) },
  },
  'DELETE /api/persons/:id/intervention_levels/:levelId': {
    caller: 'superadmin',
    before: async (w) => {
      await db.insert(personInterventionLevels).values({ personId: ids.prescriber!, levelId: w.interventionLevel, serviceId: w.service });
      return { person: ids.prescriber };
    },
    ...notRepeated('a call removed'),
  },
  'POST /api/establishments/:id/units': { caller: 'superadmin', body: () => ({ ucumCode: 'kg', name: fr(`Unité ${tag()}`), symbol: `u${tag()}` }), once: named(units) },
  'PUT /api/units/:unitId': { caller: 'superadmin', body: () => ({ ucumCode: 'kg', name: fr(`Unité ${tag()}`), symbol: `u${tag()}` }), ...notRepeated('one record, changed to the same values') },
  'DELETE /api/units/:unitId': {
    caller: 'superadmin', before: async (w) => ({ unit: (await db.insert(units).values({ establishmentId: w.establishment, ucumCode: 'kg', name: fr(`Unité ${tag()}`), symbol: tag() })
      .returning())[0]!.id }), ...notRepeated('a record removed'),
  },
  'PUT /api/establishments/:id/measure_settings': { caller: 'superadmin', body: () => ({ lateMeasureMaxDays: 30 }), ...notRepeated('a setting replaced by the same') },
  'POST /api/establishments/:id/form_types': { caller: 'superadmin', body: () => ({ name: fr(`Type de formulaire ${tag()}`) }), once: named(formTypes) },
  'PUT /api/form_types/:formTypeId': { caller: 'superadmin', body: () => ({ name: fr(`Type de formulaire ${tag()}`) }), ...notRepeated('one record, changed to the same values') },
  'DELETE /api/form_types/:formTypeId': { caller: 'superadmin', ...notRepeated('a record removed') },
  'POST /api/establishments/:id/identity_document_types': {
    caller: 'superadmin', body: () => ({ label: `Passeport ${tag()}` }),
    once: { what: 'identity-document types of that label', count: ({ world, call }) => counted(db.select({ n: count() }).from(identityDocumentTypes)
      .where(and(eq(identityDocumentTypes.establishmentId, world.establishment), eq(identityDocumentTypes.label, call.body!.label as string)))) },
  },
  'PUT /api/establishments/:id/identity_document_types/:typeId': { caller: 'superadmin', body: () => ({ label: `Passeport ${tag()}` }), ...notRepeated('one record, changed to the same values') },
  'DELETE /api/establishments/:id/identity_document_types/:typeId': {
    caller: 'superadmin', before: async (w) => ({ identityDocumentType: (await db.insert(identityDocumentTypes).values({ establishmentId: w.establishment, label: `Passeport ${tag()}` })
      .returning())[0]!.id }), ...notRepeated('a record removed'),
  },
  'POST /api/establishments/:id/protocols': {
    caller: 'superadmin', body: () => ({ name: fr(`Protocole ${tag()}`), serviceIds: [], forms: [], boundaries: [], nonObservanceRules: [] }), once: named(protocols),
  },
  'PUT /api/protocols/:protocolId': {
    caller: 'superadmin', body: () => ({ name: fr(`Protocole ${tag()}`), forms: [], boundaries: [], nonObservanceRules: [] }),
    ...notRepeated('one record, changed to the same values'),
  },
  'POST /api/protocols/:protocolId/archive': { caller: 'superadmin', ...notRepeated('a state of one record') },
  'POST /api/protocols/:protocolId/restore': {
    caller: 'superadmin',
    before: async (w) => { await db.update(protocols).set({ archivedAt: new Date() }).where(eq(protocols.id, w.protocol)); },
    ...notRepeated('a state of one record'),
  },

  // Stored files: each prepare is an upload of its own.
  'POST /api/files/prepare': { caller: 'patient.open', body: () => ({ name: 'scan.png' }), ...notRepeated('ten files prepared: ten uploads') },
  'POST /api/files/:id/upload': {
    caller: 'patient.open',
    before: async () => ({ upload: (await calls(browsers.get('patient.open')!).prepare('scan.png')).body.id as string }),
    ...notRepeated('bytes of one file: the first upload stores them, the others are refused'),
  },
  'PUT /api/files/:id': { caller: 'patient.open', body: () => ({ name: 'scan.png' }), ...notRepeated('one record, changed to the same values') },

  // Questionnaires of a file.
  'POST /api/patient_files/:id/forms/:formId': {
    caller: 'prescriber',
    before: async (w) => { await db.delete(patientFileForms).where(eq(patientFileForms.id, w.assignment)); },
    once: { what: 'assignments of the questionnaire to the file', count: ({ world }) => counted(db.select({ n: count() }).from(patientFileForms)
      .where(and(eq(patientFileForms.patientFileId, world.patientFile), eq(patientFileForms.formId, world.form)))) },
  },
  'POST /api/patient_file_forms/:id/activate': {
    caller: 'prescriber',
    before: async (w) => { await db.update(patientFileForms).set({ active: false }).where(eq(patientFileForms.id, w.assignment)); },
    once: history('FORM_ACTIVATED'),
  },
  'POST /api/patient_file_forms/:id/deactivate': { caller: 'prescriber', once: history('FORM_DEACTIVATED') },
  'POST /api/patient_file_forms/:id/overload': {
    caller: 'prescriber', body: () => ({ planning: { everyDays: 2, occurrences: 3, windowHours: 24, graceHours: 0 } }),
    // The new planning replaces the future occurrences: never two occurrences opening at once.
    once: { what: 'occurrences of the questionnaire opening at the same time', count: async ({ world }) => {
      const rows = await db.select({ n: count() }).from(formOccurrences).where(eq(formOccurrences.patientFileFormId, world.assignment)).groupBy(formOccurrences.startAt);
      return Math.max(0, ...rows.map((r) => r.n));
    } },
  },
  'POST /api/patient_file_forms/:id/exclude': { caller: 'prescriber', once: history('FORM_EXCLUDED') },
  'POST /api/patient_file_forms/:id/restore': {
    caller: 'prescriber',
    before: async (w) => { await db.update(patientFileForms).set({ excludedAt: new Date() }).where(eq(patientFileForms.id, w.assignment)); },
    once: history('FORM_RESTORED'),
  },
  'POST /api/patient_files/:id/form_responses/start': {
    caller: 'patient.open', planned: true,
    once: { what: 'responses of the occurrence', count: ({ world }) => counted(db.select({ n: count() }).from(formResponses).where(eq(formResponses.occurrenceId, world.planned.occurrence))) },
  },
  'POST /api/patient_files/:id/form_responses': {
    caller: 'patient.open', planned: true, body: () => ({ answers: sampleAnswer('heart-failure-daily') }),
    once: { what: 'responses of the occurrence', count: ({ world }) => counted(db.select({ n: count() }).from(formResponses).where(eq(formResponses.occurrenceId, world.planned.occurrence))) },
  },

  // The caller's own account.
  'PUT /api/me/timezone': { caller: 'manager', body: () => ({ selectedTimezone: 'Europe/Paris' }), ...notRepeated('a setting replaced by the same') },
  'POST /api/me/terms-acceptance': {
    caller: 'new.terms',
    once: { what: 'acceptances of the terms by the account', count: async () => counted(db.select({ n: count() }).from(consents)
      .where(and(eq(consents.userId, ids['new.terms']!), eq(consents.kind, 'CGU')))) },
  },
  'POST /api/me/personal-data-consent': {
    caller: 'new.consent',
    once: { what: 'consents of the account', count: async () => counted(db.select({ n: count() }).from(consents)
      .where(and(eq(consents.userId, ids['new.consent']!), eq(consents.kind, 'PERSONAL_DATA_USE')))) },
  },
  'PUT /api/me/password': {
    caller: 'manager', body: () => ({ currentPassword: 'Demo-Telesuivi-2025', newPassword: 'Concurrent-change-2026', confirmation: 'Concurrent-change-2026' }),
    // The change holds only where the hash it verified is still there: one of ten takes, the
    // others are told the current password is wrong (it no longer is the one they sent).
    once: { what: 'password changes that took', count: async ({ answers }) => answers.filter((a) => a.status === 204).length },
    after: async () => { await db.update(users).set({ passwordHash: await hashPassword('Demo-Telesuivi-2025') }).where(eq(users.email, demoEmail('manager'))); },
  },

  // The caller's notifications (the world's one is its patient's), preferences and push subscriptions
  // (not the manager's, whose password the case above changes).
  'PUT /api/me/notifications/:id/read': { caller: 'patient.open', ...notRepeated('the first read mark is kept: reading it again changes nothing') },
  'PUT /api/me/notifications/read': { caller: 'patient.open', ...notRepeated('marks what is unread: nothing is created') },
  'PUT /api/me/notification-preferences': {
    caller: 'operator', body: () => ({ preferences: [{ type: 'ALERT', channel: 'EMAIL', enabled: false }] }),
    once: { what: 'choices of the account for ALERT × EMAIL', count: async () => counted(db.select({ n: count() }).from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, ids.operator!), eq(notificationPreferences.type, 'ALERT'), eq(notificationPreferences.channel, 'EMAIL')))) },
  },
  'POST /api/me/push-subscriptions': {
    caller: 'operator', body: () => ({ endpoint: `https://push.example.org/${tag()}`, keys: { p256dh: 'BPUBLIC', auth: 'AUTH' } }),
    once: { what: 'subscriptions of that endpoint', count: ({ call }) => counted(db.select({ n: count() }).from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, call.body!.endpoint as string))) },
  },
  'DELETE /api/me/push-subscriptions': { caller: 'operator', body: () => ({ endpoint: 'https://push.example.org/gone' }), ...notRepeated('forgets a subscription: nothing is created') },

  // A file's status.
  'POST /api/patient_files/:id/close': { caller: 'prescriber', body: () => ({ closingReasonType: 'END_OF_FOLLOW_UP' }), once: history('FILE_CLOSED') },
  'POST /api/patient_files/:id/reopen': {
    caller: 'prescriber',
    before: async (w) => { await closeFile(w); },
    once: history('FILE_REOPENED'),
  },
  'POST /api/patient_files/:id/patient_data/activate': {
    caller: 'prescriber',
    before: async (w) => { await send('prescriber', { method: 'POST', path: `/api/patient_files/${w.patientFile}/patient_data/deactivate` }); },
    once: history('PATIENT_DATA_ACTIVATED'),
  },
  'POST /api/patient_files/:id/patient_data/deactivate': { caller: 'prescriber', once: history('PATIENT_DATA_DEACTIVATED') },

  // Identity of a person (the identity service's simulator answers). Each search and verification
  // is an act recorded as such; what changes the person (the INS number taken) is recorded once.
  'POST /api/persons/:id/identity/search': { caller: 'prescriber', before: findable, ...notRepeated('each search is an act of its own, in the history') },
  'POST /api/persons/:id/identity/take': {
    caller: 'prescriber', before: findable,
    once: { what: 'history entries PROFILE_UPDATED (the INS number taken)', count: async ({ world }) => counted(db.select({ n: count() }).from(patientFileHistory)
      .innerJoin(patientFiles, eq(patientFiles.id, patientFileHistory.patientFileId))
      .where(and(eq(patientFiles.patientId, world.person), eq(patientFileHistory.type, 'PROFILE_UPDATED')))) },
  },
  'POST /api/persons/:id/identity/verify': {
    caller: 'prescriber',
    before: async (w) => { await findable(w); await db.update(users).set({ insNumber: FOUND.insNumber, oid: FOUND.oid }).where(eq(users.id, w.person)); },
    ...notRepeated('each verification is an act of its own, in the history'),
  },
  'PUT /api/persons/:id/identity': { caller: 'prescriber', ...notRepeated('one person, given the same identity') },
  'POST /api/persons/:id/identity_documents/:typeId/from_file/:fileId': {
    caller: 'prescriber', before: async () => ({ upload: await uploadFile(browsers.get('prescriber')!, PNG, 'cni.png', MIME.png) }),
    once: { what: 'identity documents of the uploaded file', count: ({ world }) => counted(db.select({ n: count() }).from(identityDocuments).where(eq(identityDocuments.fileId, world.upload))) },
  },

  // Patients and their files.
  'POST /api/patient_files': {
    caller: 'prescriber',
    body: () => ({ firstNames: 'Jeanne', birthName: 'CONCURRENTE', sex: 'female', birthDate: '1950-02-03', email: `jeanne-${tag()}@example.test`, startDate: '2026-01-10' }),
    once: { what: 'accounts of that e-mail', count: ({ call }) => counted(db.select({ n: count() }).from(users).where(eq(sql`lower(${users.email})`, (call.body!.email as string).toLowerCase()))) },
  },
  'PUT /api/persons/:id': {
    caller: 'prescriber',
    body: () => ({ firstNames: 'Lucie, Jeanne', birthName: 'ROBERT', sex: 'female', birthDate: '1975-03-02', city: 'Antibes', email: `lucie-${tag()}@example.test` }),
    // The profile changed once: the calls after the first find nothing to change.
    once: { what: 'history entries PROFILE_UPDATED', count: async ({ world }) => counted(db.select({ n: count() }).from(patientFileHistory)
      .innerJoin(patientFiles, eq(patientFiles.id, patientFileHistory.patientFileId))
      .where(and(eq(patientFiles.patientId, world.person), eq(patientFileHistory.type, 'PROFILE_UPDATED')))) },
  },

  // Notes: a note is a message of its author; ten sent are ten notes.
  'POST /api/patient_files/:id/notes': { caller: 'prescriber', body: () => ({ text: 'Appel du patient' }), ...notRepeated('ten notes sent are ten notes, as ten messages are') },
  'PUT /api/patient_files/:id/notes/:noteId': { caller: 'prescriber', body: () => ({ text: 'Appel du patient, rappelé' }), ...notRepeated('one note, given the same text') },
  'PUT /api/patient_files/:id/notes/:noteId/archive': { caller: 'prescriber', once: history('NOTE_ARCHIVED') },

  // Documents: ten sent are ten documents (as ten notes); a state change happens once (a conditional update).
  'POST /api/patient_files/:id/documents': {
    // The patient sends her upload (the world's): one document holds it, the other calls find it taken.
    caller: 'patient.open', body: () => ({ type: 'ANALYSIS_RESULTS', title: 'Bilan sanguin' }),
    once: { what: 'documents of the uploaded file', count: ({ world }) => counted(db.select({ n: count() }).from(documents).where(eq(documents.fileId, world.upload))) },
  },
  'POST /api/documents/:id/acquit': {
    caller: 'prescriber',
    // The world's document was added by a professional (acknowledged by its author): waiting again, as a patient's is.
    before: async (w) => { await db.update(documents).set({ acknowledgedAt: null, acknowledgedBy: null }).where(eq(documents.id, w.document)); },
    once: history('DOCUMENT_ACKNOWLEDGED'),
  },
  // An edit locks the row and records what it changed: the first changes the title, the others find it so.
  'PATCH /api/documents/:id': { caller: 'prescriber', body: () => ({ title: 'Bilan corrigé' }), once: history('DOCUMENT_UPDATED') },
  'PUT /api/documents/:id/exclude': { caller: 'prescriber', once: history('DOCUMENT_EXCLUDED') },
  'PUT /api/documents/:id/restore': {
    caller: 'prescriber',
    before: async (w) => { await db.update(documents).set({ excludedAt: new Date(), excludedBy: null }).where(eq(documents.id, w.document)); },
    once: history('DOCUMENT_RESTORED'),
  },
  'DELETE /api/documents/:id': { caller: 'prescriber', body: () => ({ reason: 'Mauvais patient' }), once: history('DOCUMENT_ENTERED_IN_ERROR') },
  // Messages: ten sent are ten messages (as ten notes); an upload is attached to one of them only.
  'POST /api/patient_files/:id/messages': {
    // The patient sends her upload (the world's): one message holds it, the other calls find it taken.
    caller: 'patient.open', body: () => ({ text: 'Voici la photo' }),
    once: { what: 'messages of the uploaded file', count: ({ world }) => counted(db.select({ n: count() }).from(messages).where(eq(messages.fileId, world.upload))) },
  },
  'PUT /api/patient_files/:id/messages/read': { caller: 'prescriber', ...notRepeated('one read position (a primary key), moved to the same message') },
  'DELETE /api/messages/:id/attachment': {
    caller: 'prescriber',
    // The world's message is the prescriber's: give it an attachment of hers to withdraw.
    before: async (w) => {
      const upload = await uploadFile(browsers.get('prescriber')!, PNG, 'schéma.png', MIME.png);
      await db.update(messages).set({ fileId: upload, attachmentKind: 'image' }).where(eq(messages.id, w.message));
    },
    body: () => ({ reason: 'Mauvaise image' }),
    ...notRepeated('a conditional update (withdrawn where not yet): one 200, the others 409; nothing is added'),
  },
  // Therapeutic content (issue 20 §2): an upload makes one item (the attachment's primary key, the
  // others find it taken); words and archived state are states of one item.
  'POST /api/services/:id/education': {
    caller: 'prescriber',
    before: async () => ({ upload: await uploadFile(browsers.get('prescriber')!, PNG, 'affiche.png', MIME.png) }),
    body: () => ({ kind: 'image', title: `Affiche ${tag()}`, youtubeUrl: undefined }),
    once: { what: 'items of the uploaded file', count: ({ world }) => counted(db.select({ n: count() }).from(educationContents).where(eq(educationContents.fileId, world.upload))) },
  },
  'PUT /api/education/:contentId': { caller: 'prescriber', body: () => ({ title: 'Le régime pauvre en sel' }), ...notRepeated('one item, given the same words') },
  'POST /api/education/:contentId/archive': { caller: 'prescriber', ...notRepeated('a state of one item (archiving twice keeps the first date)') },
  'POST /api/education/:contentId/restore': {
    caller: 'prescriber',
    before: async (w) => { await db.update(educationContents).set({ archivedAt: new Date() }).where(eq(educationContents.id, w.educationContent)); },
    ...notRepeated('a state of one item'),
  },
  // A prescription has one live renewal: the renewed row is locked, the others find it renewed.
  'POST /api/documents/:id/renew': {
    caller: 'prescriber',
    // The next prescription's scan: an upload of the prescriber's own (the world's is the patient's).
    before: async (w) => {
      await db.update(documents).set({ type: 'PRESCRIPTION' }).where(eq(documents.id, w.document));
      return { upload: await uploadFile(browsers.get('prescriber')!, PNG, 'ordonnance.png', MIME.png) };
    },
    body: () => ({ title: 'Ordonnance renouvelée', startDate: '2026-01-01', endDate: '2026-12-31' }),
    once: { what: 'renewals of the prescription', count: ({ world }) => counted(db.select({ n: count() }).from(documents).where(eq(documents.renewsDocumentId, world.document))) },
  },

  // Caregivers: one person follows a file once.
  'POST /api/patient_files/:id/caregivers': {
    caller: 'prescriber',
    body: () => ({ newAccount: { firstName: 'Paul', lastName: 'Aidant', email: `paul-${tag()}@example.test` } }),
    once: { what: 'accounts of that e-mail', count: ({ call }) => counted(db.select({ n: count() }).from(users)
      .where(eq(sql`lower(${users.email})`, ((call.body!.newAccount as { email: string }).email).toLowerCase()))) },
  },
  'DELETE /api/patient_files/:id/caregivers/:userId': { caller: 'prescriber', once: history('CAREGIVER_REMOVED') },

  // Protocols of a file: applied once.
  'POST /api/patient_files/:id/protocols/:protocolId/apply': {
    caller: 'prescriber',
    before: async (w) => { await db.delete(patientFileProtocols).where(eq(patientFileProtocols.id, w.fileProtocol)); },
    once: { what: 'applications of the protocol to the file', count: ({ world }) => counted(db.select({ n: count() }).from(patientFileProtocols)
      .where(and(eq(patientFileProtocols.patientFileId, world.patientFile), eq(patientFileProtocols.protocolId, world.protocol)))) },
  },
  'POST /api/patient_file_protocols/:id/activate': {
    caller: 'prescriber',
    before: async (w) => { await db.update(patientFileProtocols).set({ active: false }).where(eq(patientFileProtocols.id, w.fileProtocol)); },
    once: history('PROTOCOL_ACTIVATED'),
  },
  'POST /api/patient_file_protocols/:id/deactivate': { caller: 'prescriber', once: history('PROTOCOL_DEACTIVATED') },
  // An exclusion is recorded as PROTOCOL_DEACTIVATED with `excluded` (on-file.ts): the only one of the world's file.
  'POST /api/patient_file_protocols/:id/exclude': { caller: 'prescriber', once: history('PROTOCOL_DEACTIVATED') },
  'POST /api/patient_file_protocols/:id/restore': {
    caller: 'prescriber',
    before: async (w) => { await db.update(patientFileProtocols).set({ excludedAt: new Date() }).where(eq(patientFileProtocols.id, w.fileProtocol)); },
    once: history('PROTOCOL_RESTORED'),
  },

  // Non-compliance rules: an identical active rule twice raises every alert twice.
  'POST /api/patient_files/:id/indicator_non_observance_rules': {
    caller: 'prescriber', body: () => ({ periodInDays: 4 }),
    once: { what: 'identical active rules on the file', count: ({ world }) => counted(db.select({ n: count() }).from(nonObservanceRules)
      .where(and(eq(nonObservanceRules.patientFileId, world.patientFile), eq(nonObservanceRules.active, true), eq(nonObservanceRules.periodInDays, 4)))) },
  },
  'PUT /api/indicator_non_observance_rules/:ruleId': { caller: 'prescriber', body: () => ({ periodInDays: 5 }), ...notRepeated('one rule, given the same values') },
  'POST /api/indicator_non_observance_rules/:ruleId/deactivate': { caller: 'prescriber', once: history('NON_COMPLIANCE_RULE_DEACTIVATED') },
  'POST /api/indicator_non_observance_rules/:ruleId/exclude': { caller: 'prescriber', once: history('NON_COMPLIANCE_RULE_EXCLUDED') },
  'POST /api/indicator_non_observance_rules/:ruleId/restore': {
    caller: 'prescriber',
    before: async (w) => { await db.update(nonObservanceRules).set({ excludedAt: new Date() }).where(eq(nonObservanceRules.id, w.nonComplianceRule)); },
    once: history('NON_COMPLIANCE_RULE_RESTORED'),
  },
  'POST /api/indicator_non_observance_rules/:ruleId/override': {
    caller: 'prescriber',
    before: async (w) => { await db.update(nonObservanceRules).set({ patientFileProtocolId: w.fileProtocol }).where(eq(nonObservanceRules.id, w.nonComplianceRule)); },
    body: () => ({ periodInDays: 5 }), ...notRepeated('one rule, given the same values'),
  },

  // Measures: an identical value is stored once (measures/duplicates.ts).
  'POST /api/patient_files/:id/indicators/data': {
    caller: 'patient.open',
    body: () => ({ value: 72.4, measuredAt: new Date(gw.clock.now().getTime() - 3_600_000).toISOString() }),
    once: { what: 'identical measures', count: ({ world, call }) => counted(db.select({ n: count() }).from(measures)
      .where(and(eq(measures.patientFileId, world.patientFile), eq(measures.measuredAt, new Date(call.body!.measuredAt as string))))) },
  },
  'POST /api/patient_files/:id/measures/:measureId/entered_in_error': { caller: 'prescriber', body: () => ({ reason: 'Mauvais patient' }), once: history('MEASURE_ENTERED_IN_ERROR') },
  'POST /api/patient_files/:id/measures/:measureId/correction': { caller: 'patient.open', body: () => ({ value: 71 }), once: history('MEASURE_CORRECTED') },

  // Thresholds and reference values of a file.
  // The file's own thresholds on an indicator it has none on yet: the first set is created once.
  'PUT /api/patient_files/:id/indicators/:indicatorId/boundaries': {
    caller: 'prescriber', before: async (w) => ({ indicator: ids[`weight:${w.establishment}`] }),
    body: () => ({ boundaries: [{ operator: '>', value: 95 }] }),
    once: { what: 'own thresholds of the file on the indicator (the body has one)', count: ({ world }) => counted(db.select({ n: count() }).from(indicatorBoundaries)
      .where(and(eq(indicatorBoundaries.patientFileId, world.patientFile), eq(indicatorBoundaries.indicatorId, ids[`weight:${world.establishment}`]!), isNull(indicatorBoundaries.patientFileProtocolId)))) },
  },
  'DELETE /api/patient_files/:id/indicators/:indicatorId/boundaries': {
    caller: 'prescriber', before: async (w) => ({ indicator: ids[`spo2:${w.establishment}`] }), once: history('ALERT_THRESHOLD_DELETED'),
  },
  'POST /api/patient_files/:id/indicator_boundaries/:boundaryId/deactivate': { caller: 'prescriber', once: history('ALERT_THRESHOLD_DEACTIVATED') },
  'POST /api/patient_files/:id/reference-value': {
    caller: 'prescriber', before: async (w) => ({ indicator: ids[`weight:${w.establishment}`] }), body: () => ({ value: 70 }),
    once: { what: 'active reference values of the file on the indicator', count: ({ world }) => counted(db.select({ n: count() }).from(referenceValues)
      .where(and(eq(referenceValues.patientFileId, world.patientFile), eq(referenceValues.indicatorId, ids[`weight:${world.establishment}`]!), isNull(referenceValues.deactivatedAt)))) },
  },
  'POST /api/patient_files/:id/reference-values/:referenceValueId/deactivate': { caller: 'prescriber', once: history('REFERENCE_VALUE_DEACTIVATED') },

  // The indicators tab's charts and table: what a professional shows, not clinical records.
  'POST /api/patient_files/:id/chart_displays': {
    // Ten charts asked are ten charts shown, each removable (a display, not a clinical record); each in a place of its own.
    caller: 'prescriber', body: () => ({ chartType: 'line', periodDays: 30, visibleToPatient: false }),
    once: { what: 'charts of the file at the same position', count: async ({ world }) => {
      const rows = await db.select({ n: count() }).from(chartDisplays).where(eq(chartDisplays.patientFileId, world.patientFile)).groupBy(chartDisplays.position);
      return Math.max(0, ...rows.map((r) => r.n));
    } },
  },
  'PUT /api/chart_displays/:chartDisplayId': {
    caller: 'prescriber', body: () => ({ chartType: 'bar', periodDays: 60, visibleToPatient: true }),
    ...notRepeated('one chart, given the same values'),
  },
  'DELETE /api/chart_displays/:chartDisplayId': { caller: 'prescriber', ...notRepeated('a chart removed') },
  'POST /api/chart_displays/:chartDisplayId/exclude': { caller: 'prescriber', ...notRepeated('a state of one chart') },
  'POST /api/chart_displays/:chartDisplayId/restore': {
    caller: 'prescriber',
    before: async (w) => { await db.update(chartDisplays).set({ excludedAt: new Date() }).where(eq(chartDisplays.id, w.chartDisplay)); },
    ...notRepeated('a state of one chart'),
  },
  'PUT /api/patient_files/:id/indicator_values_table_settings': {
    caller: 'prescriber', body: () => ({ startDate: '2026-01-15' }),
    once: { what: 'table settings of the file', count: ({ world }) => counted(db.select({ n: count() }).from(indicatorValuesTableSettings)
      .where(eq(indicatorValuesTableSettings.patientFileId, world.patientFile))) },
  },

  // Alerts.
  'PUT /api/alerts/:alertId': { caller: 'prescriber', once: history('ALERT_STATUS_SET') },
  'POST /api/alerts/:alertId/close': { caller: 'prescriber', body: () => ({}), once: history('ALERT_CLOSED') },
};

/** Routes of the walk: every state change under /api (the gateway's /ui and /auth are not the care API). */
const walked = (routes: Route[]) => routes.filter((r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)
  // A POST that stores nothing (a search whose criteria travel in a body).
  && ![...CONTRACTS.values()].some((c) => c.readOnly && c.method === r.method && c.url === r.url));

function headersOf(caller: string): Record<string, string> {
  const browser = browsers.get(caller)!;
  return { cookie: browser.sessionCookie.split(';')[0]!, 'x-csrf-token': browser.csrf };
}

async function send(caller: string, call: Call, multipart = false) {
  const headers: Record<string, string> = { ...headersOf(caller) };
  if (call.method === 'POST') headers['idempotency-key'] = randomUUID();
  let payload: string | Buffer | undefined;
  if (multipart) {
    const boundary = `walk${randomUUID()}`;
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="scan.png"\r\ncontent-type: ${MIME.png}\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  } else if (call.body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(call.body);
  }
  const res = await gw.app.inject({ method: call.method as 'POST', url: call.path, headers, ...(payload === undefined ? {} : { payload }) });
  let body: Record<string, unknown> = {};
  try { body = res.json(); } catch { /* an empty answer (204) */ }
  return { status: res.statusCode, body };
}

async function closeFile(w: World) {
  const res = await send('prescriber', { method: 'POST', path: `/api/patient_files/${w.patientFile}/close`, body: { closingReasonType: 'END_OF_FOLLOW_UP' } });
  if (res.status !== 200) throw new Error(`closing the file: ${res.status} ${JSON.stringify(res.body)}`);
}

let routes: Route[];
beforeAll(async () => {
  simulator = buildIdentitySimulator();
  await simulator.listen({ port: 0, host: '127.0.0.1' });
  gw = await startGateway({ IDENTITY_SERVICE_URL: `http://127.0.0.1:${(simulator.server.address() as AddressInfo).port}` });
  db = gw.db.database.db;
  routes = walked(registeredRoutes(gw.app));
  for (const local of new Set(['patient.open', 'caregiver', 'prescriber', ...Object.values(CASES).map((c) => c.caller)])) {
    browsers.set(local, await login(gw.app, demoEmail(local)));
  }
  build = worldBuilder({ db, now: gw.clock.now, browsers });
  for (const local of ['prescriber', 'new.terms', 'new.consent', 'operator']) ids[local] = await userIdOf(db, local);
  for (const reference of ['weight', 'spo2']) {
    for (const row of await db.select({ id: indicators.id, establishmentId: indicators.establishmentId }).from(indicators).where(eq(indicators.reference, reference))) {
      ids[`${reference}:${row.establishmentId}`] = row.id;
    }
  }
}, 300_000);
afterAll(async () => {
  await gw?.close();
  await simulator?.close();
});

describe('every create and state change of the care API, sent ten times at once', () => {
  it('is in the table that says what a duplicate of it is', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(60);
    expect(keys.filter((k) => !(k in CASES)), 'routes to classify in CASES').toEqual([]);
    expect(Object.keys(CASES).filter((k) => !keys.includes(k)), 'CASES of routes that are gone').toEqual([]);
  });

  it('answers no 5xx and leaves no duplicate, each route succeeding at least once', async () => {
    const problems: string[] = [];
    const report: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const c = CASES[key];
      if (!c) continue;
      const fileId = await build.newFile('patient.open', 'chu-azur', 'Cardiologie', ['caregiver']);
      const base = await build.world(fileId, 'chu-azur', 'prescriber', 'patient.open');
      const world: World = { ...base, ...(await c.before?.(base) ?? {}) };
      const sampled = route.schema.body ? sample(route.schema.body as JsonSchema) as Record<string, unknown> : undefined;
      const call = callOf(route, world, c.planned ?? false, undefined, c.body ? { ...sampled, ...c.body(world) } : undefined);
      const answers = await Promise.all(Array.from({ length: TIMES }, () => send(c.caller, call, route.multipart)));
      const tally = new Map<string, number>();
      for (const a of answers) tally.set(`${a.status}${a.status >= 400 ? ` ${String(a.body.code)}` : ''}`, (tally.get(`${a.status}${a.status >= 400 ? ` ${String(a.body.code)}` : ''}`) ?? 0) + 1);
      const failed = answers.filter((a) => a.status >= 500).length;
      const succeeded = answers.filter((a) => a.status < 300).length;
      const found = c.once ? await c.once.count({ world, call, answers }) : undefined;
      await c.after?.(world);
      const duplicates = found === undefined ? 0 : Math.max(0, found - 1);
      report.push(`${key}: ${[...tally].map(([s, n]) => `${n}×${s}`).join(', ')}${c.once ? `; ${c.once.what}: ${found}` : ''}`);
      if (failed) problems.push(`${key}: ${failed} × 5xx`);
      if (duplicates) problems.push(`${key}: ${found} ${c.once!.what}`);
      if (!succeeded) problems.push(`${key}: no call succeeded (${JSON.stringify(answers[0]!.body).slice(0, 200)}): the race was not run`);
    }
    console.log(`concurrent writes, ${TIMES} at once:\n${report.join('\n')}`);
    expect(problems).toEqual([]);
  }, 900_000);
});
