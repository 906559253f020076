import { useEffect, useState } from 'react';
import { expiryStatus, expiryStore, type ExpiryStatus } from '../../lib/session/expiry-store.ts';
import { useStore } from '../../lib/use-store.ts';

/** Checks the session's remaining time every second (spec 000 §4). */
export function useExpiryStatus(warnMinutes: number): ExpiryStatus {
  const snapshot = useStore(expiryStore);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return expiryStatus(snapshot, warnMinutes, now);
}
