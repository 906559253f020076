/**
 * The alerts list (issue 11 §4) at 1M measures and 100k alerts on PostgreSQL: GET
 * /api/establishments/:id/alerts through the real app over HTTP (a gateway child process,
 * tests/bench/children.ts), in its own throwaway database (demo world + scripts/seed-scale.ts
 * with --measures-per-file and --alerts-per-file). Two callers: the establishment-wide operator
 * of CHU Azur and a prescriber of one service (Cardiologie); the default page, then filtered by
 * status, level, period and together. Baseline in the same run, interleaved: GET /api/me on the
 * same gateway and session. Goal: p95 ≤ 50 ms, each list request right after a write (the list's
 * version bumped, so the gateway's cache cannot answer); the same requests with nothing written
 * since, for context. Requests one at a time, wall-clock per request.
 *
 * A step of `npm run bench` (steps.ts); standalone: `npx tsx tests/bench/alerts-list.ts`
 *   ALERTS_BENCH_FILES (default 10000), ALERTS_BENCH_MEASURES (per file, default 100),
 *   ALERTS_BENCH_ALERTS (per file, default 10), ALERTS_BENCH_ROUNDS (default 30)
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { alerts, establishments, interventionLevels, measures } from '../../server/db/schema.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';
import { seedScale } from '../../scripts/seed-scale.ts';
import { startServer, type Child } from './children.ts';
import { login } from './browser.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres.ts';
import type { Goal } from './report.ts';
import { timeRequests, timing, type Timing } from './request-timings.ts';

export const GOAL_P95_MS = 50;
export interface AlertsBenchResult {
  files: number; measures: number; alerts: number; samples: number;
  baseline: Timing;
  /** Every alerts-list request right after a write (the cache cannot answer): the goal. */
  list: Timing;
  /** Every alerts-list request with nothing written since the same request (served from the cache). */
  cached: Timing;
  byQuery: Timing[];
}

