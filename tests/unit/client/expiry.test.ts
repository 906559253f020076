import { afterEach, describe, expect, it, vi } from 'vitest';
import { expiryStatus } from '../../../client/lib/session/expiry-store.ts';
import { throttle } from '../../../client/lib/session/throttle.ts';

const NOW = 1_000_000;

describe('expiry status (spec 000 §4)', () => {
  it.each([
    ['unknown expiry', { expired: false }, 20, { kind: 'active' }],
    ['far from the end', { expiresAt: NOW + 30 * 60_000, expired: false }, 20, { kind: 'active' }],
    ['exactly at the threshold', { expiresAt: NOW + 20 * 60_000, expired: false }, 20, { kind: 'active' }],
    ['just below the threshold', { expiresAt: NOW + 20 * 60_000 - 1, expired: false }, 20, { kind: 'warning', secondsLeft: 1200 }],
    ['seconds are rounded up', { expiresAt: NOW + 1500, expired: false }, 20, { kind: 'warning', secondsLeft: 2 }],
    ['fractional threshold', { expiresAt: NOW + 20_000, expired: false }, 0.4, { kind: 'warning', secondsLeft: 20 }],
    ['at zero', { expiresAt: NOW, expired: false }, 20, { kind: 'expired' }],
    ['past the end', { expiresAt: NOW - 5000, expired: false }, 20, { kind: 'expired' }],
    ['a 401 while logged in', { expiresAt: NOW + 30 * 60_000, expired: true }, 20, { kind: 'expired' }],
  ] as const)('%s', (_, snapshot, warn, expected) => {
    expect(expiryStatus(snapshot, warn, NOW)).toEqual(expected);
  });
});

describe('throttle (cross-tab broadcast at most once a second)', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('sends the first call at once, then at most one per interval, the latest value last', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const send = throttle((v: number) => sent.push(v), 1000, () => Date.now());
    send(1);
    send(2);
    send(3);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([1, 3]);
    send(4);
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([1, 3]);
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([1, 3, 4]);
    vi.advanceTimersByTime(5000);
    send(5);
    expect(sent).toEqual([1, 3, 4, 5]);
  });
});
