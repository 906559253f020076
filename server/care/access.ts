/**
 * Who may see what, in one module: the NAMED POLICIES of spec 000 §2, §6 (`policies` below: pure
 * functions of the caller's roles and grants), the privilege predicates they are written with, and
 * the SQL scopes every care query applies (the caregiver subquery, the patient-file scopes, the
 * structure scope). A route never decides access itself: it opens a scoped handle of the care
 * context (care/context.ts: `care.catalogue(id, 'write')`, `care.protocols(id)`,
 * `care.patientDataIn(id)`, ...), which asks a policy here; the gateway's layout rules
 * (server/ui/layouts/access.ts) ask `policies.layouts`. A record outside the caller's scope is
 * not found (404, never 403: no existence oracle). No other server file imports a predicate or
 * declares a privilege list (tests/unit/access-rules.test.ts).
 *
 * One reading of spec 000's roles per kind of record (privilege sets: schemas/privileges.ts).
 * "in E": held in establishment E directly or through one of its services. ROLE_ADMIN is the
 * back-office administrator (every establishment, no patient data by that role alone).
 *
 * | Kind of record                     | Read                                | Change                                   | Policy                  |
 * |------------------------------------|-------------------------------------|------------------------------------------|-------------------------|
 * | Establishment (its screens, theme) | ROLE_ADMIN; any privilege in E      | —                                        | structure.see           |
 * | Catalogue (indicators, units,      | ROLE_ADMIN; any privilege in E      | ROLE_ADMIN; ADMIN_ESTABLISHMENT or       | catalogue.read / .write |
 * |  types, statuses, levels, identity |                                     |  SUPER_ADMIN in E (catalogueEditors)     |                         |
 * |  document and form types, ...)     |                                     |                                          |                         |
 * | Medical protocols                  | SUPER_ADMIN, PRESCRIBER, MANAGER in E (protocols)                              | protocols.manage        |
 * | Therapeutic content of a service   | patients and caregivers of a file of   | SUPER_ADMIN, PRESCRIBER, MANAGER in E    | protocols.managesService |
 * |  (issue 20 §2)                     |  the service; the file's professionals |  itself or in the service (protocols)    |  (read: the file's scope) |
 * | Patient files, lists over them     | own file, caregiver; SUPER_ADMIN, OPERATOR, PRESCRIBER in the file's service   | patientData.inEstablishment, |
 * |  (search, activities, alerts)      |  or in E (patientData)                                                         |  patientData.opensService |
 * | Documents of a patient file        | the file's professionals: all; the patient: those visible to her; a caregiver: those visible to caregivers | visibleDocuments (SQL) |
 * |                                    | acknowledge, exclude, restore: the file's professionals (requireProfessional) |                      |
 * | Messages of a patient file         | the file's patient, caregivers and professionals: the whole conversation       | (as the file)           |
 * |                                    | send: the same, open file; withdraw an attachment: its author (else 404)      |                         |
 * | Pathologies, directory             | SUPER_ADMIN, OPERATOR, PRESCRIBER, MANAGER in E (clinical)                     | clinical.read           |
 * | A patient's condition (its screen) | the same, in E itself or in the file's service                                 | clinical.readsConditionOf |
 * | Values entered in error            | (as the file)                                                                  | patientData.marksEnteredInError |
 * | Questionnaire versions (validation)| SUPER_ADMIN, MANAGER in E (formValidation)                                     | formValidation.validates |
 * | Layouts of E                       | ROLE_ADMIN; any privilege in E;     | E's layout: ADMIN_ESTABLISHMENT in E;    | layouts.see,            |
 * |                                    |  a patient or caregiver of a file   |  one's own: OPERATOR, PRESCRIBER in E    |  .editEstablishment,    |
 * |                                    |  in E                               |                                          |  .editPersonal          |
 * | Provisioned files' state (/ui/     | ROLE_ADMIN: every folder; catalogue editors of E: E's folders and its brand's | layouts.provisioningReach |
 * |  status)                           |  (a super admin of E sees E's, not another establishment's)                    |                         |
 */
import { hasRole, PRIVILEGE_SETS, type Privilege } from '../../schemas/privileges.ts';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { arrayLiteral } from '../db/array-literal.ts';
import { caregivers, documents, establishmentMembers, establishments, patientFiles, personInterventionLevels, serviceMembers, services } from '../db/schema.ts';

export type { Privilege };

/**
 * A user's privileges, loaded with the session and carried in the identity (plain records, not
 * Maps: the identity travels as JSON in split mode).
 */
