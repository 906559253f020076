/**
 * Who may see and edit an establishment's layouts, from the session's access summary (no query).
 * Seeing: admins, members and the establishment's patients. Editing the establishment's layout:
 * its establishment admins. Editing one's own dashboard or summary: its operators and
 * prescribers (the spec's layout-builder route).
 */
import type { ActiveSession } from '../../auth/session-store.ts';
import { PRIVILEGE_SETS } from '../../../schemas/privileges.ts';
import { canSeeEstablishment, grantedEstablishmentIds, hasRole, holdsAnywhere, holdsInStructure, type Privilege } from '../../care/access.ts';
import { AppError, notFound } from '../../errors.ts';
import { EDITABLE_PAGES, type LayoutBlock } from '../../../schemas/layout.ts';

export const ESTABLISHMENT_EDITORS: readonly Privilege[] = PRIVILEGE_SETS.establishmentLayoutEditors;
export const PERSONAL_EDITORS: readonly Privilege[] = PRIVILEGE_SETS.personalLayoutEditors;

export function assertCanSee(session: ActiveSession, establishmentId: string): void {
  if (!canSeeEstablishment(session.user.roles, session.access, establishmentId)) throw notFound();
}

/** The establishment layout's editors get every block, with its `visibleFor`: the editor needs them all. */
export function editsEstablishmentLayout(session: ActiveSession, establishmentId: string): boolean {
  return holdsInStructure(session.access.grants, establishmentId, ESTABLISHMENT_EDITORS);
}

/**
 * `visibleFor` (docs/architecture.md §4), the rule client/layout-engine/visible-for.ts shows: a block listing
 * roles or privileges is for a viewer who has one of the roles, or holds one of the privileges
 * in the structure shown (directly or through a service).
 */
export function blockVisibility(session: ActiveSession, establishmentId: string): (block: Pick<LayoutBlock, 'visibleFor'>) => boolean {
  return ({ visibleFor: rule }) => {
    if (!rule || (!rule.roles?.length && !rule.privileges?.length)) return true;
    return hasRole(session.user.roles, rule.roles ?? []) || holdsInStructure(session.access.grants, establishmentId, rule.privileges ?? []);
  };
}

export function assertCanEdit(session: ActiveSession, establishmentId: string, page: string, scope: 'establishment' | 'personal'): void {
  assertCanSee(session, establishmentId);
  const editors = scope === 'establishment' ? ESTABLISHMENT_EDITORS : PERSONAL_EDITORS;
  if (!holdsInStructure(session.access.grants, establishmentId, editors)) throw new AppError(403, 'missing_privilege');
  if (scope === 'personal' && !(EDITABLE_PAGES as readonly string[]).includes(page)) throw new AppError(403, 'page_not_personalisable', { page });
}

/** Privileges that administer the whole platform's provisioned files (spec 000 §6: SuperAdmin). */
export const PLATFORM_ADMINS: readonly Privilege[] = ['SUPER_ADMIN'];

/**
 * Whose provisioned files (layouts/<scope>/…) a user may read the state of, at /ui/status:
 * `all` for back-office admins (ROLE_ADMIN) and super admins; for an establishment admin, the
 * establishments they administer (their folders are named by identifier) and those
 * establishments' brands (a brand's files shape their screens, and a brand is public: it is
 * the host name); nobody else. `default/` is the platform's, so only `all` covers it.
 */
export function provisioningReach(session: ActiveSession | undefined): 'all' | { establishmentIds: string[] } | undefined {
  if (!session) return undefined;
  const { grants } = session.access;
  if (hasRole(session.user.roles, 'ROLE_ADMIN') || holdsAnywhere(grants, PLATFORM_ADMINS)) return 'all';
  const establishmentIds = grantedEstablishmentIds(grants).filter((id) => holdsInStructure(grants, id, ESTABLISHMENT_EDITORS));
  return establishmentIds.length ? { establishmentIds } : undefined;
}
