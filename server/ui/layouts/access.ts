/**
 * The layout routes' access, read from the session (no query): the rules themselves are named
 * policies of server/care/access.ts (`policies.layouts`, docs/architecture.md §4); this file only
 * turns a session into the caller they read and a refusal into 404. A layout of an establishment
 * the caller may not see, or may not edit, is not found: never 403, so no answer tells whether
 * the caller's privileges or the establishment are missing.
 */
import type { ActiveSession } from '../../auth/session-store.ts';
import { policies, type WhoWithFiles } from '../../care/access.ts';
import { AppError, notFound } from '../../errors.ts';
import { EDITABLE_PAGES, type LayoutBlock } from '../../../schemas/layout.ts';

const who = (session: ActiveSession): WhoWithFiles => ({ roles: session.user.roles, ...session.access });

export function assertCanSee(session: ActiveSession, establishmentId: string): void {
  if (!policies.layouts.see(who(session), establishmentId)) throw notFound();
}

/** The establishment layout's editors get every block, with its `visibleFor`: the editor needs them all. */
export function editsEstablishmentLayout(session: ActiveSession, establishmentId: string): boolean {
  return policies.layouts.editEstablishment(who(session), establishmentId);
}

/** Which blocks the viewer sees (policies.layouts.blockVisible). */
export function blockVisibility(session: ActiveSession, establishmentId: string): (block: Pick<LayoutBlock, 'visibleFor'>) => boolean {
  const caller = who(session);
  return ({ visibleFor }) => policies.layouts.blockVisible(caller, establishmentId, visibleFor);
}

export function assertCanEdit(session: ActiveSession, establishmentId: string, page: string, scope: 'establishment' | 'personal'): void {
  const caller = who(session);
  const edits = scope === 'establishment' ? policies.layouts.editEstablishment : policies.layouts.editPersonal;
  if (!policies.layouts.see(caller, establishmentId) || !edits(caller, establishmentId)) throw notFound();
  // Not an access rule: the page is public (EDITABLE_PAGES), and the caller may edit personal layouts.
  if (scope === 'personal' && !(EDITABLE_PAGES as readonly string[]).includes(page)) throw new AppError(403, 'page_not_personalisable', { page });
}

/** Whose provisioned files the caller reads the state of, at /ui/status (policies.layouts.provisioningReach). */
export function provisioningReach(session: ActiveSession | undefined): 'all' | { establishmentIds: string[] } | undefined {
  return session ? policies.layouts.provisioningReach(who(session)) : undefined;
}
