/**
 * Editor bench (issue 4): dragging a block across a 60-block layout in the interface editor,
 * in headless Chromium; goal: p95 frame time ≤ 16 ms. Headless Chromium paces frames at 60 Hz
 * (an idle frame lasts 16.7 ms; the flags that lift the limit leave the app unrendered here),
 * so two figures are reported: the interval between frames during the drags (16.7 ms when no
 * frame is dropped), and each frame's work, from the pointer move's handler to a task queued
 * after that frame's style, layout and paint (an upper bound: tasks queued before it count).
 * Chromium's own main-thread metrics over the drags give the split script / style / layout. The 60-block layout is served to the editor in
 * place of the establishment's (nothing is saved). Builds the client if needed and starts its
 * own gateway on a throwaway database.
 *
 *   tsx tests/bench/editor-drag.ts         prints the figures (JSON with --json)
 *   EDITOR_BENCH_RUNS (default 3)          drags measured; frames of all runs pooled
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import type { LayoutBlock, LayoutDocument } from '../../schemas/layout.ts';
import { ensureClientBuilt } from '../e2e/support/build-client.ts';
import { CHROMIUM_FLAGS } from '../e2e/support/browser.ts';
import { startGatewayProcess } from '../e2e/support/gateway-process.ts';
import { loginAs } from '../e2e/support/login.ts';

const TYPES = ['markdown', 'link-list', 'alerts', 'non-compliance-alerts', 'connections-activities', 'documents-messaging'] as const;
const PROPS: Record<(typeof TYPES)[number], Record<string, unknown>> = {
  markdown: { title: 'Note', content: '## Consignes\nAppeler le **15** en cas d’urgence.\n- Peser chaque matin\n- Noter la tension' },
  'link-list': { title: 'Liens', links: [{ label: 'Mes tâches', href: 'my-tasks' }, { label: 'Documents', href: 'documents' }] },
  alerts: { pageSize: 5 }, 'non-compliance-alerts': { pageSize: 5 }, 'connections-activities': { pageSize: 5 }, 'documents-messaging': { pageSize: 5 },
};

/** 60 blocks of 3 × 3 cells, four to a row of the 12-column grid. */
export function sixtyBlockLayout(): LayoutDocument {
  const blocks: LayoutBlock[] = Array.from({ length: 60 }, (_, i) => {
    const type = TYPES[i % TYPES.length]!;
    return { id: `b${i}`, type, x: (i % 4) * 3, y: Math.floor(i / 4) * 3, w: 3, h: 3, props: PROPS[type] };
  });
  return { id: 'bench-60', page: 'professional-dashboard', schemaVersion: 2, grid: { cols: 12, rowHeight: 40 }, blocks };
}

/**
 * In the page (a string: tsx's helpers do not exist there). For each frame that handles a
 * pointer move of the drag: its work, from the move's handler to the end of that frame's
 * rendering (a task queued from requestAnimationFrame runs once style, layout and paint are
 * done); and the interval between frames, which shows frames dropped at 60 Hz.
 */
