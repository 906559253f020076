/**
 * Client bench (issues 3 and 8): bytes on the wire, as Chromium received them, from the first
 * request (the patient's address, then the login page) to the patient home painted (goal
 * ≤ 170 KB, every request counted; echarts, the markdown editor, rjsf and the grid layout must
 * not be in its scripts), and the largest contentful paint of the patient home in headless Chromium over loopback
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

export interface ClientBenchResult extends Awaited<ReturnType<typeof measureTransfer>> {
  lcpMs: { median: number; runs: number[] };
  goals: { label: string; value: string; goal: string; met: boolean }[];
}

type ClientGoal = ClientBenchResult['goals'][number];

/**
 * `onGoal` hears each goal as soon as it is measured (the bytes before the paint is timed);
 * `gatewayEnv` is the gateway's environment (the bench gives it a copy of its demo data, DATA_DIR).
 */
export async function clientBundleBench(
  runs = Number(process.env.CLIENT_BENCH_RUNS ?? 5),
  options: { onGoal?: (goal: ClientGoal) => void; gatewayEnv?: Record<string, string> } = {},
): Promise<ClientBenchResult> {
  ensureClientBuilt();
  const gateway = await startGatewayProcess(options.gatewayEnv);
  const browser = await launchChromium();
  const goals: ClientGoal[] = [];
  const measured = (goal: ClientGoal) => { goals.push(goal); options.onGoal?.(goal); };
  try {
    const transfer = await measureTransfer(browser, gateway.url);
    measured({ label: 'bytes on the wire, first request → login → patient home', value: `${transfer.wireKB.toFixed(1)} KB in ${transfer.requests} requests (JS ${transfer.jsWireKB.toFixed(1)} KB)`, goal: '≤ 170 KB', met: transfer.wireKB <= 170 });
    measured({ label: 'echarts, md-editor, rjsf, grid layout in the initial chunks', value: transfer.forbiddenFound.join(', ') || 'none', goal: 'none', met: transfer.forbiddenFound.length === 0 });
    const lcp = await measureLcp(browser, gateway.url, runs);
    measured({ label: 'LCP of the patient home (median, cold cache)', value: `${lcp.median.toFixed(0)} ms`, goal: '≤ 1000 ms', met: lcp.median <= 1000 });
    return { ...transfer, lcpMs: lcp, goals };
  } finally {
    await browser.close();
    await gateway.stop();
  }
}

export function printClientBench(result: ClientBenchResult) {
  console.log('\nClient bundle and paint (issue 3)');
  console.log(`  On the wire (CDP encodedDataLength), first request → login page → patient home painted:`);
  for (const t of result.byType) console.log(`  ${t.kB.toFixed(1).padStart(7)} KB  ${String(t.requests).padStart(3)} × ${t.type}`);
  console.log(`  ${'─'.repeat(40)}\n  ${result.wireKB.toFixed(1).padStart(7)} KB in ${result.requests} requests (scripts ${result.jsRawKiB.toFixed(1)} KiB once decoded)`);
  console.log('  Largest:');
  for (const r of result.largest) console.log(`  ${(r.bytes / 1000).toFixed(1).padStart(7)} KB  ${r.encoding.padEnd(8)} ${r.status} ${r.path}`);
  if (result.uncompressedText.length) console.log(`  Text sent uncompressed (> 1.5 KB): ${result.uncompressedText.join(', ')}`);
  console.log(`  LCP runs (ms): ${result.lcpMs.runs.map((r) => r.toFixed(0)).join(', ')}`);
  for (const g of result.goals) console.log(`  ${g.met ? 'met   ' : 'MISSED'}  ${g.label}: ${g.value} (goal ${g.goal})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await clientBundleBench();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else printClientBench(result);
}
