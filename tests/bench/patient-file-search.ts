/**
 * The professional's patient-file search (issue 9, deliverable 4) at 10,000 and at 100,000 files on
 * PostgreSQL: searchPatientFiles() called as the route calls it, with a care context built from a
 * real identity, in its own throwaway database (demo world + scripts/seed-scale.ts). Mixed queries:
 * name fragments with and without accents or capitals, one and two words, birth date, identifier
 * prefix, status and service filters, every sort, first and later pages; as an establishment-wide
 * operator (half the files) and a one-service prescriber (a quarter). Goals: p95 ≤ 50 ms at 100k,
 * and p95 at 100k ≤ 1.5 × p95 at 10k. Times are wall-clock per search, queries included, one at a time.
 *
 *   import { patientFileSearchBench } from './patient-file-search.ts';   // goals for run.ts
 * Standalone: `npx tsx tests/bench/patient-file-search.ts` (SEARCH_BENCH_ROUNDS, default 10).
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { eq, isNotNull } from 'drizzle-orm';
import { openDatabase, type Db } from '../../server/db/client.ts';
import { establishments, services, users } from '../../server/db/schema.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { loadUserSnapshot } from '../../server/shared/user-snapshot.ts';
import { loadGrants } from '../../server/care/access.ts';
import { careContext, type CareContext } from '../../server/care/context.ts';
import { searchPatientFiles, type SearchRequest } from '../../server/care/patient-files/search.ts';
import { seedScale } from '../../scripts/seed-scale.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres.ts';
import type { Goal } from './report.ts';

export const GOAL_P95_MS = 50;
export const GOAL_GROWTH = 1.5;

type Query = Omit<SearchRequest, 'page' | 'pageSize' | 'sort'> & Partial<SearchRequest>;

/** The mix: what people type and click in the list, fragments of the seeded names (scripts/seed-scale.ts). */
function queries(serviceId: string, seeded: { tag: string; ins: string; ssn: string }): Query[] {
  return [
    {},
    { page: 2 },
    { sort: '-createdAt' },
    { sort: 'birthDate', page: 3 },
    { sort: 'status', pageSize: 50 },
    { sort: '-service', page: 4 },
    { sort: 'startDate', pageSize: 25 },
    { filters: { text: 'hélène' } },
    { filters: { text: 'HELENE' } },
    { filters: { text: 'lefe' } },
    { filters: { text: 'duprè' } },
    { filters: { text: 'dupre' } },
    { filters: { text: 'chéri' }, sort: '-patientName' },
    { filters: { text: 'zoé mar' } },
    { filters: { text: 'noel oeu' } },
    { filters: { text: 'thérèse' }, sort: 'birthDate' },
    { filters: { birthDate: '1965-04-12' } },
    { filters: { identifier: `EXT-${seeded.tag}-000123` }, sort: '-createdAt' },
    { filters: { identifier: seeded.ins } },
    { filters: { identifier: seeded.ssn.slice(0, 9) } },
    { filters: { status: ['AWAITING'] } },
    { filters: { status: ['OPEN', 'AWAITING'] }, sort: '-createdAt', page: 2 },
    { filters: { status: ['CLOSED'], text: 'bou' } },
    { filters: { serviceIds: [serviceId] }, sort: 'patientName' },
    { filters: { serviceIds: [serviceId], status: ['OPEN'], text: 'marie' }, sort: '-birthDate' },
  ];
}

async function contextOf(db: Db, email: string): Promise<CareContext> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const user = (await loadUserSnapshot(db, row!.id))!;
  const grants = await loadGrants(db, row!.id);
  return careContext(db, { user, grants, sessionIdHash: '', sessionExpiresIn: 1800, locale: 'fr', timeZone: 'UTC' }, () => new Date());
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface ScaleResult {
  files: number; samples: number; p50: number; p95: number; max: number; slowest: string;
  /** Median per query, slowest first: where to look when the p95 is missed. */
  byQuery: { label: string; median: number }[];
}

