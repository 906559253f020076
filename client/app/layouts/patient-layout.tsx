/** The patient area's navigation (spec 000 §2): My Tasks, My Monitoring, My Messenger, My Documents, My Directory, My Schedule. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useRouteLoaderData } from 'react-router';
import { formatNumber } from '../../lib/i18n/use-number.ts';
import { isLanguage } from '../../lib/languages.ts';
import { useLiveConnection } from '../../lib/live/live-events.ts';
import { INBOX } from '../../lib/messages/texts.ts';
import { useUnreadOfFile } from '../../lib/messages/unread.ts';
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
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const { me } = useSessionData();
  const { index, patientFile } = useRouteLoaderData('patient-area') as PatientAreaData;
  useActivate(useMemo(() => ({ kind: 'patientFile', index, patientFile }), [index, patientFile]));
  // The guards' own decision, for the navigation, the menu and the layout's shortcuts alike.
  const canOpen = useMemo(() => patientRouteAccess(index, patientFile), [index, patientFile]);
  const href = (path: string) => generatePath([PATIENT_BASE, path].filter(Boolean).join('/'), { patientFileIndex: String(index) });
  useLiveConnection();
  const unread = useUnreadOfFile(patientFile.id);
  const { t: inbox } = useTranslation(INBOX, { useSuspense: false });
  // My Messenger carries the file's unread count (issue 20 §4); the count arrives after the navigation.
  const badgeOf = (id: string) => (id === 'messages' && unread > 0
    ? { text: formatNumber(language, unread), label: inbox('inbox.badge', { count: unread }) } : undefined);
  const nav: NavItem[] = [
    { key: 'home', label: t('nav.patient.home'), href: href(''), end: true },
    ...patientScreens.filter((s) => s.navLabel && canOpen(href(s.path))).map((s) => ({ key: s.id, label: t(s.navLabel!), href: href(s.path), badge: badgeOf(s.id) })),
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
