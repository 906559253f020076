import { LAYOUT_SCOPES } from '../../../../schemas/layout-api.ts';
import { layoutKeys } from '../../../lib/api/query-keys.ts';

/** Whose layout the editor saves: the establishment's (its admins) or the user's own (operators, prescribers). */
export type LayoutScope = (typeof LAYOUT_SCOPES)[number];

export const scopeQuery = (structureId: string, scope: LayoutScope) => ({ structure: structureId, scope });

/** The query keys the editor's changes make stale: every layout of this page in this structure. */
export const pageLayoutsKey = layoutKeys.page;
export const versionsKey = layoutKeys.versions;
