/** The professional area's navigation: the screens whose privileges the user holds in the structure. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useRouteLoaderData } from 'react-router';
import { STRUCTURE_BASE } from '../../lib/paths.ts';
import { useSessionData } from '../../lib/session/use-session.ts';
import { guardStructureRoute } from '../guards/route-guard.ts';
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
  const href = (path: string) => generatePath([STRUCTURE_BASE, path].filter(Boolean).join('/'), { structureIndex: String(index) });
  const nav: NavItem[] = professionalScreens
    .filter((s) => s.navLabel && guardStructureRoute({ attemptedPath: href(s.path), structureId: structure.id, entries: privileges, required: s.privileges }).allowed)
    .map((s) => ({ key: s.id, label: t(s.navLabel!), href: href(s.path), end: s.path === '' }));
  return <ShellFrame nav={nav} navLabel={t('nav.professional.label')} context={<StructureContextLabel structure={structure} />} menu={<UserMenu />} />;
}

export const Component = ProfessionalLayout;
