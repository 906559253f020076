/**
 * The care context: built once per request from the caller's identity (Medplum's
 * repository-per-login) and read as `request.care` (care/plugin.ts builds it on first use, so a
 * route that does not need it pays nothing). It holds who asks, their language, the clock, the
 * database and their grants — loaded with the session and carried in the identity, never
 * reloaded per call — and opens records only through the scopes and named policies of
 * care/access.ts: `patientFile(id)` answers a handle whose queries are scoped to that file and
 * which records its history; `establishment(id)` a structure of the caller's; `catalogue(id,
 * 'read' | 'write')`, `protocols(id)`, `patientDataIn(id)`, `clinical(id)` and
 * `formValidation(id)` an establishment for one kind of record, each asking its policy;
 * `educationOf(serviceId)` a service's therapeutic content for its protocol managers. Anything
 * else is not found (404, never 403). Repositories ask these handles; none holds a privilege
 * list or a predicate of its own (tests/unit/access-rules.test.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alertBatches, alerts, chartDisplays, documents, establishments, messages, formResponses, nonObservanceRules, patientFileForms, patientFileProtocols, patientFiles, services } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import type { Identity } from '../identity.ts';
import type { Language } from '../i18n/index.ts';
import {
  followsAsCaregiver, NO_GRANTS, patientFileScope, policies, structureScope,
  type Caller, type Grants,
} from './access.ts';
import { patientFileHandle, type PatientFileHandle } from './patient-file.ts';

/** Records that name their patient file, to open the file from one of them. */
const PARENTS = {
  assignment: { table: patientFileForms, id: patientFileForms.id, fileId: patientFileForms.patientFileId },
  response: { table: formResponses, id: formResponses.id, fileId: formResponses.patientFileId },
  /** A file's non-compliance rule (a protocol's own, with no file, is found by nobody here). */
  rule: { table: nonObservanceRules, id: nonObservanceRules.id, fileId: nonObservanceRules.patientFileId },
  /** A protocol applied to a file (patient_file_protocols/:id). */
  fileProtocol: { table: patientFileProtocols, id: patientFileProtocols.id, fileId: patientFileProtocols.patientFileId },
  /** A chart display of a file's indicators tab. */
  chartDisplay: { table: chartDisplays, id: chartDisplays.id, fileId: chartDisplays.patientFileId },
  /** An alert (alerts/:alertId) and an alert batch (alert_batches/:id). */
  alert: { table: alerts, id: alerts.id, fileId: alerts.patientFileId },
  alertBatch: { table: alertBatches, id: alertBatches.id, fileId: alertBatches.patientFileId },
  /** A document of a file (documents/:id): the document itself is then read through visibleDocuments. */
  document: { table: documents, id: documents.id, fileId: documents.patientFileId },
  /** A message of a file's conversation (messages/:id): the whole conversation is the file's people's. */
  message: { table: messages, id: messages.id, fileId: messages.patientFileId },
} as const;

export interface CareContext extends Caller {
  readonly db: Db;
  readonly identity: Identity;
  readonly language: Language;
  readonly timeZone: string;
  now(): Date;
  /** The patient files the caller may open, as a condition on `patient_files` rows. */
  readonly fileScope: SQL;
  /** The caller's structures, as a condition on `establishments` rows; undefined: all (admins). */
  readonly structureScope: SQL | undefined;
  /** A patient file through the caller's scope; 404 otherwise. */
  patientFile(id: string): Promise<PatientFileHandle>;
  /** The patient file of an assignment, a response, a rule or an applied protocol, through the caller's scope; 404 otherwise. */
  patientFileOf(kind: keyof typeof PARENTS, id: string): Promise<PatientFileHandle>;
  /** A structure of the caller's (admins: any; members: theirs); 404 otherwise. */
  establishment(id: string): Promise<EstablishmentRow>;
  /** The establishment's catalogue: read by anyone it is in scope for, written by its catalogue editors (policies.catalogue); 404 otherwise. */
  catalogue(establishmentId: string, access: 'read' | 'write'): Promise<EstablishmentRow>;
  /** The establishment's medical protocols, for their managers (policies.protocols.manage); 404 otherwise. */
  protocols(establishmentId: string): Promise<EstablishmentRow>;
  /** A service's therapeutic content, for its protocol managers (policies.protocols.managesService); 404 otherwise. */
  educationOf(serviceId: string): Promise<ServiceRow>;
  /**
   * The establishment's patient data as a professional (lists: search, activities, alerts), for
   * those who open files there (policies.patientData); 404 otherwise. `opens(serviceId)`: whether
   * the caller opens that service's files (held in the establishment itself, or in the service).
   */
  patientDataIn(establishmentId: string): Promise<PatientDataScope>;
  /**
   * The same scope without the establishment's row: `value` is read in the statement that checks
   * the establishment (one round trip; the alerts list's version, alerts/list-cache.ts). Nothing is
   * read when the policy refuses; 404 as patientDataIn.
   */
  patientDataWith<T>(establishmentId: string, value: SQL<T>): Promise<{ opens(serviceId: string): boolean; value: T }>;
  /** Whether the caller opens the files of this service as a professional (no query: a service already read). */
  opensFilesOf(service: { id: string; establishmentId: string }): boolean;
  /** The establishment's pathologies and directory (policies.clinical); 404 otherwise. */
  clinical(establishmentId: string): Promise<EstablishmentRow>;
  /** Whether the caller reads the conditions of this service's files (policies.clinical.readsConditionOf; no query). */
  readsConditionsOf(service: { id: string; establishmentId: string }): boolean;
  /** The establishment's questionnaires to validate (policies.formValidation); 404 otherwise. */
  formValidation(establishmentId: string): Promise<EstablishmentRow>;
}

