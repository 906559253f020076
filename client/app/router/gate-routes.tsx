/** The routes of the states where the user cannot use the application yet. */
import { redirect, type RouteObject } from 'react-router';
import { RouteError } from '../../features/errors/route-error.tsx';
import { paths } from '../../lib/paths.ts';

export function consentRoutes(): RouteObject[] {
  return [
    { path: paths.acceptCgu.pattern, lazy: () => import('../../features/consent/consent-page.tsx'), ErrorBoundary: RouteError },
    { path: '*', loader: () => redirect(paths.acceptCgu.getHref()) },
  ];
}

export function authErrorRoutes(): RouteObject[] {
  return [
    { path: paths.authError.pattern, lazy: () => import('../../features/errors/auth-error-page.tsx'), ErrorBoundary: RouteError },
    { path: '*', loader: () => redirect(paths.authError.getHref()) },
  ];
}
