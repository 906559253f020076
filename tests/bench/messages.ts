/**
 * Secure messaging (issue 20 §4) at a 10,000-message conversation on PostgreSQL: GET
 * /api/patient_files/:id/messages through the real app over HTTP (a gateway child process,
 * tests/bench/children.ts), in its own throwaway database (demo world + messages written with
 * generate_series: the long conversation in Camille Martin's file, and a few messages in each
 * other demo file). The requests of the screen: the first page (20 newest, the caller's unread
 * count over the whole conversation: never read, the worst case), a page deep in the past through
 * its cursor, the navigation's unread counts and the establishment's conversations list. The
 * baseline, measured in the same run, interleaved with them: GET /api/me on the same gateway and
 * session. Goal: the first page painted within 300 ms, of which the API is a few ms; the step
 * holds the API to 50 ms at p95 and reports it against GET /api/me. Requests one at a time.
 *
 *   import { messagesBench, messagesGoals } from './messages.ts';   // steps.ts
 * Standalone: `npx tsx tests/bench/messages.ts`
 *   MESSAGES_BENCH_COUNT (default 10000), MESSAGES_BENCH_ROUNDS (default 30)
 */
import { fileURLToPath } from 'node:url';
import { and, asc, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { establishments, patientFiles, users } from '../../server/db/schema.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';
import { startServer, type Child } from './children.ts';
import { login } from './browser.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres.ts';
import type { Goal } from './report.ts';
import { timeRequests, timing, type Timing } from './request-timings.ts';

/** The API's share of the 300-ms first paint: a few ms expected, 50 ms at most. */
export const GOAL_P95_MS = 50;
export interface MessagesBenchResult {
  messages: number;
  baseline: Timing;
  firstPage: Timing;
  byQuery: Timing[];
}

export async function messagesBench(options: { count?: number; rounds?: number; log?: (m: string) => void; createDatabase?: () => Promise<ThrowawayDatabase | string> } = {}): Promise<MessagesBenchResult | string> {
  const total = options.count ?? Number(process.env.MESSAGES_BENCH_COUNT ?? 10_000);
  const rounds = options.rounds ?? Number(process.env.MESSAGES_BENCH_ROUNDS ?? 30);
  const log = options.log ?? (() => {});
  const throwaway = await (options.createDatabase ?? createThrowawayDatabase)();
  if (typeof throwaway === 'string') return throwaway;
  const database = await openDatabase({ url: throwaway.url, dataDir: '', poolSize: 2 });
  let gateway: Child | undefined;
  try {
    await provisionDemo(database.db);
    const db = database.db;
    const [camille] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'patient.open@demo.telesuivi.test'));
    const [prescriber] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'prescriber@demo.telesuivi.test'));
    const [file] = await db.select({ id: patientFiles.id }).from(patientFiles)
      .where(and(eq(patientFiles.patientId, camille!.id), eq(patientFiles.status, 'OPEN'))).orderBy(asc(patientFiles.createdAt)).limit(1);
    log(`messages: writing a conversation of ${total.toLocaleString('en')} messages`);
    // One message a minute back from now, the patient and the prescriber in turn: the prescriber never read any.
    await db.execute(sql`insert into messages (patient_file_id, author_id, author_role, text, created_at)
      select ${file!.id}::uuid, case when i % 2 = 0 then ${camille!.id}::uuid else ${prescriber!.id}::uuid end,
        case when i % 2 = 0 then 'patient' else 'professional' end,
        'Message ' || i || ' : tension 13/8, poids stable, pas d''essoufflement.', now() - (i || ' minutes')::interval
      from generate_series(1, ${total}) as i`);
    // A few messages in every other demo file: the index holds more than one conversation.
    await db.execute(sql`insert into messages (patient_file_id, author_id, author_role, text, created_at)
      select f.id, f.patient_id, 'patient', 'Bonjour', now() - (i || ' hours')::interval
      from patient_files f cross join generate_series(1, 20) as i where f.id <> ${file!.id}::uuid`);
    await db.execute(sql`analyze messages`);
    const [azur] = await db.select({ id: establishments.id }).from(establishments).where(eq(establishments.identifier, 'chu-azur'));

    gateway = await startServer('gateway', { DATABASE_URL: throwaway.url, DEMO_DATA: 'false' });
    const { cookie } = await login(gateway.url, 'prescriber@demo.telesuivi.test', DEMO_PASSWORD);
    const headers = { cookie, 'x-timezone': 'Europe/Paris' };
    const get = async (url: string) => {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ nextCursor?: string | null }>;
    };
    const conversation = `${gateway.url}/api/patient_files/${file!.id}/messages`;
    // A cursor deep in the past: walk 50-message pages to the middle once, untimed.
    let cursor: string | null | undefined;
    for (let page = 0; page < Math.max(1, Math.floor(total / 100)); page++) {
      cursor = (await get(`${conversation}?limit=50${cursor ? `&before=${cursor}` : ''}`)).nextCursor;
      if (!cursor) break;
    }
    const targets: { label: string; url: string }[] = [
      { label: 'baseline: GET /api/me', url: `${gateway.url}/api/me` },
      { label: 'context: GET /api/patient_files/:id (the same file opening, no message)', url: `${gateway.url}/api/patient_files/${file!.id}` },
      { label: 'first page (20 newest, unread over the whole conversation)', url: conversation },
      { label: 'first page, 50 messages', url: `${conversation}?limit=50` },
      ...(cursor ? [{ label: 'a page in the middle, by its cursor', url: `${conversation}?before=${cursor}` }] : []),
      { label: 'unread counts for the navigation', url: `${gateway.url}/api/me/unread_messages` },
      { label: "the establishment's conversations, unread first", url: `${gateway.url}/api/establishments/${azur!.id}/conversations?sort=-unread` },
    ];
    const times = await timeRequests(targets, rounds, async (t) => { await get(t.url); });
    const [baselineLabel, headerLabel, firstLabel, ...rest] = targets.map((t) => t.label);
    return {
      messages: total,
      baseline: timing(baselineLabel!, times.get(baselineLabel!)!),
      firstPage: timing(firstLabel!, times.get(firstLabel!)!),
      byQuery: [headerLabel!, firstLabel!, ...rest].map((label) => timing(label, times.get(label)!)).sort((a, b) => b.p95 - a.p95),
    };
  } finally {
    await gateway?.stop();
    await database.close();
    await throwaway.drop();
  }
}