export interface Grants {
  /** Privileges held directly in an establishment, by establishment id. */
  establishments: Record<string, Privilege[]>;
  /** Privileges held in a service, by service id, with the service's establishment. */
  services: Record<string, { establishmentId: string; privileges: Privilege[] }>;
}

export const NO_GRANTS: Grants = { establishments: {}, services: {} };

/** Privileges that open patient files (spec 000 §2: patient-file routes). */
export const PATIENT_DATA_PRIVILEGES: readonly Privilege[] = PRIVILEGE_SETS.patientData;

const intersects = (held: readonly string[], wanted: readonly string[]) => wanted.some((w) => held.includes(w));

/** Role checks: the client's (schemas/privileges.ts). */
export { hasRole };

/** Back-office administrators see every structure (spec 000 §6). */
export const isPlatformAdmin = (roles: readonly string[]) => hasRole(roles, 'ROLE_ADMIN');

/** Held in the structure, directly or through any of its services. */
export function holdsInStructure(grants: Grants, establishmentId: string, wanted: readonly Privilege[]): boolean {
  if (intersects(grants.establishments[establishmentId] ?? [], wanted)) return true;
  return Object.values(grants.services).some((s) => s.establishmentId === establishmentId && intersects(s.privileges, wanted));
}

/** Held in a given service (spec 000 §6: "held in a given service"), as the client's guard reads it. */
export function holdsInService(grants: Grants, serviceId: string, wanted: readonly Privilege[]): boolean {
  return intersects(grants.services[serviceId]?.privileges ?? [], wanted);
}

/**
 * The services of an establishment whose patient files the grants open (the professional file
 * scope of patientFileScope, for one establishment): all of them with a patient-data privilege
 * held in the establishment itself, else those where one is held in the service.
 */
export function servicesOpenedIn<S extends { id: string }>(grants: Grants, establishmentId: string, establishmentServices: readonly S[]): S[] {
  if (intersects(grants.establishments[establishmentId] ?? [], PATIENT_DATA_PRIVILEGES)) return [...establishmentServices];
  return establishmentServices.filter((s) => grants.services[s.id]?.establishmentId === establishmentId && holdsInService(grants, s.id, PATIENT_DATA_PRIVILEGES));
}

/** Establishments the grants reach: where any privilege is held, directly or through a service. */
export function grantedEstablishmentIds(grants: Grants): string[] {
  const ids = new Set(Object.keys(grants.establishments));
  for (const s of Object.values(grants.services)) ids.add(s.establishmentId);
  return [...ids];
}

/** Establishments where one of the privileges is held, directly or through a service. */
export function establishmentsHolding(grants: Grants, wanted: readonly Privilege[]): string[] {
  return grantedEstablishmentIds(grants).filter((id) => holdsInStructure(grants, id, wanted));
}

export async function loadGrants(db: Db, userId: string): Promise<Grants> {
  const [direct, viaServices] = await Promise.all([
    db.select({ id: establishmentMembers.establishmentId, privileges: establishmentMembers.privileges })
      .from(establishmentMembers).where(eq(establishmentMembers.userId, userId)),
    db.select({ id: serviceMembers.serviceId, establishmentId: services.establishmentId, privileges: serviceMembers.privileges })
      .from(serviceMembers).innerJoin(services, eq(services.id, serviceMembers.serviceId)).where(eq(serviceMembers.userId, userId)),
  ]);
  return {
    establishments: Object.fromEntries(direct.map((r) => [r.id, r.privileges as Privilege[]])),
    services: Object.fromEntries(viaServices.map((r) => [r.id, { establishmentId: r.establishmentId, privileges: r.privileges as Privilege[] }])),
  };
}

/** A user's reach, loaded with the session: privileges, and the establishments of their patient-side files. */
export interface AccessSummary {
  grants: Grants;
  /** Establishments where the user has a file of their own or follows one as a caregiver. */
  patientEstablishmentIds: string[];
}

export async function loadAccess(db: Db, userId: string): Promise<AccessSummary> {
  const [grants, files] = await Promise.all([
    loadGrants(db, userId),
    db.selectDistinct({ id: services.establishmentId }).from(patientFiles)
      .innerJoin(services, eq(services.id, patientFiles.serviceId)).where(patientSideFileScope(userId)),
  ]);
  return { grants, patientEstablishmentIds: files.map((f) => f.id) };
}

/** May the user see this establishment's screens (not its patient data): admin, member, or patient there (policies.layouts.see). */
export function canSeeEstablishment(roles: readonly string[], access: AccessSummary, establishmentId: string): boolean {
  return policies.layouts.see({ roles, ...access }, establishmentId);
}

// ---- Policies ----------------------------------------------------------------------------------

