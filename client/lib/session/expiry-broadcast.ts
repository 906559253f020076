/**
 * Shares the session's expiry time across the browser's tabs (spec 000 §4) over a
 * BroadcastChannel, broadcasting at most once a second. A tab that extends the session thus
 * closes the warning in the others, and a tab left idle learns about activity elsewhere.
 */
import { expiresAtFromAnotherTab, expiryStore } from './expiry-store.ts';
import { throttle } from './throttle.ts';

export const EXPIRY_CHANNEL = 'telesuivi-session-expiry';
export const BROADCAST_INTERVAL_MS = 1000;

interface ExpiryMessage { type: 'expiresAt'; expiresAt: number }

export function shareExpiryAcrossTabs(): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(EXPIRY_CHANNEL);
  let received: number | undefined;
  channel.onmessage = (event: MessageEvent<ExpiryMessage>) => {
    if (event.data?.type !== 'expiresAt' || !Number.isFinite(event.data.expiresAt)) return;
    received = event.data.expiresAt;
    expiresAtFromAnotherTab(received);
  };
  const broadcast = throttle((expiresAt: number) => channel.postMessage({ type: 'expiresAt', expiresAt } satisfies ExpiryMessage), BROADCAST_INTERVAL_MS);
  const unsubscribe = expiryStore.subscribe(() => {
    const { expiresAt } = expiryStore.get();
    // A value that came from another tab is not sent back.
    if (expiresAt !== undefined && expiresAt !== received) broadcast(expiresAt);
  });
  return () => { unsubscribe(); channel.close(); };
}