export function messagesGoals(result: MessagesBenchResult | string): Goal[] {
  if (typeof result === 'string') return [{ name: 'messages', value: result, goal: 'PostgreSQL', met: undefined }];
  const { firstPage, baseline } = result;
  const line = (t: Timing) => `p95 ${t.p95.toFixed(1)} ms (p50 ${t.p50.toFixed(1)}, max ${t.max.toFixed(1)})`;
  return [
    { name: `conversation first page at ${result.messages.toLocaleString('en')} messages, PostgreSQL, HTTP`, value: line(firstPage), goal: `p95 ≤ ${GOAL_P95_MS} ms (of a 300-ms first paint)`, met: firstPage.p95 <= GOAL_P95_MS },
    { name: 'conversation first page / GET /api/me (same gateway, same run), p95', value: `${(firstPage.p95 / Math.max(baseline.p95, 0.1)).toFixed(2)}× (${firstPage.p95.toFixed(1)} / ${baseline.p95.toFixed(1)} ms)`, goal: 'context', met: undefined },
    ...result.byQuery.filter((t) => t.label !== firstPage.label).map((t) => ({ name: `messaging: ${t.label}`, value: line(t), goal: 'context', met: undefined })),
  ];
}

if (import.meta.url === `file://${process.argv[1]}` || fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await messagesBench({ log: (m) => process.stderr.write(`  … ${m}\n`) });
  for (const goal of messagesGoals(result)) process.stdout.write(`${goal.name}: ${goal.value} (goal ${goal.goal}${goal.met === undefined ? '' : goal.met ? ', met' : ', NOT met'})\n`);
}
