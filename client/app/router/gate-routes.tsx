/** The routes of the states where the user cannot use the application yet. */
import type { RouteObject } from 'react-router';
import { RouteError } from '../../features/errors/route-error.tsx';
import { LoadingScreen } from '../../features/loading/loading-screen.tsx';
import { paths } from '../../lib/paths.ts';
import { redirectTo } from './redirect-route.ts';

export function consentRoutes(): RouteObject[] {
  return [
    { path: paths.acceptCgu.pattern, lazy: () => import('../../features/consent/consent-page.tsx'), ErrorBoundary: RouteError, HydrateFallback: LoadingScreen },
    { path: '*', ...redirectTo(paths.acceptCgu.getHref()), HydrateFallback: LoadingScreen },
  ];
}

export function authErrorRoutes(): RouteObject[] {
  return [
    { path: paths.authError.pattern, lazy: () => import('../../features/errors/auth-error-page.tsx'), ErrorBoundary: RouteError, HydrateFallback: LoadingScreen },
    { path: '*', ...redirectTo(paths.authError.getHref()), HydrateFallback: LoadingScreen },
  ];
}
