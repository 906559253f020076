/**
 * Measures stored with threshold evaluation (issue 11 §2, §3) on PostgreSQL, through the real app
 * over HTTP (a gateway child process, tests/bench/children.ts) in its own throwaway database
 * (demo world): POST /api/patient_files/:id/indicators/data in batches of 500, by a professional
 * and by the patient at the same time (two clients, as devices send), a few requests in flight each. Each batch: the file opened through the caller's
 * scope, one query for the thresholds in force, one multi-row insert, about 5% of the values over
 * a threshold (one alert batch, one multi-row insert of alerts and a NOTIFY). Goal ≥ 10,000
 * measures/s on the 2-core machine. The baseline, measured in the same run with the same
 * concurrency: GET /api/me requests/s (the request path, session and all, without the work).
 *
 *   import { measuresBench, measuresGoals } from './measures.ts';
 * Standalone: `npx tsx tests/bench/measures.ts`
 *   MEASURES_BENCH_BATCHES (default 60 per caller), MEASURES_BENCH_CONCURRENCY (default 4 per caller)
 * Where the time goes is reported as CPU milliseconds per batch: the gateway process, the
 * PostgreSQL backends of the bench database, and this process (the clients); with the machine's
 * load average, since other work on the 2 cores shows in the figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { alerts, establishments, indicators, measures, patientFiles, services, users } from '../../server/db/schema.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';
import { cpuSeconds, startServer, type Child } from './children.ts';
import { login, type Session } from './browser.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres.ts';
import type { Goal } from './report.ts';
import { FOLLOWED_SINCE } from '../helpers/patient-files.ts';

export const GOAL_MEASURES_PER_SECOND = 10_000;
const BATCH = 500;

export interface MeasuresBenchResult {
  byCaller: { caller: string; measures: number; seconds: number; perSecond: number }[];
  measuresPerSecond: number;
  meRequestsPerSecond: number;
  alertsRaised: number;
  concurrency: number;
  /** CPU milliseconds per batch of the measured phase, by process; undefined without /proc. */
  cpuMsPerBatch: { gateway?: number; postgres?: number; clients: number };
  /** os.loadavg() (1, 5, 15 minutes) at the end of the measured phase. */
  load: number[];
}

/** CPU seconds of the PostgreSQL backends serving `database` (their title names it), by pid. */
function backendCpu(database: string): Map<number, number> {
  const cpu = new Map<number, number>();
  let pids: string[] = [];
  try { pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)); } catch { return cpu; }
  for (const pid of pids) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
      const seconds = cpuSeconds(Number(pid));
      if (seconds !== undefined) cpu.set(Number(pid), seconds);
    } catch { /* gone meanwhile */ }
  }
  return cpu;
}

/** Values of the demo indicators, about one in twenty over a default threshold. */
const RANGES: Record<string, { normal: [number, number]; crossing: number }> = {
  systolic: { normal: [105, 150], crossing: 185 },
  diastolic: { normal: [65, 95], crossing: 112 },
  heart_rate: { normal: [55, 100], crossing: 135 },
  spo2: { normal: [93, 99], crossing: 86 },
  temperature: { normal: [36, 38.2], crossing: 38.9 },
};

function batchOf(indicatorIds: Map<string, string>, now: number, seed: number) {
  const refs = Object.keys(RANGES);
  return Array.from({ length: BATCH }, (_, i) => {
    const reference = refs[(i + seed) % refs.length]!;
    const { normal: [low, high], crossing } = RANGES[reference]!;
    const n = (i * 7919 + seed * 104_729) % 1000;
    const value = n < 50 ? crossing : Math.round((low + ((high - low) * n) / 1000) * 10) / 10;
    return { indicatorId: indicatorIds.get(reference)!, value, measuredAt: new Date(now - (BATCH - i) * 60_000 - seed).toISOString() };
  });
}

/** `total` calls of `task`, `concurrency` in flight; the wall-clock seconds. */
async function run(total: number, concurrency: number, task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) await task(next++);
  }));
  return (performance.now() - start) / 1000;
}