export async function alertsListBench(options: { files?: number; measuresPerFile?: number; alertsPerFile?: number; rounds?: number; log?: (m: string) => void; createDatabase?: () => Promise<ThrowawayDatabase | string> } = {}): Promise<AlertsBenchResult | string> {
  const files = options.files ?? Number(process.env.ALERTS_BENCH_FILES ?? 10_000);
  const measuresPerFile = options.measuresPerFile ?? Number(process.env.ALERTS_BENCH_MEASURES ?? 100);
  const alertsPerFile = options.alertsPerFile ?? Number(process.env.ALERTS_BENCH_ALERTS ?? 10);
  const rounds = options.rounds ?? Number(process.env.ALERTS_BENCH_ROUNDS ?? 30);
  const log = options.log ?? (() => {});
  const throwaway = await (options.createDatabase ?? createThrowawayDatabase)();
  if (typeof throwaway === 'string') return throwaway;
  const database = await openDatabase({ url: throwaway.url, dataDir: '', poolSize: 2 });
  let gateway: Child | undefined;
  try {
    await provisionDemo(database.db);
    log(`alerts list: seeding ${files.toLocaleString('en')} files with ${measuresPerFile} measures and ${alertsPerFile} alerts each`);
    const began = performance.now();
    await seedScale(database.db, files, (m) => log(`  ${m.trim()}`), { historyPerFile: 0, notesPerFile: 0, measuresPerFile, alertsPerFile });
    const db = database.db;
    const [{ n: measureCount } = { n: 0 }] = await db.select({ n: count() }).from(measures);
    const [{ n: alertCount } = { n: 0 }] = await db.select({ n: count() }).from(alerts);
    log(`alerts list: ${measureCount.toLocaleString('en')} measures and ${alertCount.toLocaleString('en')} alerts in ${((performance.now() - began) / 1000).toFixed(0)} s`);

    const [azur] = await db.select().from(establishments).where(eq(establishments.identifier, 'chu-azur'));
    const [urgent] = await db.select({ id: interventionLevels.id }).from(interventionLevels)
      .where(and(eq(interventionLevels.establishmentId, azur!.id))).orderBy(asc(interventionLevels.rank)).limit(1);

    gateway = await startServer('gateway', { DATABASE_URL: throwaway.url, DEMO_DATA: 'false' });
    const sessions = {
      operator: (await login(gateway.url, 'operator@demo.telesuivi.test', DEMO_PASSWORD)).cookie,
      prescriber: (await login(gateway.url, 'prescriber@demo.telesuivi.test', DEMO_PASSWORD)).cookie,
    };
    const list = (query: string) => `${gateway!.url}/api/establishments/${azur!.id}/alerts${query ? `?${query}` : ''}`;
    const queries: [string, string][] = [
      ['default page', ''],
      ['pending', 'status=PENDING'],
      ['urgent level', `levelIds=${urgent!.id}`],
      ['a month', 'from=2026-01-01&to=2026-01-31'],
      ['pending, urgent, a quarter, page 3', `status=PENDING&levelIds=${urgent!.id}&from=2025-10-01&to=2025-12-31&page=3`],
      ['closed, by level', 'status=CLOSED&sort=level'],
    ];
    // Each list request twice: right after a write (the list's version bumped as a committed write
    // bumps it: the gateway's cache cannot answer, server/care/alerts/list-cache.ts), the goal; and
    // with nothing written since the same request (a screen polled), for context.
    const targets: { label: string; url: string; cookie: string; write?: true }[] = [
      { label: 'baseline: GET /api/me', url: `${gateway.url}/api/me`, cookie: sessions.operator },
      ...(['operator', 'prescriber'] as const).flatMap((who) => queries.flatMap(([label, q]) => [
        { label: `${who}: ${label}, after a write`, url: list(q), cookie: sessions[who], write: true as const },
        { label: `${who}: ${label}, nothing written since`, url: list(q), cookie: sessions[who] },
      ])),
    ];
    const bump = () => db.execute(sql`insert into list_versions (list, version) values ('alerts', 1) on conflict (list) do update set version = list_versions.version + 1`);
    const get = async (t: { url: string; cookie: string }) => {
      const res = await fetch(t.url, { headers: { cookie: t.cookie, 'x-timezone': 'Europe/Paris' } });
      if (res.status !== 200) throw new Error(`GET ${t.url}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const times = await timeRequests(targets, rounds, get, async (t) => { if (t.write) await bump(); });
    const [baselineLabel, ...listLabels] = targets.map((t) => t.label);
    const written = targets.filter((t) => t.write).flatMap((t) => times.get(t.label)!);
    const unwritten = targets.slice(1).filter((t) => !t.write).flatMap((t) => times.get(t.label)!);
    return {
      files, measures: measureCount, alerts: alertCount, samples: written.length,
      baseline: timing(baselineLabel!, times.get(baselineLabel!)!),
      list: timing('alerts list, every request after a write', written),
      cached: timing('alerts list, every request with nothing written since', unwritten),
      byQuery: listLabels.map((label) => timing(label, times.get(label)!)).sort((a, b) => b.p95 - a.p95),
    };
  } finally {
    await gateway?.stop();
    await database.close();
    await throwaway.drop();
  }
}

export function alertsListGoals(result: AlertsBenchResult | string): Goal[] {
  if (typeof result === 'string') return [{ name: 'alerts list', value: result, goal: 'PostgreSQL', met: undefined }];
  const { list, baseline } = result;
  return [
    {
      name: `alerts list at ${result.measures.toLocaleString('en')} measures / ${result.alerts.toLocaleString('en')} alerts, PostgreSQL, HTTP, each request after a write`,
      value: `p95 ${list.p95.toFixed(1)} ms (p50 ${list.p50.toFixed(1)}, max ${list.max.toFixed(1)}), ${result.samples} requests`,
      goal: `p95 ≤ ${GOAL_P95_MS} ms`, met: list.p95 <= GOAL_P95_MS,
    },
    { name: 'alerts list with nothing written since the same request (the gateway\'s cache), p95', value: `${result.cached.p95.toFixed(1)} ms (p50 ${result.cached.p50.toFixed(1)})`, goal: 'context', met: undefined },
    { name: 'alerts list / GET /api/me (same gateway, same run), p95', value: `${(list.p95 / Math.max(baseline.p95, 0.1)).toFixed(2)}× (${list.p95.toFixed(1)} / ${baseline.p95.toFixed(1)} ms)`, goal: 'context', met: undefined },
  ];
}

if (import.meta.url === `file://${process.argv[1]}` || fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await alertsListBench({ log: (m) => process.stderr.write(`  … ${m}\n`) });
  for (const goal of alertsListGoals(result)) process.stdout.write(`${goal.name}: ${goal.value} (goal ${goal.goal}${goal.met === undefined ? '' : goal.met ? ', met' : ', NOT met'})\n`);
  if (typeof result !== 'string') {
    process.stdout.write(`${result.baseline.label}: p95 ${result.baseline.p95.toFixed(1)} ms, p50 ${result.baseline.p50.toFixed(1)}\n`);
    process.stdout.write('by request, slowest p95 first:\n');
    for (const q of result.byQuery) process.stdout.write(`  p95 ${q.p95.toFixed(1)} ms  p50 ${q.p50.toFixed(1)}  max ${q.max.toFixed(1)}  ${q.label}\n`);
  }
}
