/**
 * Renders the router of the session's state, created once that state is known so that no
 * navigation happens before the application is ready (spec 000 §2, §4). The logged-in router
 * lives as long as the user's session: when the session's data change (patient files
 * refreshed), it is revalidated, so its guards and areas run again on the new data.
 */
import { useEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { LoadingScreen } from '../features/loading/loading-screen.tsx';
import { paths } from '../lib/paths.ts';
import { keepPatientFilesFresh } from '../lib/session/patient-files-refresh.ts';
import { sessionStore, type SessionData } from '../lib/session/session-store.ts';
import { useSession } from '../lib/session/use-session.ts';
import { appRoutes } from './router/app-routes.tsx';
import { authErrorRoutes, consentRoutes } from './router/gate-routes.tsx';
import { routerKindFor, type RouterKind } from './router/router-kind.ts';
import { storeTarget, takeStoredTarget } from './router/stored-target.ts';

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

const currentData = (): SessionData => {
  const { data } = sessionStore.get();
  if (!data) throw new Error('No session data');
  return data;
};

function createRouter(kind: RouterKind, data: SessionData | undefined) {
  if (kind === 'app' && data) {
    const target = takeStoredTarget();
    if (target) window.history.replaceState(null, '', target);
    return createBrowserRouter(appRoutes(currentData));
  }
  if (kind === 'consent') {
    if (window.location.pathname !== paths.acceptCgu.getHref()) storeTarget(here());
    return createBrowserRouter(consentRoutes());
  }
  if (kind === 'authError') return createBrowserRouter(authErrorRoutes());
  return undefined;
}

export function SessionGate() {
  const { state, data } = useSession();
  const kind = routerKindFor(state, window.location.pathname);
  const userId = data?.me.id;
  const router = useMemo(() => createRouter(kind, data), [kind, userId]);
  useEffect(() => () => router?.dispose(), [router]);
  useEffect(() => {
    if (kind !== 'app' || !router) return;
    let seen = sessionStore.get().data;
    const stopRevalidating = sessionStore.subscribe(() => {
      const next = sessionStore.get().data;
      if (next && next !== seen) void router.revalidate();
      seen = next;
    });
    const stopRefreshing = keepPatientFilesFresh();
    return () => { stopRevalidating(); stopRefreshing(); };
  }, [kind, router]);
  if (!router) return <LoadingScreen />;
  return <RouterProvider router={router} />;
}
