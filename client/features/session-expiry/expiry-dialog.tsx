/**
 * The session-expiry dialog (spec 000 §4): the remaining time is checked every second; the
 * dialog itself (and Mantine's Modal) is loaded only when it has something to say.
 */
import { lazy, Suspense } from 'react';
import { useExpiryStatus } from './use-expiry-status.ts';

const ExpiryDialogView = lazy(() => import('./expiry-dialog-view.tsx'));

export function ExpiryDialog({ warnMinutes }: { warnMinutes: number }) {
  const status = useExpiryStatus(warnMinutes);
  if (status.kind === 'active') return null;
  return (
    <Suspense fallback={null}>
      <ExpiryDialogView status={status} />
    </Suspense>
  );
}
