/**
 * Who may see what: the privilege checks of spec 000 §6 as pure functions, and the SQL scopes
 * every repository applies. A route never decides access itself: it asks a repository, which
 * asks this module. A record outside the caller's scope is simply not found (404, not 403).
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { caregivers, establishmentMembers, patientFiles, serviceMembers, services } from '../db/schema.ts';
import type { PRIVILEGES } from '../../schemas/common.ts';

export type Privilege = (typeof PRIVILEGES)[number];

export interface Grants {
  /** Privileges held directly in an establishment. */
  establishments: Map<string, Privilege[]>;
  /** Privileges held in a service, with the service's establishment. */
  services: Map<string, { establishmentId: string; privileges: Privilege[] }>;
}

/** Privileges that open patient files (spec 000 §2: patient-file routes). */
export const PATIENT_DATA_PRIVILEGES: readonly Privilege[] = ['SUPER_ADMIN', 'OPERATOR', 'PRESCRIBER'];

const intersects = (held: readonly string[], wanted: readonly string[]) => wanted.some((w) => held.includes(w));

/** Role checks are case-insensitive and accept one role or a list (any of them). */
export function hasRole(roles: readonly string[], wanted: string | readonly string[]): boolean {
  const list = (Array.isArray(wanted) ? wanted : [wanted]).map((r: string) => r.toLowerCase());
  return roles.some((r) => list.includes(r.toLowerCase()));
}

/** Held in the structure, directly or through any of its services. */
export function holdsInStructure(grants: Grants, establishmentId: string, wanted: readonly Privilege[]): boolean {
  if (intersects(grants.establishments.get(establishmentId) ?? [], wanted)) return true;
  for (const s of grants.services.values()) if (s.establishmentId === establishmentId && intersects(s.privileges, wanted)) return true;
  return false;
}

/** Held in any structure. */
export function holdsAnywhere(grants: Grants, wanted: readonly Privilege[]): boolean {
  for (const p of grants.establishments.values()) if (intersects(p, wanted)) return true;
  for (const s of grants.services.values()) if (intersects(s.privileges, wanted)) return true;
  return false;
}

/** Held in a given service (spec 000 §6: "held in a given service"). */
export function holdsInService(grants: Grants, serviceId: string, wanted: readonly Privilege[]): boolean {
  const service = grants.services.get(serviceId);
  if (service && intersects(service.privileges, wanted)) return true;
  return false;
}

/** A key present in a list. */
export const keyInList = (key: string, list: readonly string[]) => list.includes(key);

export async function loadGrants(db: Db, userId: string): Promise<Grants> {
  const [direct, viaServices] = await Promise.all([
    db.select({ id: establishmentMembers.establishmentId, privileges: establishmentMembers.privileges })
      .from(establishmentMembers).where(eq(establishmentMembers.userId, userId)),
    db.select({ id: serviceMembers.serviceId, establishmentId: services.establishmentId, privileges: serviceMembers.privileges })
      .from(serviceMembers).innerJoin(services, eq(services.id, serviceMembers.serviceId)).where(eq(serviceMembers.userId, userId)),
  ]);
  return {
    establishments: new Map(direct.map((r) => [r.id, r.privileges as Privilege[]])),
    services: new Map(viaServices.map((r) => [r.id, { establishmentId: r.establishmentId, privileges: r.privileges as Privilege[] }])),
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

/** May the user see this establishment's screens (not its patient data): admin, member, or patient there. */
export function canSeeEstablishment(roles: readonly string[], access: AccessSummary, establishmentId: string): boolean {
  return hasRole(roles, 'ROLE_ADMIN')
    || grantedEstablishmentIds(access.grants).includes(establishmentId)
    || access.patientEstablishmentIds.includes(establishmentId);
}

/** Establishments the grants reach: where any privilege is held, directly or through a service. */
export function grantedEstablishmentIds(grants: Grants): string[] {
  const ids = new Set(grants.establishments.keys());
  for (const s of grants.services.values()) ids.add(s.establishmentId);
  return [...ids];
}

/** `exists (subquery)`: drizzle's exists() does not parenthesise a raw SQL subquery. */
const exists = (subquery: SQL) => sql`exists (${subquery})`;

const pgArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/**
 * Patient files a user may open: their own, those they are caregiver of, and, for professionals,
 * those of services (or whole establishments) where they hold a patient-data privilege.
 */
export function patientFileScope(userId: string): SQL {
  const wanted = pgArray(PATIENT_DATA_PRIVILEGES);
  return or(
    eq(patientFiles.patientId, userId),
    exists(sql`select 1 from ${caregivers} where ${caregivers.patientFileId} = ${patientFiles.id} and ${caregivers.userId} = ${userId}`),
    exists(sql`select 1 from ${serviceMembers} where ${serviceMembers.serviceId} = ${patientFiles.serviceId}
      and ${serviceMembers.userId} = ${userId} and ${serviceMembers.privileges} && ${wanted}`),
    exists(sql`select 1 from ${establishmentMembers} join ${services} on ${services.establishmentId} = ${establishmentMembers.establishmentId}
      where ${services.id} = ${patientFiles.serviceId} and ${establishmentMembers.userId} = ${userId}
      and ${establishmentMembers.privileges} && ${wanted}`),
  )!;
}

/** Patient files seen from the patient side: the user's own and those they are caregiver of. */
export function patientSideFileScope(userId: string): SQL {
  return or(
    eq(patientFiles.patientId, userId),
    exists(sql`select 1 from ${caregivers} where ${caregivers.patientFileId} = ${patientFiles.id} and ${caregivers.userId} = ${userId}`),
  )!;
}

export const scoped = (scope: SQL, condition: SQL | undefined) => (condition ? and(scope, condition)! : scope);