async function measure(db: Db, files: number, rounds: number, tag: string): Promise<ScaleResult> {
  const [azur] = await db.select().from(establishments).where(eq(establishments.identifier, 'chu-azur'));
  const [cardiology] = await db.select().from(services).where(eq(services.name, 'Cardiologie'));
  const callers = [await contextOf(db, 'operator@demo.telesuivi.test'), await contextOf(db, 'prescriber@demo.telesuivi.test')];
  // Identifiers as typed: one patient's INS number, the start of another's social security number.
  const [withIns] = await db.select({ ins: users.insNumber }).from(users).where(isNotNull(users.insNumber)).limit(1).offset(77);
  const [withSsn] = await db.select({ ssn: users.socialSecurityNumber }).from(users).where(isNotNull(users.socialSecurityNumber)).limit(1).offset(55);
  const mix = queries(cardiology!.id, { tag, ins: withIns!.ins!, ssn: withSsn!.ssn! });
  const run = (care: CareContext, q: Query) => searchPatientFiles(care, azur!.id, { page: 1, pageSize: 15, sort: 'patientName', ...q });
  for (const care of callers) for (const q of mix) await run(care, q); // warm-up: caches, plans
  const times: { ms: number; label: string }[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [i, care] of callers.entries()) {
      for (const q of mix) {
        const began = performance.now();
        await run(care, q);
        times.push({ ms: performance.now() - began, label: `${i ? 'prescriber' : 'operator'} ${JSON.stringify(q)}` });
      }
    }
  }
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const slowest = times.reduce((a, b) => (b.ms > a.ms ? b : a));
  const labels = [...new Set(times.map((t) => t.label))];
  const byQuery = labels.map((label) => {
    const own = times.filter((t) => t.label === label).map((t) => t.ms).sort((a, b) => a - b);
    return { label, median: percentile(own, 50) };
  }).sort((a, b) => b.median - a.median);
  return { files, samples: times.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: slowest.ms, slowest: slowest.label, byQuery };
}

export interface SearchBenchResult { small: ScaleResult; large: ScaleResult }

/** Seeds 10k files, measures, seeds to 100k, measures; undefined (with the reason) when PostgreSQL is unreachable. */
export async function patientFileSearchBench(options: { rounds?: number; files?: { small: number; large: number }; log?: (m: string) => void; createDatabase?: () => Promise<ThrowawayDatabase | string> } = {}): Promise<SearchBenchResult | string> {
  const rounds = options.rounds ?? Number(process.env.SEARCH_BENCH_ROUNDS ?? 10);
  const log = options.log ?? (() => {});
  const throwaway = await (options.createDatabase ?? createThrowawayDatabase)();
  if (typeof throwaway === 'string') return throwaway;
  const database = await openDatabase({ url: throwaway.url, dataDir: '', poolSize: 4 });
  try {
    await provisionDemo(database.db);
    const files = options.files ?? { small: 10_000, large: 100_000 };
    log(`patient-file search: seeding ${files.small.toLocaleString('en')} files`);
    const { tag } = await seedScale(database.db, files.small);
    const small = await measure(database.db, files.small, rounds, tag);
    log(`patient-file search: seeding to ${files.large.toLocaleString('en')} files`);
    await seedScale(database.db, files.large - files.small);
    const large = await measure(database.db, files.large, rounds, tag);
    return { small, large };
  } finally {
    await database.close();
    await throwaway.drop();
  }
}

const k = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));

export function patientFileSearchGoals(result: SearchBenchResult | string): Goal[] {
  if (typeof result === 'string') return [{ name: 'patient-file search', value: result, goal: 'PostgreSQL', met: undefined }];
  const { small, large } = result;
  const growth = large.p95 / small.p95;
  const line = (r: ScaleResult) => `p95 ${r.p95.toFixed(1)} ms (p50 ${r.p50.toFixed(1)}, max ${r.max.toFixed(1)}, ${r.samples} searches)`;
  return [
    { name: `patient-file search at ${k(small.files)} files, PostgreSQL`, value: line(small), goal: 'context', met: undefined },
    { name: `patient-file search at ${k(large.files)} files, PostgreSQL`, value: line(large), goal: `p95 ≤ ${GOAL_P95_MS} ms`, met: large.p95 <= GOAL_P95_MS },
    { name: `patient-file search p95 growth ${k(small.files)} → ${k(large.files)}`, value: `${growth.toFixed(2)}×`, goal: `≤ ${GOAL_GROWTH}×`, met: growth <= GOAL_GROWTH },
  ];
}

if (import.meta.url === `file://${process.argv[1]}` || fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await patientFileSearchBench({ log: (m) => process.stderr.write(`  … ${m}\n`) });
  for (const goal of patientFileSearchGoals(result)) process.stdout.write(`${goal.name}: ${goal.value} (goal ${goal.goal}${goal.met === undefined ? '' : goal.met ? ', met' : ', NOT met'})\n`);
  if (typeof result !== 'string') {
    process.stdout.write(`slowest at 100k: ${result.large.slowest} ${result.large.max.toFixed(1)} ms\nslowest medians at 100k:\n`);
    for (const q of result.large.byQuery.slice(0, 10)) process.stdout.write(`  ${q.median.toFixed(1)} ms  ${q.label}\n`);
  }
}
