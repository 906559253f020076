/**
 * Client bench (issue 3): JavaScript transferred, gzip, from the login redirect to the patient
 * home (goal ≤ 170 KB; echarts, the markdown editor, rjsf and the grid layout must not be in
 * it), and the largest contentful paint of the patient home in headless Chromium over loopback
 * (goal ≤ 1 s). Builds the client if needed and starts its own gateway on a throwaway database.
 *
 *   tsx tests/bench/client-bundle.ts        prints the figures (JSON with --json)
 *   CLIENT_BENCH_RUNS (default 5)           LCP measurements; the median is reported
 */
import { pathToFileURL } from 'node:url';
import { ensureClientBuilt } from '../e2e/support/build-client.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { startGatewayProcess } from '../e2e/support/gateway-process.ts';
import { measureLcp } from './client-lcp.ts';
import { measureTransfer } from './client-transfer.ts';

export interface ClientBenchResult {
  jsGzipKiB: number;
  jsRawKiB: number;
  scripts: { path: string; gzipKiB: number }[];
  forbiddenFound: string[];
  lcpMs: { median: number; runs: number[] };
  goals: { label: string; value: string; goal: string; met: boolean }[];
}

export async function clientBundleBench(runs = Number(process.env.CLIENT_BENCH_RUNS ?? 5)): Promise<ClientBenchResult> {
  ensureClientBuilt();
  const gateway = await startGatewayProcess();
  const browser = await launchChromium();
  try {
    const transfer = await measureTransfer(browser, gateway.url);
    const lcp = await measureLcp(browser, gateway.url, runs);
    return {
      ...transfer,
      lcpMs: lcp,
      goals: [
        { label: 'JS transferred, login redirect → patient home (gzip)', value: `${transfer.jsGzipKiB.toFixed(1)} KiB`, goal: '≤ 170 KB', met: transfer.jsGzipKiB * 1.024 <= 170 },
        { label: 'echarts, md-editor, rjsf, grid layout in the initial chunks', value: transfer.forbiddenFound.join(', ') || 'none', goal: 'none', met: transfer.forbiddenFound.length === 0 },
        { label: 'LCP of the patient home (median, cold cache)', value: `${lcp.median.toFixed(0)} ms`, goal: '≤ 1000 ms', met: lcp.median <= 1000 },
      ],
    };
  } finally {
    await browser.close();
    await gateway.stop();
  }
}

export function printClientBench(result: ClientBenchResult) {
  console.log('\nClient bundle and paint (issue 3)');
  for (const s of result.scripts) console.log(`  ${s.gzipKiB.toFixed(1).padStart(7)} KiB  ${s.path}`);
  console.log(`  ${'─'.repeat(40)}\n  ${result.jsGzipKiB.toFixed(1).padStart(7)} KiB gzip (${result.jsRawKiB.toFixed(1)} KiB raw) in ${result.scripts.length} scripts`);
  console.log(`  LCP runs (ms): ${result.lcpMs.runs.map((r) => r.toFixed(0)).join(', ')}`);
  for (const g of result.goals) console.log(`  ${g.met ? 'met   ' : 'MISSED'}  ${g.label}: ${g.value} (goal ${g.goal})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await clientBundleBench();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else printClientBench(result);
}
