import { LAYOUT_SCOPES } from '../../../../schemas/layout-api.ts';

/** Whose layout the editor saves: the establishment's (its admins) or the user's own (operators, prescribers). */
export type LayoutScope = (typeof LAYOUT_SCOPES)[number];

export const scopeQuery = (structureId: string, scope: LayoutScope) => ({ structure: structureId, scope });

/** The query keys the editor's changes make stale: every layout of this page in this structure. */
export const pageLayoutsKey = (page: string, structureId: string) => ['ui', 'layouts', page, structureId] as const;
export const versionsKey = (page: string, structureId: string, scope: LayoutScope) => ['ui', 'layout-versions', page, structureId, scope] as const;
