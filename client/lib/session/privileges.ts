/**
 * The four privilege checks of spec 000 §6, on the GET /me/privileges answer. The gateway
 * applies the same rules (server/care/access.ts); these decide what the interface offers.
 */
import type { Privilege } from '../../../schemas/privileges.ts';
import type { PrivilegeEntry } from '../../../schemas/me.ts';

/** One of the privileges of spec 000 §6. */
export type { Privilege };

const intersects = (held: readonly string[], wanted: readonly string[]) => wanted.some((w) => held.includes(w));

/** Held in the structure, directly or through any of its services. */
export function holdsInStructure(entries: readonly PrivilegeEntry[], structureId: string, wanted: readonly Privilege[]): boolean {
  const entry = entries.find((e) => e.establishment.id === structureId);
  if (!entry) return false;
  return intersects(entry.privileges, wanted) || entry.services.some((s) => intersects(s.privileges, wanted));
}

/** Held in any structure. */
export function holdsAnywhere(entries: readonly PrivilegeEntry[], wanted: readonly Privilege[]): boolean {
  return entries.some((e) => holdsInStructure(entries, e.establishment.id, wanted));
}

/** Held in a given service. */
export function holdsInService(entries: readonly PrivilegeEntry[], serviceId: string, wanted: readonly Privilege[]): boolean {
  return entries.some((e) => e.services.some((s) => s.id === serviceId && intersects(s.privileges, wanted)));
}

/** A key present in a list. */
export const keyInList = (key: string, list: readonly string[]): boolean => list.includes(key);