/** Who asks, as a policy reads them: the account's roles and the session's grants (no query). */
export interface Who { readonly roles: readonly string[]; readonly grants: Grants }
/** Who asks, with the establishments of their patient-side files (layouts: patients see theirs). */
export interface WhoWithFiles extends Who { readonly patientEstablishmentIds: readonly string[] }

/** A block's `visibleFor` rule (schemas/layout.ts), as the layout policy reads it. */
interface VisibleFor { roles?: readonly string[]; privileges?: readonly string[] }

const holdsIn = (who: Who, establishmentId: string, set: keyof typeof PRIVILEGE_SETS) =>
  holdsInStructure(who.grants, establishmentId, PRIVILEGE_SETS[set]);

/**
 * Every access rule, by kind of record (the table at the top of this file). Pure: the care
 * context's handles (care/context.ts) and the gateway's layout routes ask these, nothing else.
 */
export const policies = {
  structure: {
    /** The establishment is the caller's professional structure: back-office admins every one, members theirs. */
    see: (who: Who, establishmentId: string) => isPlatformAdmin(who.roles) || grantedEstablishmentIds(who.grants).includes(establishmentId),
  },
  catalogue: {
    /** Reading the catalogue needs only the establishment in scope. */
    read: (who: Who, establishmentId: string) => policies.structure.see(who, establishmentId),
    /** Back-office admins (every establishment) and the establishment's admins and super admins. */
    write: (who: Who, establishmentId: string) => isPlatformAdmin(who.roles) || holdsIn(who, establishmentId, 'catalogueEditors'),
  },
  protocols: {
    /**
     * The establishment's protocol screens (spec 000 §2 medical-protocols). On a patient file a
     * protocol is applied by the file's professionals (patientData), as a questionnaire is.
     */
    manage: (who: Who, establishmentId: string) => holdsIn(who, establishmentId, 'protocols'),
    /**
     * A service's therapeutic content (issue 20 §2): the people who write the care plan of the
     * service's files (the protocol managers) give its patients their educational material. The
     * privilege is held in the establishment itself or in that service: a prescriber of another
     * service of E does not change this one's library.
     */
    managesService: (who: Who, establishmentId: string, serviceId: string) =>
      intersects(who.grants.establishments[establishmentId] ?? [], PRIVILEGE_SETS.protocols)
      || (who.grants.services[serviceId]?.establishmentId === establishmentId && holdsInService(who.grants, serviceId, PRIVILEGE_SETS.protocols)),
  },
  patientData: {
    /** Opens patient files somewhere in the establishment: its lists (search, activities, alerts), a file as a professional. */
    inEstablishment: (who: Who, establishmentId: string) => holdsIn(who, establishmentId, 'patientData'),
    /** Opens the files of that service: a patient-data privilege held in the establishment itself or in the service. */
    opensService: (who: Who, establishmentId: string, serviceId: string) =>
      servicesOpenedIn(who.grants, establishmentId, [{ id: serviceId }]).length > 0,
    /**
     * Marks a value of the file entered in error (issue 18): the file's professionals, those who
     * open its service (super admin, operator, prescriber: they read its values and deal with its
     * alerts); never the patient or a caregiver, who correct their own typing instead.
     */
    marksEnteredInError: (who: Who, establishmentId: string, serviceId: string) =>
      servicesOpenedIn(who.grants, establishmentId, [{ id: serviceId }]).length > 0,
  },
  clinical: {
    /** The establishment's pathologies (conditions) and its professional directory. */
    read: (who: Who, establishmentId: string) => holdsIn(who, establishmentId, 'clinical'),
    /**
     * A patient's condition (spec 000 §2 condition/:id: super admin, operator, prescriber,
     * manager): a clinical privilege held in the establishment itself or in the file's service,
     * as patientData.opensService reads a patient-data one. The manager, who opens no file, reads it.
     */
    readsConditionOf: (who: Who, establishmentId: string, serviceId: string) =>
      intersects(who.grants.establishments[establishmentId] ?? [], PRIVILEGE_SETS.clinical)
      || (who.grants.services[serviceId]?.establishmentId === establishmentId && holdsInService(who.grants, serviceId, PRIVILEGE_SETS.clinical)),
  },
  formValidation: {
    /** Validates the establishment's questionnaires (surveys/:id/validation): reads their versions. */
    validates: (who: Who, establishmentId: string) => holdsIn(who, establishmentId, 'formValidation'),
  },
  layouts: {
    /** Sees the establishment's screens (not its patient data): back-office admins, members, its patients and caregivers. */
    see: (who: WhoWithFiles, establishmentId: string) =>
      policies.structure.see(who, establishmentId) || who.patientEstablishmentIds.includes(establishmentId),
    /** Edits the establishment's layouts (and so gets every block, with its `visibleFor`). */
    editEstablishment: (who: Who, establishmentId: string) => holdsIn(who, establishmentId, 'establishmentLayoutEditors'),
    /** Edits their own dashboard and patient-file summary there. */
    editPersonal: (who: Who, establishmentId: string) => holdsIn(who, establishmentId, 'personalLayoutEditors'),
    /**
     * `visibleFor` (the rule client/layout-engine/visible-for.ts shows): a block listing roles or
     * privileges is for a viewer with one of the roles, or holding one of the privileges in the
     * establishment shown.
     */
    blockVisible: (who: Who, establishmentId: string, rule: VisibleFor | undefined) =>
      !rule || (!rule.roles?.length && !rule.privileges?.length)
      || hasRole(who.roles, rule.roles ?? [])
      || holdsInStructure(who.grants, establishmentId, (rule.privileges ?? []) as readonly Privilege[]),
    /**
     * Whose provisioned files (layouts/<scope>/...) the caller reads the state of (/ui/status):
     * `all` for back-office admins only; the establishments whose configuration the caller
     * administers (catalogueEditors: an establishment admin, a super admin — of THAT
     * establishment, never every one); undefined for anyone else.
     */
    provisioningReach: (who: Who): 'all' | { establishmentIds: string[] } | undefined => {
      if (isPlatformAdmin(who.roles)) return 'all';
      const establishmentIds = establishmentsHolding(who.grants, PRIVILEGE_SETS.catalogueEditors);
      return establishmentIds.length ? { establishmentIds } : undefined;
    },
  },
} as const;