type EstablishmentRow = typeof establishments.$inferSelect;
type ServiceRow = typeof services.$inferSelect;

export interface PatientDataScope {
  readonly establishment: EstablishmentRow;
  opens(serviceId: string): boolean;
}

export function careContext(db: Db, identity: Identity, now: () => Date): CareContext {
  const userId = identity.user.id;
  const roles = identity.user.roles;
  // An identity signed before grants travelled in it has none: the caller reaches only their own files.
  const grants: Grants = identity.grants ?? NO_GRANTS;
  const caller: Caller = { userId, roles, grants };
  // Built on first use: a request that never opens a file (the alerts list) does not pay for it.
  let fileScopeSql: SQL | undefined;
  const fileScope = () => (fileScopeSql ??= patientFileScope(caller));

  async function open(where: SQL): Promise<PatientFileHandle> {
    const [row] = await db.select({
      id: patientFiles.id, patientId: patientFiles.patientId, serviceId: patientFiles.serviceId, status: patientFiles.status,
      establishmentId: services.establishmentId, caregiver: followsAsCaregiver(userId).mapWith(Boolean),
    }).from(patientFiles).innerJoin(services, eq(services.id, patientFiles.serviceId))
      .where(and(where, fileScope()));
    if (!row) throw notFound();
    const { caregiver, ...file } = row;
    const as = file.patientId === userId ? 'patient' : caregiver ? 'caregiver' : 'professional';
    return patientFileHandle(db, caller, now, { ...file, as });
  }

  async function establishment(id: string): Promise<EstablishmentRow> {
    const [row] = await db.select().from(establishments).where(and(eq(establishments.id, id), structureScope(caller)));
    if (!row) throw notFound();
    return row;
  }

  /** `value`, read where the establishment is in the structure scope; 404 otherwise. */
  async function withinEstablishment<T>(id: string, value: SQL<T>): Promise<T> {
    // Both drivers (pg, PGlite) answer `{ rows }`; a plain statement: no row object to build.
    const { rows } = (await db.execute(sql`select ${value} as value from ${establishments} where ${and(eq(establishments.id, id), structureScope(caller))}`)) as unknown as { rows: { value: T }[] };
    if (!rows.length) throw notFound();
    return rows[0]!.value;
  }

  /** The establishment when the policy allows it: the policy first (no query for a refusal), then the row through the structure scope. */
  function openIf(allowed: boolean, establishmentId: string): Promise<EstablishmentRow> {
    if (!allowed) throw notFound();
    return establishment(establishmentId);
  }

  return {
    ...caller, db, identity, now,
    language: identity.locale,
    timeZone: identity.timeZone,
    get fileScope() { return fileScope(); },
    get structureScope() { return structureScope(caller); },
    patientFile: (id) => open(eq(patientFiles.id, id)),
    patientFileOf(kind, id) {
      const parent = PARENTS[kind];
      return open(sql`${patientFiles.id} = (select ${parent.fileId} from ${parent.table} where ${parent.id} = ${id})`);
    },
    establishment,
    catalogue: async (establishmentId, access) =>
      openIf(policies.catalogue[access](caller, establishmentId), establishmentId),
    protocols: async (establishmentId) => openIf(policies.protocols.manage(caller, establishmentId), establishmentId),
    async educationOf(serviceId) {
      const [row] = await db.select().from(services).where(eq(services.id, serviceId));
      // One answer for an unknown service and a refused one (no existence oracle).
      if (!row || !policies.protocols.managesService(caller, row.establishmentId, row.id)) throw notFound();
      return row;
    },
    async patientDataIn(establishmentId) {
      const row = await openIf(policies.patientData.inEstablishment(caller, establishmentId), establishmentId);
      return { establishment: row, opens: (serviceId) => policies.patientData.opensService(caller, establishmentId, serviceId) };
    },
    async patientDataWith(establishmentId, value) {
      if (!policies.patientData.inEstablishment(caller, establishmentId)) throw notFound();
      return { value: await withinEstablishment(establishmentId, value), opens: (serviceId) => policies.patientData.opensService(caller, establishmentId, serviceId) };
    },
    opensFilesOf: (service) => policies.patientData.opensService(caller, service.establishmentId, service.id),
    clinical: async (establishmentId) => openIf(policies.clinical.read(caller, establishmentId), establishmentId),
    readsConditionsOf: (service) => policies.clinical.readsConditionOf(caller, service.establishmentId, service.id),
    formValidation: async (establishmentId) => openIf(policies.formValidation.validates(caller, establishmentId), establishmentId),
  };
}
