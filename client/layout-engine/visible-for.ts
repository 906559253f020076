/**
 * `visibleFor` (docs/architecture.md §4): a block listing roles or privileges is shown only to a viewer who
 * has one of the roles, or holds one of the privileges in the active structure.
 */
import { PRIVILEGES } from '../../schemas/common.ts';
import type { PrivilegeEntry } from '../../schemas/me.ts';
import type { LayoutBlock } from '../../schemas/layout.ts';
import { holdsInStructure, type Privilege } from '../lib/session/privileges.ts';
import { hasRole } from '../lib/session/roles.ts';

/** Who looks at a layout: their roles, and the privileges they hold in the structure shown. */
export interface Viewer { roles: readonly string[]; privileges: readonly Privilege[] }

export function isBlockVisible(block: Pick<LayoutBlock, 'visibleFor'>, viewer: Viewer): boolean {
  const rule = block.visibleFor;
  if (!rule || (!rule.roles?.length && !rule.privileges?.length)) return true;
  return hasRole(viewer.roles, rule.roles ?? []) || (rule.privileges ?? []).some((p) => viewer.privileges.includes(p));
}

/** The viewer of a structure, from the session's privileges (held directly or through a service). */
export function viewerIn(roles: readonly string[], entries: readonly PrivilegeEntry[], structureId: string): Viewer {
  return { roles, privileges: PRIVILEGES.filter((p) => holdsInStructure(entries, structureId, [p])) };
}
