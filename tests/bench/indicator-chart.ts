/**
 * Monitoring chart bench (issue 11 §6, issue 18): a one-year chart of one indicator — 1,460 values,
 * four a day — from request to painted, in real Chromium against the real gateway, goal ≤ 300 ms;
 * and its five-year chart — 7,300 values, downsampled in SQL to at most 1,000 — goal ≤ 150 ms.
 *
 * The patient's monitoring screen (/p/0/health-path-data) is opened afresh for each run (cold
 * react-query cache, echarts' chunk from the browser cache once the 30-day charts have painted);
 * then the "365 days" (or "5 years") period of an indicator's card is clicked and the time is taken from the
 * click to the chart painted: echarts' 'finished' event, marked `indicator-chart:painted` by
 * client/lib/charts/echarts-view.tsx (animation is off, so 'finished' is the paint). That covers
 * the request (the server reads the year, downsamples 1,460 values to at most 1,000 keeping each
 * bucket's min and max), JSON, React, the option and echarts' canvas. Baseline in the same run:
 * the same click on an indicator with 30 values over the same year. Also reported: navigation to
 * the first painted chart (the screen's cold start, echarts' chunk included).
 *
 * The values are entered through POST /patient_files/:id/indicators/data (batches of 500) as the
 * demo patient, on the gateway's throwaway PostgreSQL database (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, see postgres.ts), whose file start date is first moved six years back: a value
 * dated before its file's start is refused (issue 18), and the bench, not the demo, needs a
 * five-year-old file.
 *
 *   npx tsx tests/bench/indicator-chart.ts        prints the figures (JSON with --json)
 *   CHART_BENCH_RUNS (default 15)                 runs per indicator
 *   BENCH_CLIENT_DIST                             an already built client (else dist/client, built if stale)
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { ensureClientBuilt } from '../e2e/support/build-client.ts';
import { CHROMIUM_FLAGS } from '../e2e/support/browser.ts';
import { startGatewayProcess } from '../e2e/support/gateway-process.ts';
import { loginAs } from '../e2e/support/login.ts';
import { login } from './browser.ts';
import { benchClient, createThrowawayDatabase, type ThrowawayDatabase } from './postgres.ts';

const DAY = 86_400_000;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function seed(baseUrl: string, databaseUrl: string) {
  const session = await login(baseUrl, 'patient.open@demo.telesuivi.test', 'Demo-Telesuivi-2025');
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' };
  const files = await (await fetch(`${baseUrl}/api/me/patient_files`, { headers })).json() as { data?: { id: string }[] } | { id: string }[];
  const fileId = (Array.isArray(files) ? files : files.data!)[0]!.id;
  const indicators = (await (await fetch(`${baseUrl}/api/patient_files/${fileId}/indicators`, { headers })).json() as { data: { id: string; reference: string }[] }).data;
  const id = (reference: string) => indicators.find((i) => i.reference === reference)!.id;
  const now = Date.now() - 60_000;
  const client = benchClient(databaseUrl);
  await client.connect();
  await client.query('update patient_files set start_date = $2 where id = $1', [fileId, new Date(now - 6 * 365 * DAY).toISOString().slice(0, 10)]);
  await client.end();
  const post = async (data: object[]) => {
    const res = await fetch(`${baseUrl}/api/patient_files/${fileId}/indicators/data`, { method: 'POST', headers, body: JSON.stringify({ data }) });
    if (res.status !== 201) throw new Error(`POST indicators/data: ${res.status} ${await res.text()}`);
  };
  // Five years of four weights a day (the last of them the one-year chart's 1,460), a slow drift
  // and daily noise, within the demo thresholds mostly.
  const years = Array.from({ length: 7300 }, (_, i) => ({
    indicatorId: id('weight'), value: Math.round((72 + Math.sin(i / 90) * 1.5 + Math.sin(i * 1.7) * 0.4) * 10) / 10,
    measuredAt: new Date(now - 5 * 365 * DAY + i * DAY / 4).toISOString(),
  }));
  for (let i = 0; i < years.length; i += 500) await post(years.slice(i, i + 500));
  await post(Array.from({ length: 30 }, (_, i) => ({ indicatorId: id('heart_rate'), value: 60 + (i % 9), measuredAt: new Date(now - 365 * DAY + i * 12 * DAY).toISOString() })));
}

/** Opens the screen afresh and waits for every card's first chart; returns navigation → first chart painted. */
async function openScreen(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/p/0/health-path-data`);
  await page.locator('[data-testid="indicator-card-weight"] [data-painted="true"]').waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="indicator-card-heart_rate"] [data-painted="true"]').waitFor({ timeout: 60_000 });
  return page.evaluate(() => performance.getEntriesByName('indicator-chart:painted')[0]!.startTime);
}

/** Clicks the card's period whose label starts with `period` ("365", "5 ans") and measures until its chart says painted again. */
async function periodChart(page: Page, reference: string, period: string): Promise<{ ms: number }> {
  return page.evaluate(async ([ref, label0]) => {
    const card = document.querySelector(`[data-testid="indicator-card-${ref}"]`)!;
    const label = [...card.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label0!))!;
    // A chart that never says painted fails the run after 30 s (page.evaluate has no timeout of its own).
    const painted = new Promise<number>((resolve, reject) => {
      setTimeout(() => reject(new Error(`the ${label0} chart of ${ref} did not paint within 30 s`)), 30_000);
      new PerformanceObserver((list, observer) => {
        for (const entry of list.getEntries()) {
          const canvas = card.querySelector('[data-testid="indicator-chart-canvas"]');
          if (entry.startTime > start && canvas?.getAttribute('data-painted') === 'true') { observer.disconnect(); resolve(entry.startTime); }
        }
      }).observe({ type: 'mark' });
    });
    const start = performance.now();
    label.click();
    const end = await painted;
    return { ms: end - start };
  }, [reference, period]);
}
const yearChart = (page: Page, reference: string) => periodChart(page, reference, '365');
const fiveYearChart = (page: Page, reference: string) => periodChart(page, reference, '5 ans');

export interface ChartBenchResult {
  runs: number;
  year: { p50: number; p95: number };
  fiveYears: { p50: number; p95: number };
  baseline: { p50: number; p95: number };
  firstChart: { p50: number; p95: number };
  goals: { label: string; value: string; goal: string; met: boolean }[];
}

const stats = (values: number[]) => { const s = [...values].sort((a, b) => a - b); return { p50: percentile(s, 50), p95: percentile(s, 95) }; };

export async function indicatorChartBench(
  runs = Number(process.env.CHART_BENCH_RUNS ?? 15),
  options: { createDatabase?: () => Promise<ThrowawayDatabase | string> } = {},
): Promise<ChartBenchResult> {
  if (!process.env.BENCH_CLIENT_DIST) ensureClientBuilt();
  const database = await (options.createDatabase ?? createThrowawayDatabase)();
  if (typeof database === 'string') throw new Error(`monitoring chart bench: ${database}`);
  const gateway = await startGatewayProcess({ DATABASE_URL: database.url, ...(process.env.BENCH_CLIENT_DIST ? { CLIENT_DIST: process.env.BENCH_CLIENT_DIST } : {}) });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
  try {
    await seed(gateway.url, database.url);
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await loginAs(page, gateway.url, 'patient.open', '/p/0/health-path-data');
    // One run to warm the server and the browser cache, not counted.
    await openScreen(page, gateway.url);
    await yearChart(page, 'weight');
    await fiveYearChart(page, 'weight');
    const year: number[] = [];
    const fiveYears: number[] = [];
    const baseline: number[] = [];
    const first: number[] = [];
    for (let run = 0; run < runs; run++) {
      // Alternated, so that a slower moment of the machine weighs on both.
      first.push(await openScreen(page, gateway.url));
      const [a, b] = run % 2 === 0 ? ['weight', 'heart_rate'] : ['heart_rate', 'weight'];
      const ra = await yearChart(page, a);
      const rb = await yearChart(page, b);
      (a === 'weight' ? year : baseline).push(ra.ms);
      (b === 'weight' ? year : baseline).push(rb.ms);
      // From the one-year chart just drawn: the five years, then back to the year (both counted).
      fiveYears.push((await fiveYearChart(page, 'weight')).ms);
      year.push((await yearChart(page, 'weight')).ms);
    }
    await context.close();
    const y = stats(year);
    const five = stats(fiveYears);
    return {
      runs, year: y, fiveYears: five, baseline: stats(baseline), firstChart: stats(first),
      goals: [
        { label: 'One-year chart (1,460 values) from request to painted, p95', value: `${y.p95.toFixed(0)} ms`, goal: '≤ 300 ms', met: y.p95 <= 300 },
        { label: 'Five-year chart (7,300 values) from request to painted, p95', value: `${five.p95.toFixed(0)} ms (${(five.p95 / y.p95).toFixed(2)}× the one-year p95 of the same run)`, goal: '≤ 150 ms', met: five.p95 <= 150 },
      ],
    };
  } finally {
    await browser.close();
    await gateway.stop();
    await database.drop();
  }
}

export function printIndicatorChart(r: ChartBenchResult) {
  console.log('\nMonitoring chart, one and five years of one indicator (issue 11 §6, issue 18)');
  console.log(`  1,460 values (sent ≤ 1,000 after min/max downsampling): click → painted p50 ${r.year.p50.toFixed(0)} ms, p95 ${r.year.p95.toFixed(0)} ms over ${r.runs} runs`);
  console.log(`  7,300 values over five years (downsampled in SQL, ≤ 1,000 sent): p50 ${r.fiveYears.p50.toFixed(0)} ms, p95 ${r.fiveYears.p95.toFixed(0)} ms (ratio to one year: p50 ${(r.fiveYears.p50 / r.year.p50).toFixed(2)}, p95 ${(r.fiveYears.p95 / r.year.p95).toFixed(2)})`);
  console.log(`  baseline, 30 values over the same year: p50 ${r.baseline.p50.toFixed(0)} ms, p95 ${r.baseline.p95.toFixed(0)} ms (ratio p50 ${(r.year.p50 / r.baseline.p50).toFixed(2)})`);
  console.log(`  context: navigation → first chart painted (cold screen, echarts chunk cached) p50 ${r.firstChart.p50.toFixed(0)} ms, p95 ${r.firstChart.p95.toFixed(0)} ms`);
  for (const g of r.goals) console.log(`  ${g.met ? 'met   ' : 'MISSED'}  ${g.label}: ${g.value} (goal ${g.goal})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await indicatorChartBench();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else printIndicatorChart(result);
}
