import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { SessionGate } from './session-gate.tsx';
import { AppThemeProvider } from './theme/app-theme-provider.tsx';

/** Notifications stay 5000 ms (spec 000 §9). */
export const NOTIFICATION_TIMEOUT_MS = 5000;

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AppThemeProvider>
          <Notifications autoClose={NOTIFICATION_TIMEOUT_MS} />
          <SessionGate />
        </AppThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
