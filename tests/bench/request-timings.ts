/**
 * Wall-clock timings of HTTP requests, one at a time, for the benches that compare a list's
 * requests with a baseline in the same run (patient-file-history.ts, alerts-list.ts): three
 * warm-up rounds (caches, plans), then `rounds` rounds interleaving every target.
 */
import { performance } from 'node:perf_hooks';

export interface Timing { label: string; p50: number; p95: number; max: number }

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export function timing(label: string, times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { label, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

/** Times of each target by its label, in the targets' order. */
export async function timeRequests<T extends { label: string }>(targets: readonly T[], rounds: number, get: (target: T) => Promise<void>,
  /** Untimed, before each request (a write the request must see). */
  before?: (target: T) => Promise<void>): Promise<Map<string, number[]>> {
  for (let i = 0; i < 3; i++) for (const t of targets) { await before?.(t); await get(t); }
  const times = new Map(targets.map((t) => [t.label, [] as number[]]));
  for (let round = 0; round < rounds; round++) {
    for (const t of targets) {
      await before?.(t);
      const start = performance.now();
      await get(t);
      times.get(t.label)!.push(performance.now() - start);
    }
  }
  return times;
}