export async function measuresBench(options: { batches?: number; concurrency?: number; log?: (m: string) => void; createDatabase?: () => Promise<ThrowawayDatabase | string> } = {}): Promise<MeasuresBenchResult | string> {
  const batches = options.batches ?? Number(process.env.MEASURES_BENCH_BATCHES ?? 60);
  const concurrency = options.concurrency ?? Number(process.env.MEASURES_BENCH_CONCURRENCY ?? 4);
  const log = options.log ?? (() => {});
  const throwaway = await (options.createDatabase ?? createThrowawayDatabase)();
  if (typeof throwaway === 'string') return throwaway;
  const database = await openDatabase({ url: throwaway.url, dataDir: '', poolSize: 2 });
  const databaseName = new URL(throwaway.url).pathname.slice(1);
  let gateway: Child | undefined;
  try {
    await provisionDemo(database.db);
    const db = database.db;
    const [azur] = await db.select().from(establishments).where(eq(establishments.identifier, 'chu-azur'));
    const indicatorIds = new Map((await db.select({ id: indicators.id, reference: indicators.reference }).from(indicators)
      .where(eq(indicators.establishmentId, azur!.id))).map((i) => [i.reference, i.id]));
    // A fresh open file of patient.open at CHU Azur (Cardiologie), which the operator follows.
    const [patient] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'patient.open@demo.telesuivi.test'));
    const [cardio] = await db.select({ id: services.id }).from(services).where(and(eq(services.establishmentId, azur!.id), eq(services.name, 'Cardiologie')));
    const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: patient!.id, serviceId: cardio!.id, status: 'OPEN' }).returning({ id: patientFiles.id });
    const [{ n: before } = { n: 0 }] = await db.select({ n: count() }).from(measures);
    const [{ n: alertsBefore } = { n: 0 }] = await db.select({ n: count() }).from(alerts);

    gateway = await startServer('gateway', { DATABASE_URL: throwaway.url, DEMO_DATA: 'false' });
    const url = `${gateway.url}/api/patient_files/${file!.id}/indicators/data`;
    const post = async (session: Session, body: unknown) => {
      const res = await fetch(url, {
        method: 'POST', body: JSON.stringify(body),
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' },
      });
      if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const me = async (session: Session) => {
      const res = await fetch(`${gateway!.url}/api/me`, { headers: { cookie: session.cookie } });
      if (res.status !== 200) throw new Error(`GET /api/me: ${res.status}`);
      await res.arrayBuffer();
    };
    const callers: [string, Session][] = [
      ['professional (operator)', await login(gateway.url, 'operator@demo.telesuivi.test', DEMO_PASSWORD)],
      ['patient', await login(gateway.url, 'patient.open@demo.telesuivi.test', DEMO_PASSWORD)],
    ];
    const now = Date.now() - 3_600_000;
    // Warm-up: plans, caches, the UCUM tables, the JIT. Other values for each caller: the same
    // values sent again would be stored once (measures/duplicates.ts) and miss the count below.
    for (const [c, [, session]] of callers.entries()) for (let i = 0; i < 3; i++) { await post(session, { data: batchOf(indicatorIds, now, 1_000 + c * 3 + i) }); await me(session); }

    // With BENCH_CPU_PROFILE_DIR, the measured window on the monotonic clock V8 stamps its samples
    // with: `npx tsx tests/bench/cpu-profile.ts <file> 40 <batches> <from-to>` leaves start-up out.
    const from = process.hrtime.bigint() / 1000n;
    const cpuBefore = { gateway: cpuSeconds(gateway.pid), postgres: backendCpu(databaseName), clients: process.cpuUsage() };
    log(`measures: ${batches} batches of ${BATCH} as each of ${callers.map(([caller]) => caller).join(' and ')} at the same time, ${concurrency} in flight each`);
    const began = performance.now();
    const byCaller: MeasuresBenchResult['byCaller'] = await Promise.all(callers.map(async ([caller, session], c) => {
      const seconds = await run(batches, concurrency, (i) => post(session, { data: batchOf(indicatorIds, now, c * batches + i) }));
      return { caller, measures: batches * BATCH, seconds, perSecond: (batches * BATCH) / seconds };
    }));
    const wallSeconds = (performance.now() - began) / 1000;
    const gatewayAfter = cpuSeconds(gateway.pid);
    const postgresAfter = backendCpu(databaseName);
    const clients = process.cpuUsage(cpuBefore.clients);
    const load = loadavg();
    const sent = batches * callers.length;
    // A backend that ended during the phase is missed; one that started counts from zero.
    const postgresSeconds = postgresAfter.size === 0 ? undefined
      : [...postgresAfter].reduce((sum, [pid, seconds]) => sum + seconds - (cpuBefore.postgres.get(pid) ?? 0), 0);
    const cpuMsPerBatch = {
      gateway: gatewayAfter === undefined || cpuBefore.gateway === undefined ? undefined : ((gatewayAfter - cpuBefore.gateway) * 1000) / sent,
      postgres: postgresSeconds === undefined ? undefined : (postgresSeconds * 1000) / sent,
      clients: (clients.user + clients.system) / 1000 / sent,
    };
    if (process.env.BENCH_CPU_PROFILE_DIR) log(`profile window (µs): ${from}-${process.hrtime.bigint() / 1000n}, ${sent} batches`);
    const meCalls = 2_000;
    const meSeconds = await run(meCalls, concurrency, () => me(callers[0]![1]));
    const [{ n: after } = { n: 0 }] = await db.select({ n: count() }).from(measures);
    const [{ n: alertsAfter } = { n: 0 }] = await db.select({ n: count() }).from(alerts);
    const stored = byCaller.reduce((sum, c) => sum + c.measures, 0);
    if (after - before !== stored + callers.length * 3 * BATCH) throw new Error(`stored ${after - before} measures, sent ${stored + callers.length * 3 * BATCH}`);
    return {
      byCaller,
      measuresPerSecond: stored / wallSeconds,
      meRequestsPerSecond: meCalls / meSeconds,
      alertsRaised: alertsAfter - alertsBefore,
      concurrency,
      cpuMsPerBatch,
      load,
    };
  } finally {
    await gateway?.stop();
    await database.close();
    await throwaway.drop();
  }
}

