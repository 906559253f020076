/**
 * The route tables of a logged-in session (spec 000 §2): the common routes, the patient area,
 * and the professional or back-office area according to the session kind.
 */
import { redirect, type RouteObject } from 'react-router';
import { LoadingScreen } from '../../features/loading/loading-screen.tsx';
import { RouteError } from '../../features/errors/route-error.tsx';
import { AREA_ROUTE_IDS } from '../../lib/areas.ts';
import { paths, PATIENT_BASE, STRUCTURE_BASE } from '../../lib/paths.ts';
import type { SessionData } from '../../lib/session/session-store.ts';
import { contextShortcut } from '../guards/context-selector-rule.ts';
import { RootLayout } from '../layouts/root-layout.tsx';
import { backOfficeScreens } from '../routes/back-office-screens.ts';
import { patientScreens } from '../routes/patient-screens.ts';
import { professionalScreens } from '../routes/professional-screens.ts';
import { patientArea, patientScreenGuard, structureArea, structureScreenGuard } from './area-loaders.ts';
import { redirectTo } from './redirect-route.ts';
import { screenRoutes } from './screen-routes.ts';

const rel = (pattern: string) => pattern.replace(/^\//, '');

function structureRoutes(session: () => SessionData): RouteObject | undefined {
  const { kind } = session();
  if (kind === 'patient') return undefined;
  const admin = kind === 'admin';
  return {
    id: AREA_ROUTE_IDS.structure,
    path: rel(STRUCTURE_BASE),
    loader: (args) => structureArea(session(), args),
    lazy: admin ? () => import('../layouts/back-office-layout.tsx') : () => import('../layouts/professional-layout.tsx'),
    children: screenRoutes(admin ? backOfficeScreens : professionalScreens, STRUCTURE_BASE, structureScreenGuard(session)),
  };
}

/**
 * `session()` gives the session's data as it is when a loader runs: the patient files are
 * refreshed during the session (lib/session/patient-files-refresh.ts) and the router is
 * revalidated then, so guards and areas see a file closed since login.
 */
export function appRoutes(session: () => SessionData): RouteObject[] {
  const common: RouteObject = {
    lazy: () => import('../layouts/common-layout.tsx'),
    children: [
      {
        path: rel(paths.contextSelector.pattern),
        loader: () => {
          const { patientFiles, structures } = session();
          const shortcut = contextShortcut(patientFiles.length, structures.length);
          return shortcut ? redirect(shortcut) : null;
        },
        lazy: () => import('../../features/context-selector/context-selector-page.tsx'),
      },
      { path: rel(paths.notAuthorized.pattern), lazy: () => import('../../features/errors/not-authorized-page.tsx') },
      {
        path: rel(paths.structureCreate.pattern),
        handle: { titleKey: 'screens.structureCreate' },
        lazy: () => import('../../lib/ui/placeholder/not-available-page.tsx'),
      },
    ],
  };
  return [{
    path: paths.root.pattern,
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: LoadingScreen,
    children: [
      { index: true, ...redirectTo(paths.contextSelector.getHref()) },
      common,
      { path: rel(paths.acceptCgu.pattern), ...redirectTo(paths.root.getHref()) },
      { path: rel(paths.authError.pattern), lazy: () => import('../../features/errors/auth-error-page.tsx') },
      {
        id: AREA_ROUTE_IDS.patient,
        path: rel(PATIENT_BASE),
        loader: (args) => patientArea(session(), args),
        lazy: () => import('../layouts/patient-layout.tsx'),
        children: screenRoutes(patientScreens, PATIENT_BASE, patientScreenGuard(session)),
      },
      ...[structureRoutes(session)].filter((r): r is RouteObject => r !== undefined),
      { path: '*', ...redirectTo(paths.root.getHref()) },
    ],
  }];
}
