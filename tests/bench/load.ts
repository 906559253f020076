/**
 * autocannon measurements. Targets that are compared run in alternating short rounds (A B A B
 * ...), so a burst of background load on the machine hits both sides alike instead of skewing
 * the ratio; requests per second are totals over all rounds, latencies the median of rounds.
 */
import autocannon from 'autocannon';
import { cpuSeconds } from './children.ts';

export interface LoadResult {
  label: string; rps: number; p50: number; p99: number; requests: number; errors: number; non2xx: number;
  /** CPU time the target's server processes spent per answered request, in microseconds. */
  cpuUsPerRequest: number | undefined;
}

export interface Target {
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** GET unless said; a body is sent as JSON. */
  method?: 'GET' | 'PUT' | 'POST';
  body?: string;
  /** Called before every request, for headers that must stay fresh (signed identities). */
  freshHeaders?: () => Record<string, string>;
  /** Server processes serving this target: their CPU time per request is reported. */
  pids?: number[];
}

export interface CompareOptions {
  seconds: number; rounds: number; connections: number;
  /** Seconds of warm-up per target before the measured rounds (default 1). */
  warmupSeconds?: number;
}

function run(target: Target, seconds: number, connections: number): Promise<autocannon.Result> {
  const { freshHeaders } = target;
  return autocannon({
    url: target.url,
    connections,
    pipelining: 1,
    duration: seconds,
    headers: target.body ? { 'content-type': 'application/json', ...target.headers } : target.headers,
    method: target.method ?? 'GET',
    body: target.body,
    requests: freshHeaders ? [{
      method: target.method ?? 'GET',
      setupRequest: (request: autocannon.Request) => ({ ...request, headers: { ...request.headers, ...freshHeaders() } }),
    }] : undefined,
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Warms every target up (JIT, caches, pools), then measures them in alternating rounds. */
export async function compare(targets: Target[], opts: CompareOptions): Promise<LoadResult[]> {
  for (const t of targets) await run(t, opts.warmupSeconds ?? 1, opts.connections);
  const perRound = opts.seconds / opts.rounds;
  const runs = targets.map(() => [] as autocannon.Result[]);
  const cpu = targets.map(() => 0 as number | undefined);
  const cpuOf = (t: Target) => (t.pids ?? []).reduce<number | undefined>((sum, pid) => {
    const s = cpuSeconds(pid);
    return sum === undefined || s === undefined ? undefined : sum + s;
  }, 0);
  for (let round = 0; round < opts.rounds; round++) {
    // Alternate which side goes first, too.
    const order = round % 2 ? [...targets.keys()].reverse() : [...targets.keys()];
    for (const i of order) {
      const before = cpuOf(targets[i]!);
      runs[i]!.push(await run(targets[i]!, perRound, opts.connections));
      const after = cpuOf(targets[i]!);
      cpu[i] = cpu[i] === undefined || before === undefined || after === undefined ? undefined : cpu[i]! + after - before;
    }
  }
  return targets.map((t, i) => {
    const rs = runs[i]!;
    const requests = rs.reduce((n, r) => n + r.requests.total, 0);
    return {
      label: t.label,
      rps: requests / opts.seconds,
      p50: median(rs.map((r) => r.latency.p50)),
      p99: median(rs.map((r) => r.latency.p99)),
      requests,
      errors: rs.reduce((n, r) => n + r.errors + r.timeouts, 0),
      non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
      cpuUsPerRequest: t.pids?.length && cpu[i] !== undefined && requests ? (cpu[i]! * 1e6) / requests : undefined,
    };
  });
}
