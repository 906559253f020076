/** The patient area's navigation (spec 000 §2): My Tasks, My Monitoring, My Messenger, My Documents, My Directory, My Schedule. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useRouteLoaderData } from 'react-router';
import { PATIENT_BASE } from '../../lib/paths.ts';
import { RouteAccessContext } from '../../lib/route-access.ts';
import { useSessionData } from '../../lib/session/use-session.ts';
import { patientFileContext } from '../guards/patient-context.ts';
import { patientRouteAccess } from '../guards/route-access.ts';
import { patientScreens } from '../routes/patient-screens.ts';
import type { PatientAreaData } from '../router/area-loaders.ts';
import type { NavItem } from './nav-item.ts';
import { PatientContextLabel } from './patient-context-label.tsx';
import { ShellFrame } from './shell-frame.tsx';
import { useActivate } from './use-active-context.ts';
import { UserMenu } from './user-menu.tsx';

export function PatientLayout() {
  const { t } = useTranslation();
  const { me } = useSessionData();
  const { index, patientFile } = useRouteLoaderData('patient-area') as PatientAreaData;
  useActivate(useMemo(() => ({ kind: 'patientFile', index, patientFile }), [index, patientFile]));
  // The guards' own decision, for the navigation, the menu and the layout's shortcuts alike.
  const canOpen = useMemo(() => patientRouteAccess(index, patientFile), [index, patientFile]);
  const href = (path: string) => generatePath([PATIENT_BASE, path].filter(Boolean).join('/'), { patientFileIndex: String(index) });
  const nav: NavItem[] = [
    { key: 'home', label: t('nav.patient.home'), href: href(''), end: true },
    ...patientScreens.filter((s) => s.navLabel && canOpen(href(s.path))).map((s) => ({ key: s.id, label: t(s.navLabel!), href: href(s.path) })),
  ];
  const context = patientFileContext({ userId: me.id, activeFile: patientFile, professionalSide: false });
  return (
    <RouteAccessContext value={canOpen}>
      <ShellFrame
        nav={nav} navLabel={t('nav.patient.label')}
        context={<PatientContextLabel file={patientFile} caregiver={context === 'caregiver'} />}
        menu={<UserMenu patient={{ index }} />}
      />
    </RouteAccessContext>
  );
}

export const Component = PatientLayout;
