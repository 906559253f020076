/**
 * A patient on a mobile network (issue 18): Lighthouse's Slow 4G (150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up) and a 4× slower CPU, cold cache. The patient opens the login page (nothing
 * of the site in her browser yet), types her e-mail and password as a person does (a key every
 * 120 ms), and sends.
 * Measured: the login page's own LCP (the baseline of the same run) and the patient home's LCP
 * after the login navigation (the POST's navigation start is the home document's time origin, the
 * redirect included). Goal ≤ 2.0 s. `--waterfall` prints every request after the login: when it
 * started and ended, relative to the login navigation, to see what waits for what.
 *
 *   tsx tests/bench/client-slow-network.ts [--waterfall]   (CLIENT_BENCH_RUNS, default 3)
 */
import { pathToFileURL } from 'node:url';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { ensureClientBuilt } from '../e2e/support/build-client.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { startGatewayProcess } from '../e2e/support/gateway-process.ts';
import { largestContentfulPaint } from './client-lcp.ts';

export const GOAL_HOME_LCP_MS = 2000;

/** Lighthouse's "Slow 4G" (mobile) settings, as DevTools applies them. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const KEY_DELAY_MS = 120;

const lcpOf = (page: Page) => largestContentfulPaint(page);

interface Timed { path: string; start: number; end: number; bytes: number }

/** Every finished request, its CDP timestamps (seconds) kept as they are. */
function recordRequests(cdp: CDPSession) {
  const started = new Map<string, { path: string; at: number }>();
  const done: Timed[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url);
    if (!started.has(e.requestId)) started.set(e.requestId, { path: url.pathname + url.search, at: e.timestamp });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = started.get(e.requestId);
    if (s) done.push({ path: s.path, start: s.at, end: e.timestamp, bytes: e.encodedDataLength });
  });
  return done;
}

async function oneRun(browser: Browser, baseUrl: string, waterfall: boolean) {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const requests = recordRequests(cdp);
  let loginStarted = 0;
  cdp.on('Network.requestWillBeSent', (e) => { if (e.request.method === 'POST' && e.request.url.endsWith('/auth/login') && e.type === 'Document') loginStarted = e.timestamp; });

  // Cold: the login page is the first thing this profile ever fetched (a bookmark, a link in a text message).
  await page.goto(`${baseUrl}/auth/login?targetUrl=%2Fp%2F0`);
  const loginLcp = await lcpOf(page);
  await page.locator('#email').pressSequentially('patient.open@demo.telesuivi.test', { delay: KEY_DELAY_MS });
  await page.locator('#password').pressSequentially('Demo-Telesuivi-2025', { delay: KEY_DELAY_MS });
  await page.click('button[type=submit]');
  await page.waitForURL((url) => url.pathname === '/p/0');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const homeLcp = await lcpOf(page);
  await context.close();
  if (waterfall) {
    console.log(`\nhome LCP ${homeLcp.toFixed(0)} ms; requests from the login navigation on (ms):`);
    for (const r of requests.filter((q) => q.end >= loginStarted).sort((a, b) => a.start - b.start)) {
      console.log(`  ${((r.start - loginStarted) * 1000).toFixed(0).padStart(6)} → ${((r.end - loginStarted) * 1000).toFixed(0).padStart(6)}  ${(r.bytes / 1000).toFixed(1).padStart(6)} KB  ${r.path}`);
    }
  }
  return { loginLcp, homeLcp };
}

/** `gatewayEnv`: the gateway's environment (the bench gives it a copy of its demo data, DATA_DIR). */
export async function slowNetworkBench(runs = Number(process.env.CLIENT_BENCH_RUNS ?? 3), waterfall = false, gatewayEnv: Record<string, string> = {}) {
  ensureClientBuilt();
  const gateway = await startGatewayProcess(gatewayEnv);
  const browser = await launchChromium();
  try {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await oneRun(browser, gateway.url, waterfall));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const home = median(results.map((r) => r.homeLcp));
    const login = median(results.map((r) => r.loginLcp));
    return {
      runs: results,
      goals: [
        { label: 'login page LCP on Slow 4G, 4× CPU (baseline)', value: `${login.toFixed(0)} ms`, goal: 'reported', met: true },
        { label: 'patient home LCP after the login navigation, Slow 4G, 4× CPU', value: `${home.toFixed(0)} ms (${(home / login).toFixed(2)}× the login page)`, goal: `≤ ${GOAL_HOME_LCP_MS} ms`, met: home <= GOAL_HOME_LCP_MS },
      ],
    };
  } finally {
    await browser.close();
    await gateway.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await slowNetworkBench(undefined, process.argv.includes('--waterfall'));
  for (const run of result.runs) console.log(`login LCP ${run.loginLcp.toFixed(0)} ms, home LCP ${run.homeLcp.toFixed(0)} ms`);
  for (const g of result.goals) console.log(`${g.met ? 'met   ' : 'MISSED'}  ${g.label}: ${g.value} (goal ${g.goal})`);
}
