/**
 * When the session ends (spec 000 §4): an absolute time computed from the last
 * `X-Session-Expires-In` header, shared across tabs, and an `expired` flag raised by a 401
 * received while logged in.
 */
import { createStore } from '../store.ts';

export interface ExpirySnapshot {
  /** Epoch milliseconds at which the session ends, when known. */
  expiresAt?: number;
  /** The server said the session is gone (401 while logged in). */
  expired: boolean;
}

export const expiryStore = createStore<ExpirySnapshot>({ expired: false });

export function sessionExpiresIn(seconds: number, now = Date.now()) {
  expiryStore.set((s) => ({ ...s, expiresAt: now + seconds * 1000 }));
}

export function expiresAtFromAnotherTab(expiresAt: number) {
  expiryStore.set((s) => (s.expiresAt === expiresAt ? s : { ...s, expiresAt }));
}

export const markSessionExpired = () => expiryStore.set((s) => (s.expired ? s : { ...s, expired: true }));

export type ExpiryStatus = { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'expired' };

/** What the dialog shows, from the expiry time, the warning threshold (minutes) and the clock. */
export function expiryStatus(snapshot: ExpirySnapshot, warnMinutes: number, now: number): ExpiryStatus {
  if (snapshot.expired) return { kind: 'expired' };
  if (snapshot.expiresAt === undefined) return { kind: 'active' };
  const left = snapshot.expiresAt - now;
  if (left <= 0) return { kind: 'expired' };
  if (left < warnMinutes * 60_000) return { kind: 'warning', secondsLeft: Math.ceil(left / 1000) };
  return { kind: 'active' };
}