// ---- SQL scopes -------------------------------------------------------------------------------

/** `exists (subquery)`: drizzle's exists() does not parenthesise a raw SQL subquery. */
const exists = (subquery: SQL) => sql`exists (${subquery})`;
/** Never true: an empty list of ids in SQL. */
const NOTHING = sql`false`;

/** The user follows the patient file of the current row as a caregiver: THE caregiver subquery. */
export const followsAsCaregiver = (userId: string): SQL =>
  exists(sql`select 1 from ${caregivers} where ${caregivers.patientFileId} = ${patientFiles.id} and ${caregivers.userId} = ${userId}`);

/** Patient files seen from the patient side: the user's own and those they are caregiver of. */
export function patientSideFileScope(userId: string): SQL {
  return or(eq(patientFiles.patientId, userId), followsAsCaregiver(userId))!;
}

/** Who asks, as the scopes need it. */
export interface Caller { userId: string; roles: readonly string[]; grants: Grants }

/**
 * Patient files a user may open: their own, those they are caregiver of, and, for professionals,
 * those of services (or whole establishments) where they hold a patient-data privilege, read from
 * the grants of the session (no join on the membership tables per query).
 */
export function patientFileScope(caller: Caller): SQL {
  const { serviceIds, establishmentIds } = patientDataGrants(caller.grants);
  return or(
    patientSideFileScope(caller.userId),
    serviceIds.length ? inArray(patientFiles.serviceId, serviceIds) : undefined,
    establishmentIds.length
      ? sql`${patientFiles.serviceId} in (select ${services.id} from ${services} where ${inArray(services.establishmentId, establishmentIds)})`
      : undefined,
  )!;
}

/** Where the grants hold a patient-data privilege: services, and whole establishments. */
function patientDataGrants(grants: Grants): { serviceIds: string[]; establishmentIds: string[] } {
  return {
    serviceIds: Object.entries(grants.services).filter(([, s]) => intersects(s.privileges, PATIENT_DATA_PRIVILEGES)).map(([id]) => id),
    establishmentIds: Object.entries(grants.establishments).filter(([, privileges]) => intersects(privileges, PATIENT_DATA_PRIVILEGES)).map(([id]) => id),
  };
}

/**
 * The services whose patient files a professional opens (the professional part of
 * patientFileScope), as a set of ids, so that each live event is a lookup. One query only when a
 * privilege is held for a whole establishment.
 */
export async function professionalServiceIds(db: Db, grants: Grants): Promise<ReadonlySet<string>> {
  const { serviceIds, establishmentIds } = patientDataGrants(grants);
  const ids = new Set(serviceIds);
  if (establishmentIds.length) {
    const rows = await db.select({ id: services.id }).from(services).where(inArray(services.establishmentId, establishmentIds));
    for (const row of rows) ids.add(row.id);
  }
  return ids;
}