const ms = (n: number | undefined) => (n === undefined ? 'n/a' : n.toFixed(1));

export function measuresGoals(result: MeasuresBenchResult | string): Goal[] {
  if (typeof result === 'string') return [{ name: 'measures stored with threshold evaluation', value: result, goal: 'PostgreSQL', met: undefined }];
  return [
    {
      name: `measures stored with threshold evaluation, batches of ${BATCH}, PostgreSQL, HTTP, ${result.byCaller.length} clients × ${result.concurrency} in flight`,
      value: `${Math.round(result.measuresPerSecond).toLocaleString('en')} measures/s (${result.byCaller.map((c) => `${c.caller} ${Math.round(c.perSecond).toLocaleString('en')}`).join(', ')}; ${result.alertsRaised.toLocaleString('en')} alerts raised)`,
      goal: `≥ ${GOAL_MEASURES_PER_SECOND.toLocaleString('en')} measures/s`,
      met: result.measuresPerSecond >= GOAL_MEASURES_PER_SECOND,
    },
    {
      name: 'measures/s ÷ GET /api/me requests/s (same gateway, same run)',
      value: `${(result.measuresPerSecond / result.meRequestsPerSecond).toFixed(1)} (${Math.round(result.meRequestsPerSecond).toLocaleString('en')} GET /api/me per second)`,
      goal: 'context', met: undefined,
    },
    {
      name: 'measures: CPU ms per batch of 500 (gateway, PostgreSQL backends, bench clients)',
      value: `${ms(result.cpuMsPerBatch.gateway)}, ${ms(result.cpuMsPerBatch.postgres)}, ${ms(result.cpuMsPerBatch.clients)}; load average ${result.load.map((n) => n.toFixed(2)).join(' ')}`,
      goal: 'context', met: undefined,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}` || fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await measuresBench({ log: (m) => process.stderr.write(`  … ${m}\n`) });
  for (const goal of measuresGoals(result)) process.stdout.write(`${goal.name}: ${goal.value} (goal ${goal.goal}${goal.met === undefined ? '' : goal.met ? ', met' : ', NOT met'})\n`);
}