const RECORDER = `(() => {
  window.__work = []; window.__intervals = []; window.__stop = false;
  let pending = false;
  addEventListener('mousemove', () => {
    if (pending) return;
    pending = true;
    const start = performance.now();
    requestAnimationFrame(() => setTimeout(() => { window.__work.push(performance.now() - start); pending = false; }));
  }, { capture: true });
  let last = performance.now();
  const tick = (now) => {
    window.__intervals.push(now - last);
    last = now;
    if (!window.__stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Frames { work: number[]; intervals: number[] }

async function dragOnce(page: Page, from: string, dx: number, dy: number, steps: number): Promise<Frames> {
  const box = (await page.locator(from).boundingBox())!;
  const start = { x: box.x + 30, y: box.y + box.height / 2 };
  await page.evaluate(RECORDER);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + dx, start.y + dy, { steps });
  await page.mouse.up();
  await page.waitForTimeout(200);
  return page.evaluate('window.__stop = true; ({ work: window.__work, intervals: window.__intervals.slice(1) })') as Promise<Frames>;
}

export interface EditorDragResult {
  frames: number; p50: number; p95: number; max: number; runs: number;
  intervals: { p50: number; p95: number; over25ms: number };
  /** Main-thread time over all the drags (Chromium's Performance metrics). */
  breakdown: { scriptMs: number; layoutMs: number; styleMs: number; taskMs: number };
  goals: { label: string; value: string; goal: string; met: boolean }[];
}

/** `gatewayEnv`: the gateway's environment (the bench gives it a copy of its demo data, DATA_DIR). */
export async function editorDragBench(runs = Number(process.env.EDITOR_BENCH_RUNS ?? 3), gatewayEnv: Record<string, string> = {}): Promise<EditorDragResult> {
  ensureClientBuilt();
  const gateway = await startGatewayProcess(gatewayEnv);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1600, height: 1200 } });
    const page = await context.newPage();
    const layout = JSON.stringify(sixtyBlockLayout());
    await page.route(/\/ui\/layouts\/professional-dashboard\?/, (route) =>
      (route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body: layout }) : route.continue()));
    await loginAs(page, gateway.url, 'admin.establishment', '/s/0/layout-builder');
    await page.locator('[data-editor-grid] [data-block-id="b59"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    const frames: Frames = { work: [], intervals: [] };
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const before = await metrics();
    for (let run = 0; run < runs; run++) {
      // Across the grid and back: the first block's handle, 9 columns right and 8 rows down.
      const handle = `[data-editor-grid] [data-block-id="b${run % 2 === 0 ? 0 : 3}"] [data-block-handle]`;
      const one = await dragOnce(page, handle, run % 2 === 0 ? 900 : -900, 450, 120);
      frames.work.push(...one.work);
      frames.intervals.push(...one.intervals);
      await page.keyboard.press('Control+z');
      await page.waitForTimeout(300);
    }
    const after = await metrics();
    const seconds = (name: string) => (after[name]! - before[name]!) * 1000;
    const breakdown = { scriptMs: seconds('ScriptDuration'), layoutMs: seconds('LayoutDuration'), styleMs: seconds('RecalcStyleDuration'), taskMs: seconds('TaskDuration') };
    await context.close();
    const sorted = [...frames.work].sort((a, b) => a - b);
    const intervals = [...frames.intervals].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    return {
      frames: sorted.length, p50: percentile(sorted, 50), p95, max: sorted.at(-1)!, runs,
      intervals: { p50: percentile(intervals, 50), p95: percentile(intervals, 95), over25ms: intervals.filter((i) => i > 25).length / intervals.length },
      breakdown,
      goals: [
        // At 60 Hz a frame on time lasts 16.7 ms: the interval cannot be lower, only longer when frames are dropped.
        { label: 'Editor drag, 60 blocks: p95 interval between frames (60 Hz)', value: `${percentile(intervals, 95).toFixed(1)} ms`, goal: '≤ 16.7 ms (no frame dropped)', met: percentile(intervals, 95) <= 17 },
        { label: 'Editor drag, 60 blocks: p95 work per frame (upper bound)', value: `${p95.toFixed(1)} ms`, goal: '≤ 16 ms', met: p95 <= 16 },
      ],
    };
  } finally {
    await browser.close();
    await gateway.stop();
  }
}

export function printEditorDrag(r: EditorDragResult) {
  console.log('\nInterface editor drag (issue 4)');
  console.log(`  ${r.frames} frames with a pointer move over ${r.runs} drags, work per frame: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`);
  console.log(`  intervals between frames during the drags: p50 ${r.intervals.p50.toFixed(1)} ms, p95 ${r.intervals.p95.toFixed(1)} ms, ${(r.intervals.over25ms * 100).toFixed(1)} % over 25 ms (a dropped frame at 60 Hz)`);
  const b = r.breakdown;
  console.log(`  main thread over the drags: ${b.taskMs.toFixed(0)} ms of tasks, of which script ${b.scriptMs.toFixed(0)} ms, style ${b.styleMs.toFixed(0)} ms, layout ${b.layoutMs.toFixed(0)} ms (the rest: paint, compositing, idle tasks)`);
  for (const g of r.goals) console.log(`  ${g.met ? 'met   ' : 'MISSED'}  ${g.label}: ${g.value} (goal ${g.goal})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await editorDragBench();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else printEditorDrag(result);
}
