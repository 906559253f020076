/**
 * The alerts list under load (issue 19, Load): its default page, as the operator's screen asks
 * for it, against GET /api/me on the same gateway, session and run, autocannon at 50
 * connections, on PostgreSQL with the demo data as `npm start` makes it (about 1,600 alerts).
 * Goal ≥ 1,000 requests/s; the machine is shared, so the ratio to GET /api/me measured in the
 * same alternating rounds is what compares two runs (the goal was set where GET /api/me answered
 * 4,939/s: ≥ 0.2).
 */
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';
import { DEFAULT_PAGE_SIZE } from '../../schemas/common.ts';
import { ALERT_DEFAULT_SORT } from '../../schemas/alerts.ts';
import { getJson, login } from './browser.ts';
import type { LoadResult } from './load.ts';
import { benchClient } from './postgres.ts';
import { load } from './throughput.ts';
import type { StepContext } from './runner/step.ts';

export const GOAL_RPS = 1000;
/** 1,000 / 4,939: the goal against GET /api/me on the machine where both were measured. */
export const GOAL_RATIO = 0.2;
const CONNECTIONS = 50;
const OPERATOR = 'operator@demo.telesuivi.test';

/** What the browser sends with every API call (client/lib/api/client.ts): the zone, and the encodings it reads. */
const BROWSER_HEADERS = { 'x-timezone': 'Europe/Paris', 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'en-GB,en;q=0.9' };

export async function alertsListLoad(context: StepContext, databaseUrl: string) {
  const gateway = await context.start('gateway', { DATABASE_URL: databaseUrl, DEMO_DATA: 'true' });
  const { cookie } = await login(gateway.url, OPERATOR, DEMO_PASSWORD);
  const privileges = await getJson(`${gateway.url}/api/me/privileges`, { cookie });
  const establishment = (privileges.body as { establishment: { id: string; name: string } }[])[0]!.establishment;
  const me = (await getJson(`${gateway.url}/api/me`, { cookie })).body as { language?: string };
  // The screen's first request (client/features/alerts/list-definition.ts): pending alerts, newest first, page 1, with the language.
  const query = new URLSearchParams({ page: '1', pageSize: String(DEFAULT_PAGE_SIZE), sort: ALERT_DEFAULT_SORT, status: 'PENDING', l: me.language ?? 'en' });
  const url = `${gateway.url}/api/establishments/${establishment.id}/alerts?${query}`;
  const page = (await getJson(url, { cookie, ...BROWSER_HEADERS })).body as { data: unknown[]; totalItems: number; totalCapped?: true };
  if (!page.data.length) throw new Error(`the alerts list of ${establishment.name} is empty: no demo monitoring data`);

  const client = benchClient(databaseUrl);
  await client.connect();
  const { rows: [counted] } = await client.query<{ total: number; pending: number }>(`select count(*)::int as total, count(*) filter (where status = 'PENDING')::int as pending from alerts`);
  await client.end();

  const headers = { cookie, ...BROWSER_HEADERS };
  const [reference, measured, plain] = await load(context, [
    { label: 'GET /api/me, operator, PostgreSQL demo data', url: `${gateway.url}/api/me`, headers, pids: [gateway.pid] },
    { label: 'alerts list, default page (pending, page 1), compressed', url, headers, pids: [gateway.pid] },
    { label: 'alerts list, default page, uncompressed', url, headers: { ...headers, 'accept-encoding': 'identity' }, pids: [gateway.pid] },
  ], CONNECTIONS) as [LoadResult, LoadResult, LoadResult];
  const ratio = measured.rps / reference.rps;
  const alerts = `${counted!.total.toLocaleString('en')} alerts, ${page.totalItems}${page.totalCapped ? '+' : ''} pending in the operator's list`;
  context.goal({
    name: `alerts list default page, ${CONNECTIONS} connections, PostgreSQL demo data (${alerts})`,
    value: `${Math.round(measured.rps).toLocaleString('en')} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms`,
    goal: `≥ ${GOAL_RPS.toLocaleString('en')} req/s`, met: measured.rps >= GOAL_RPS,
  });
  context.goal({
    name: 'alerts list default page / GET /api/me, req/s, same run (the machine is shared: compare this)',
    value: `${ratio.toFixed(3)} (${Math.round(measured.rps)} / ${Math.round(reference.rps)} req/s)`,
    goal: `≥ ${GOAL_RATIO}`, met: ratio >= GOAL_RATIO,
  });
  context.goal({
    name: 'alerts list default page, uncompressed / compressed, req/s', goal: 'context', met: undefined,
    value: `${(plain.rps / measured.rps).toFixed(2)} (${Math.round(plain.rps)} / ${Math.round(measured.rps)} req/s)`,
  });
}
