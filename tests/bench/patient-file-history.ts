/**
 * The patient file's history tab (issue 10 §4) at 1M history entries across 100,000 files on
 * PostgreSQL: GET /api/patient_files/:id/history through the real app over HTTP (a gateway child
 * process, tests/bench/children.ts), in its own throwaway database (demo world +
 * scripts/seed-scale.ts with --history-per-file 10). The requests of the tab: the first page, a
 * later page, one kind, several kinds, a range of days (Europe/Paris), on an ordinary file (≈10
 * entries) and on a long follow-up (2,000 entries). The baseline, measured in the same run,
 * interleaved with them: GET /api/me on the same gateway and session (the request path without
 * the history's queries). Goal: p95 ≤ 50 ms. Requests one at a time, wall-clock per request.
 *
 *   import { patientFileHistoryBench, patientFileHistoryGoals } from './patient-file-history.ts';   // run.ts
 * Standalone: `npx tsx tests/bench/patient-file-history.ts`
 *   HISTORY_BENCH_FILES (default 100000), HISTORY_BENCH_PER_FILE (default 10), HISTORY_BENCH_ROUNDS (default 30)
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { and, asc, count, desc, eq, inArray, like } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { establishments, patientFileHistory, patientFiles, services, users } from '../../server/db/schema.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';
import { seedScale } from '../../scripts/seed-scale.ts';
import { startServer, type Child } from './children.ts';
import { login } from './browser.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres.ts';
import type { Goal } from './report.ts';
import { timeRequests, timing, type Timing } from './request-timings.ts';

export const GOAL_P95_MS = 50;
export interface HistoryBenchResult {
  files: number; entries: number; samples: number;
  baseline: Timing;
  /** GET /api/patient_files/:id: the same scope check and file opening, without the history. */
  header: Timing;
  /** Every history request together. */
  history: Timing;
  byQuery: Timing[];
}

