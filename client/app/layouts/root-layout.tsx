import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from '../../features/loading/navigation-progress.tsx';
import { ExpiryDialog } from '../../features/session-expiry/expiry-dialog.tsx';
import { runtimeConfig } from '../../lib/config.ts';

/** Around every logged-in screen: the loading bar, the session-expiry dialog. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ExpiryDialog warnMinutes={runtimeConfig().timeRemainingBeforeUserWarn} />
      <ScrollRestoration />
    </>
  );
}