/**
 * The same from the memberships as the database holds them now, not from the identity's grants
 * (read with the session, up to the gateway's cacheMs earlier, or signed before a change): what a
 * live stream opens with, after it has subscribed to the access notices that would end it
 * (server/care/events/routes.ts).
 */
export async function currentProfessionalServiceIds(db: Db, userId: string): Promise<ReadonlySet<string>> {
  return professionalServiceIds(db, await loadGrants(db, userId));
}

/**
 * The structures of the professional side (rows of `establishments`): those where the caller holds
 * any privilege; undefined means every establishment (back-office admins).
 */
export function structureScope(caller: Caller): SQL | undefined {
  if (isPlatformAdmin(caller.roles)) return undefined;
  const ids = grantedEstablishmentIds(caller.grants);
  return ids.length ? inArray(establishments.id, ids) : NOTHING;
}

/** Establishments of the caller's patient-side files (patients and caregivers see their theme). */
export function patientSideStructureScope(userId: string): SQL {
  return sql`${establishments.id} in (select ${services.establishmentId} from ${patientFiles}
    join ${services} on ${services.id} = ${patientFiles.serviceId} where ${patientSideFileScope(userId)})`;
}

export const scoped = (scope: SQL | undefined, condition: SQL | undefined) => and(scope, condition);

/** The user is a professional of the service: a member of it, or of its whole establishment (who is called at a level, issue 11 §1). */
export const professionalOfService = (userId: string, serviceId: string): SQL => sql`(
  exists (select 1 from ${serviceMembers} where ${serviceMembers.serviceId} = ${serviceId} and ${serviceMembers.userId} = ${userId})
  or exists (select 1 from ${establishmentMembers} join ${services} on ${services.establishmentId} = ${establishmentMembers.establishmentId}
    where ${services.id} = ${serviceId} and ${establishmentMembers.userId} = ${userId}))`;

/**
 * The reverse of patientFileScope's professional part: who opens this file as a professional, as
 * the memberships are now (a patient-data privilege in its service or its whole establishment).
 * Whom a notification about the file may reach (server/notifications/).
 */
export async function professionalsOfFile(db: Db, patientFileId: string): Promise<string[]> {
  const held = sql`${arrayLiteral(PATIENT_DATA_PRIVILEGES)}::text[]`;
  const rows = (await db.execute(sql`
    select sm.user_id from ${serviceMembers} sm join ${patientFiles} f on f.service_id = sm.service_id
      where f.id = ${patientFileId} and sm.privileges && ${held}
    union
    select em.user_id from ${establishmentMembers} em join ${services} s on s.establishment_id = em.establishment_id
      join ${patientFiles} f on f.service_id = s.id
      where f.id = ${patientFileId} and em.privileges && ${held}`)) as unknown as { rows: { user_id: string }[] };
  return rows.rows.map((r) => r.user_id);
}

/**
 * Who is called at these intervention levels in the service (person_intervention_levels) and
 * opens its patient files: an alert's recipients. A level given to someone who has since lost the
 * service's patient data reaches no one.
 */
export async function calledAtLevels(db: Db, serviceId: string, levelIds: readonly string[]): Promise<string[]> {
  if (levelIds.length === 0) return [];
  const held = sql`${arrayLiteral(PATIENT_DATA_PRIVILEGES)}::text[]`;
  const rows = (await db.execute(sql`
    select distinct pil.person_id from ${personInterventionLevels} pil
      where pil.service_id = ${serviceId} and pil.level_id = any(${arrayLiteral(levelIds)}::uuid[])
        and (exists (select 1 from ${serviceMembers} sm where sm.service_id = pil.service_id and sm.user_id = pil.person_id and sm.privileges && ${held})
          or exists (select 1 from ${establishmentMembers} em join ${services} s on s.establishment_id = em.establishment_id
            where s.id = pil.service_id and em.user_id = pil.person_id and em.privileges && ${held}))`)) as unknown as { rows: { person_id: string }[] };
  return rows.rows.map((r) => r.person_id);
}

/**
 * The documents of an opened file the caller sees, by how they reach it (PatientFileHandle.as):
 * the file's professionals every one; the patient those visible to her, live ones only;
 * a caregiver those visible to caregivers, live ones only. Excluded and entered-in-error documents
 * are the care team's to see (spec 001 §4: hidden from the patient's side, never deleted).
 */
export function visibleDocuments(as: 'patient' | 'caregiver' | 'professional'): SQL | undefined {
  if (as === 'professional') return undefined;
  const live = and(isNull(documents.excludedAt), isNull(documents.enteredInErrorAt));
  return and(live, as === 'patient' ? eq(documents.visibleToPatient, true) : eq(documents.visibleToCaregivers, true));
}