export async function patientFileHistoryBench(options: { files?: number; perFile?: number; rounds?: number; log?: (m: string) => void; createDatabase?: () => Promise<ThrowawayDatabase | string> } = {}): Promise<HistoryBenchResult | string> {
  const files = options.files ?? Number(process.env.HISTORY_BENCH_FILES ?? 100_000);
  const perFile = options.perFile ?? Number(process.env.HISTORY_BENCH_PER_FILE ?? 10);
  const rounds = options.rounds ?? Number(process.env.HISTORY_BENCH_ROUNDS ?? 30);
  const log = options.log ?? (() => {});
  const throwaway = await (options.createDatabase ?? createThrowawayDatabase)();
  if (typeof throwaway === 'string') return throwaway;
  const database = await openDatabase({ url: throwaway.url, dataDir: '', poolSize: 2 });
  let gateway: Child | undefined;
  try {
    await provisionDemo(database.db);
    log(`patient-file history: seeding ${files.toLocaleString('en')} files with about ${perFile} entries each`);
    const began = performance.now();
    await seedScale(database.db, files, (m) => log(`  ${m.trim()}`), { historyPerFile: perFile, notesPerFile: 2 });
    const db = database.db;
    const [{ n: entries } = { n: 0 }] = await db.select({ n: count() }).from(patientFileHistory);
    log(`patient-file history: ${entries.toLocaleString('en')} entries in ${((performance.now() - began) / 1000).toFixed(0)} s`);

    // Two files of CHU Azur that the operator opens: an ordinary one and the longest follow-up.
    const [azur] = await db.select().from(establishments).where(eq(establishments.identifier, 'chu-azur'));
    const azurServices = (await db.select({ id: services.id }).from(services).where(eq(services.establishmentId, azur!.id))).map((s) => s.id);
    const inAzur = and(inArray(patientFiles.serviceId, azurServices), like(users.email, 'scale-%'));
    const perFileCount = db.select({ id: patientFiles.id, n: count(patientFileHistory.id).as('n') }).from(patientFiles)
      .innerJoin(users, eq(users.id, patientFiles.patientId))
      .innerJoin(patientFileHistory, eq(patientFileHistory.patientFileId, patientFiles.id))
      .where(inAzur).groupBy(patientFiles.id);
    const [heavy] = await perFileCount.orderBy(desc(count(patientFileHistory.id))).limit(1);
    // A file with the usual count; with the smoke's few files there may be none: the fewest then.
    const [ordinary] = [
      ...await perFileCount.having(eq(count(patientFileHistory.id), perFile)).limit(1),
      ...await perFileCount.orderBy(asc(count(patientFileHistory.id))).limit(1),
    ];
    if (!heavy || !ordinary) throw new Error('no seeded file of CHU Azur to read');
    log(`patient-file history: an ordinary file (${ordinary.n} entries) and a long follow-up (${heavy.n} entries)`);

    gateway = await startServer('gateway', { DATABASE_URL: throwaway.url, DEMO_DATA: 'false' });
    const { cookie } = await login(gateway.url, 'operator@demo.telesuivi.test', DEMO_PASSWORD);
    const headers = { cookie, 'x-timezone': 'Europe/Paris' };
    const lastPage = Math.ceil(heavy.n / 15);
    const history = (file: string, query: string) => `${gateway!.url}/api/patient_files/${file}/history?${query}`;
    const targets: { label: string; url: string }[] = [
      { label: 'baseline: GET /api/me', url: `${gateway.url}/api/me` },
      { label: 'context: GET /api/patient_files/:id (the header, same file opening)', url: `${gateway.url}/api/patient_files/${heavy.id}` },
      { label: 'ordinary file, first page', url: history(ordinary.id, '') },
      { label: 'ordinary file, one kind', url: history(ordinary.id, 'kinds=FORM_RESPONSE') },
      { label: 'long follow-up, first page', url: history(heavy.id, '') },
      { label: 'long follow-up, page 2 of 50', url: history(heavy.id, 'page=2&pageSize=50') },
      { label: `long follow-up, last page (${lastPage})`, url: history(heavy.id, `page=${lastPage}`) },
      { label: 'long follow-up, one kind', url: history(heavy.id, 'kinds=NOTE_ADDED') },
      { label: 'long follow-up, three kinds, page 3', url: history(heavy.id, 'kinds=FORM_RESPONSE&kinds=DEVICE_DATA&kinds=NOTE_ADDED&page=3') },
      { label: 'long follow-up, a range of days', url: history(heavy.id, 'from=2021-01-01&to=2030-12-31&page=4') },
      { label: 'long follow-up, days and a kind', url: history(heavy.id, 'from=2021-01-01&to=2030-12-31&kinds=FORM_RESPONSE&page=2') },
    ];
    const get = async (url: string) => {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const times = await timeRequests(targets, rounds, (t) => get(t.url));
    const [baselineLabel, headerLabel, ...historyLabels] = targets.map((t) => t.label);
    const all = historyLabels.flatMap((label) => times.get(label)!);
    return {
      files, entries, samples: all.length,
      baseline: timing(baselineLabel!, times.get(baselineLabel!)!),
      header: timing(headerLabel!, times.get(headerLabel!)!),
      history: timing('history, every request', all),
      byQuery: historyLabels.map((label) => timing(label, times.get(label)!)).sort((a, b) => b.p95 - a.p95),
    };
  } finally {
    await gateway?.stop();
    await database.close();
    await throwaway.drop();
  }
}

export function patientFileHistoryGoals(result: HistoryBenchResult | string): Goal[] {
  if (typeof result === 'string') return [{ name: 'patient-file history', value: result, goal: 'PostgreSQL', met: undefined }];
  const { history, baseline } = result;
  const line = (t: Timing) => `p95 ${t.p95.toFixed(1)} ms (p50 ${t.p50.toFixed(1)}, max ${t.max.toFixed(1)})`;
  const ratio = history.p95 / Math.max(baseline.p95, 0.1);
  return [
    { name: `history tab at ${result.entries.toLocaleString('en')} entries / ${result.files.toLocaleString('en')} files, PostgreSQL, HTTP`, value: `${line(history)}, ${result.samples} requests`, goal: `p95 ≤ ${GOAL_P95_MS} ms`, met: history.p95 <= GOAL_P95_MS },
    { name: 'history tab / GET /api/me (same gateway, same run), p95', value: `${ratio.toFixed(2)}× (${history.p95.toFixed(1)} / ${baseline.p95.toFixed(1)} ms)`, goal: 'context', met: undefined },
    { name: 'history tab / GET /api/patient_files/:id (same run), p95', value: `${(history.p95 / Math.max(result.header.p95, 0.1)).toFixed(2)}× (${history.p95.toFixed(1)} / ${result.header.p95.toFixed(1)} ms)`, goal: 'context', met: undefined },
  ];
}

if (import.meta.url === `file://${process.argv[1]}` || fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await patientFileHistoryBench({ log: (m) => process.stderr.write(`  … ${m}\n`) });
  for (const goal of patientFileHistoryGoals(result)) process.stdout.write(`${goal.name}: ${goal.value} (goal ${goal.goal}${goal.met === undefined ? '' : goal.met ? ', met' : ', NOT met'})\n`);
  if (typeof result !== 'string') {
    for (const t of [result.baseline, result.header]) process.stdout.write(`${t.label}: p95 ${t.p95.toFixed(1)} ms, p50 ${t.p50.toFixed(1)}\n`);
    process.stdout.write('by request, slowest p95 first:\n');
    for (const q of result.byQuery) process.stdout.write(`  p95 ${q.p95.toFixed(1)} ms  p50 ${q.p50.toFixed(1)}  max ${q.max.toFixed(1)}  ${q.label}\n`);
  }
}
