/** The back-office area's navigation, in the administrators' dark theme. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useRouteLoaderData } from 'react-router';
import { STRUCTURE_BASE } from '../../lib/paths.ts';
import { backOfficeScreens } from '../routes/back-office-screens.ts';
import type { StructureAreaData } from '../router/area-loaders.ts';
import type { NavItem } from './nav-item.ts';
import { ShellFrame } from './shell-frame.tsx';
import { StructureContextLabel } from './structure-context-label.tsx';
import { useActivate } from './use-active-context.ts';
import { UserMenu } from './user-menu.tsx';

export function BackOfficeLayout() {
  const { t } = useTranslation();
  const { index, structure } = useRouteLoaderData('structure-area') as StructureAreaData;
  useActivate(useMemo(() => ({ kind: 'structure', index, structure }), [index, structure]));
  const href = (path: string) => generatePath([STRUCTURE_BASE, path].filter(Boolean).join('/'), { structureIndex: String(index) });
  const nav: NavItem[] = backOfficeScreens.filter((s) => s.navLabel).map((s) => ({ key: s.id, label: t(s.navLabel!), href: href(s.path), end: s.path === '' }));
  return <ShellFrame nav={nav} navLabel={t('nav.backOffice.label')} context={<StructureContextLabel structure={structure} />} menu={<UserMenu darkOnly />} />;
}

export const Component = BackOfficeLayout;
