import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n/i18n.ts';
import { notificationsUsed } from '../lib/notify.ts';
import { queryClient } from '../lib/query-client.ts';
import { useStore } from '../lib/use-store.ts';
import { SessionGate } from './session-gate.tsx';
import { AppThemeProvider } from './theme/app-theme-provider.tsx';

/** Notifications stay 5000 ms (spec 000 §9). Their container loads with the first one. */
export const NOTIFICATION_TIMEOUT_MS = 5000;
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

function NotificationsContainer() {
  const used = useStore(notificationsUsed);
  return used ? <Suspense fallback={null}><Notifications autoClose={NOTIFICATION_TIMEOUT_MS} /></Suspense> : null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider>
          <NotificationsContainer />
          <SessionGate />
        </AppThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
