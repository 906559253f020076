/**
 * The route tables of a logged-in session (spec 000 §2): the common routes, the patient area,
 * and the professional or back-office area according to the session kind.
 */
import { redirect, type RouteObject } from 'react-router';
import { LoadingScreen } from '../../features/loading/loading-screen.tsx';
import { RouteError } from '../../features/errors/route-error.tsx';
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

function structureRoutes(data: SessionData): RouteObject | undefined {
  if (data.kind === 'patient') return undefined;
  const admin = data.kind === 'admin';
  return {
    id: 'structure-area',
    path: rel(STRUCTURE_BASE),
    loader: (args) => structureArea(data, args),
    lazy: admin ? () => import('../layouts/back-office-layout.tsx') : () => import('../layouts/professional-layout.tsx'),
    children: screenRoutes(admin ? backOfficeScreens : professionalScreens, STRUCTURE_BASE, structureScreenGuard(data)),
  };
}

export function appRoutes(data: SessionData): RouteObject[] {
  const common: RouteObject = {
    lazy: () => import('../layouts/common-layout.tsx'),
    children: [
      {
        path: rel(paths.contextSelector.pattern),
        loader: () => {
          const shortcut = contextShortcut(data.patientFiles.length, data.structures.length);
          return shortcut ? redirect(shortcut) : null;
        },
        lazy: () => import('../../features/context-selector/context-selector-page.tsx'),
      },
      { path: rel(paths.notAuthorized.pattern), lazy: () => import('../../features/errors/not-authorized-page.tsx') },
      {
        path: rel(paths.structureCreate.pattern),
        handle: { titleKey: 'screens.structureCreate' },
        lazy: () => import('../../features/placeholder/not-available-page.tsx'),
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
        id: 'patient-area',
        path: rel(PATIENT_BASE),
        loader: (args) => patientArea(data, args),
        lazy: () => import('../layouts/patient-layout.tsx'),
        children: screenRoutes(patientScreens, PATIENT_BASE, patientScreenGuard(data)),
      },
      ...[structureRoutes(data)].filter((r): r is RouteObject => r !== undefined),
      { path: '*', ...redirectTo(paths.root.getHref()) },
    ],
  }];
}
