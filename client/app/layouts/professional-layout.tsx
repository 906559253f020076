/** The professional area's navigation: the screens whose privileges the user holds in the structure. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useRouteLoaderData } from 'react-router';
import { STRUCTURE_BASE } from '../../lib/paths.ts';
import { RouteAccessContext } from '../../lib/route-access.ts';
import { useSessionData } from '../../lib/session/use-session.ts';
import { useLiveAlertCue } from '../../lib/live/live-alert-cue.tsx';
import { structureRouteAccess } from '../guards/route-access.ts';
import { professionalScreens } from '../routes/professional-screens.ts';
import type { StructureAreaData } from '../router/area-loaders.ts';
import type { NavItem } from './nav-item.ts';
import { ShellFrame } from './shell-frame.tsx';
import { StructureContextLabel } from './structure-context-label.tsx';
import { useActivate } from './use-active-context.ts';
import { UserMenu } from './user-menu.tsx';

export function ProfessionalLayout() {
  const { t } = useTranslation();
  const { privileges } = useSessionData();
  const { index, structure } = useRouteLoaderData('structure-area') as StructureAreaData;
  useActivate(useMemo(() => ({ kind: 'structure', index, structure }), [index, structure]));
  // New alerts reach this tab while the professional area is shown (lists and blocks refetch, a cue links to the list).
  useLiveAlertCue(index);
  const href = (path: string) => generatePath([STRUCTURE_BASE, path].filter(Boolean).join('/'), { structureIndex: String(index) });
  const canOpen = useMemo(() => structureRouteAccess(index, structure.id, privileges), [index, structure.id, privileges]);
  const nav: NavItem[] = professionalScreens
    .filter((s) => s.navLabel && canOpen(href(s.path)))
    .map((s) => ({ key: s.id, label: t(s.navLabel!), href: href(s.path), end: s.path === '' }));
  return (
    <RouteAccessContext value={canOpen}>
      <ShellFrame nav={nav} navLabel={t('nav.professional.label')} context={<StructureContextLabel structure={structure} />} menu={<UserMenu />} />
    </RouteAccessContext>
  );
}

export const Component = ProfessionalLayout;
