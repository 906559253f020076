/**
 * Questionnaire rendering in headless Chromium (issue 5, benchmarks): a 300-question
 * questionnaire mounted by the answering screen's own component (QuestionnaireForm: rjsf, the
 * app's Mantine theme, the CSP-safe validator, controlled formData, live computed values) versus
 * 300 plain controlled inputs in the same page and run, alternating; then keystrokes typed into
 * a text question in the middle of the form.
 *
 *   mount:       render call → next frame painted (goal: rjsf ≤ 10 × plain)
 *   keystroke:   keydown timestamp → next frame painted (goal: median ≤ 16 ms); the time until the
 *                main thread is free again (the work of the keystroke) is printed beside it.
 *                Text fields hold keystrokes and hand them to rjsf after a 250 ms pause (or on
 *                blur, Enter): that update of the whole form is timed too ('after a pause').
 *
 * Two questionnaires: 300 text questions (like for like with the plain inputs) and the mixed
 * 300-question one of the server bench (scales, numbers, yes/no with if/then, texts, lists,
 * dates, multi-choice, nested objects). The page is served with the gateway's strict CSP (no
 * 'unsafe-eval'): a validator generating code would fail here.
 *
 *   npx tsx tests/bench/questionnaire-render.ts     (QUESTIONNAIRE_BENCH_ROUNDS, default 5; _KEYS, default 40)
 *   import { questionnaireRenderBench, questionnaireRenderGoals } from './questionnaire-render.ts';
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import type { FormDefinition } from '../../schemas/form.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { generateQuestionnaire } from './form-validation.ts';
import type { Goal } from './report.ts';

const HERE = fileURLToPath(new URL('./questionnaire-render/', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'";
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

export interface Stats { median: number; p95: number; runs: number[] }
export interface QuestionnaireRenderResult {
  questions: number;
  mount: { plain: Stats; rjsfText: Stats; rjsfMixed: Stats };
  keystroke: Record<'plain' | 'rjsfText' | 'rjsfMixed', { toPaint: Stats; toIdle: Stats; afterPause: Stats }>;
  /** Form controls (input, select, textarea) each variant renders. */
  controls: Record<'plain' | 'rjsfText' | 'rjsfMixed', number>;
  cspViolations: string[];
}

const stats = (runs: number[]): Stats => {
  const sorted = [...runs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: sorted.length % 2 ? at(0.5) : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2, p95: at(0.95), runs };
};

function textQuestionnaire(n: number): FormDefinition {
  const properties = Object.fromEntries(Array.from({ length: n }, (_, i) => [`q${String(i + 1).padStart(3, '0')}`, { type: 'string', title: `Question ${i + 1}`, maxLength: 500 }]));
  return { id: 'bench-text', reference: 'BENCH-TEXT', name: { fr: '300 questions' }, submissionType: 'FREE', languages: ['fr'], schema: { type: 'object', properties } } as FormDefinition;
}

async function buildHarness(outDir: string) {
  await build({
    root: HERE, configFile: false, logLevel: 'warn', mode: 'production', plugins: [react()],
    resolve: { alias: {} }, server: { fs: { allow: [ROOT] } },
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 5000, minify: !process.env.QUESTIONNAIRE_BENCH_PROFILE },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
}

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const target = existsSync(file) && statSync(file).isFile() ? file : path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream', 'content-security-policy': CSP });
    res.end(readFileSync(target));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

const mount = (page: Page, kind: 'rjsf' | 'plain', definition: FormDefinition | null, count: number) =>
  page.evaluate(([k, d, c]) => window.bench.mount(k, d, c), [kind, definition, count] as const);

async function typeInto(page: Page, selector: string, keys: number) {
  await page.locator(selector).click();
  await page.evaluate(() => window.bench.clearLatencies());
  for (let i = 0; i < keys; i++) {
    await page.keyboard.press(i % 5 === 4 ? 'Space' : 'KeyA');
    // One keystroke at a time: the next starts once this one is painted and the thread is free.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20))));
  }
  const latencies = await page.evaluate(() => window.bench.latencies());
  const value = await page.locator(selector).inputValue();
  if (value.length !== keys) throw new Error(`typed ${keys} keys into ${selector}, the input holds ${value.length} characters`);
  // What the form does once the typing pauses (text fields hold keystrokes until then): one key,
  // then the field left, which hands the text to the form at once; timed to the next paint.
  const settle: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.locator(selector).click();
    await page.keyboard.press('KeyB');
    settle.push(await page.evaluate(() => new Promise<number>((resolve) => {
      const start = performance.now();
      (document.activeElement as HTMLElement).blur();
      requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => resolve(performance.now() - start); c.port2.postMessage(0); });
    })));
  }
  return { toPaint: stats(latencies.map((l) => l.toPaint)), toIdle: stats(latencies.map((l) => l.toIdle)), afterPause: stats(settle) };
}

/** Self time by function of what `action` runs in the page (Chrome's sampling profiler), top `top`. */
export async function profile(page: Page, action: () => Promise<unknown>, top = 25): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await action();
  const { profile: p } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const dt = p.timeDeltas ?? [];
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  (p.samples ?? []).forEach((id, i) => {
    const n = byId.get(id)!;
    const key = `${n.callFrame.functionName || '(anonymous)'} ${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${k}`);
}

export async function questionnaireRenderBench(opts: { rounds?: number; keys?: number; questions?: number } = {}): Promise<QuestionnaireRenderResult> {
  const rounds = opts.rounds ?? Number(process.env.QUESTIONNAIRE_BENCH_ROUNDS ?? 5);
  const keys = opts.keys ?? Number(process.env.QUESTIONNAIRE_BENCH_KEYS ?? 40);
  const questions = opts.questions ?? 300;
  const outDir = mkdtempSync(path.join(tmpdir(), 'telesuivi-questionnaire-bench-'));
  await buildHarness(outDir);
  const { server, url } = await serve(outDir);
  const browser = await launchChromium();
  const cspViolations: string[] = [];
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('console', (m) => { if (/Content Security Policy|unsafe-eval/i.test(m.text())) cspViolations.push(m.text()); });
    page.on('pageerror', (e) => { throw e; });
    await page.goto(url);
    await page.evaluate(() => window.bench.ready);
    const mixed = generateQuestionnaire(questions).form;
    const text = textQuestionnaire(questions);
    // Warm-up: code compiled and styles parsed before anything is timed.
    await mount(page, 'rjsf', mixed, questions);
    await mount(page, 'plain', null, questions);
    const runs = { plain: [] as number[], rjsfText: [] as number[], rjsfMixed: [] as number[] };
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? (['rjsfMixed', 'rjsfText', 'plain'] as const) : (['plain', 'rjsfText', 'rjsfMixed'] as const);
      for (const which of order) {
        await page.evaluate(() => window.bench.unmount());
        runs[which].push(await mount(page, which === 'plain' ? 'plain' : 'rjsf', which === 'rjsfMixed' ? mixed : which === 'rjsfText' ? text : null, questions));
      }
    }
    if (process.env.QUESTIONNAIRE_BENCH_PROFILE) {
      await page.evaluate(() => window.bench.unmount());
      console.log('Profile: mount of the mixed questionnaire', ...(await profile(page, () => mount(page, 'rjsf', mixed, questions))).map((l) => `\n${l}`));
      await mount(page, 'rjsf', mixed, questions);
      console.log('Profile: 10 keystrokes in the mixed questionnaire', ...(await profile(page, () => typeInto(page, '#root_q145', 10))).map((l) => `\n${l}`));
    }
    const keystroke = {} as QuestionnaireRenderResult['keystroke'];
    const controls = {} as QuestionnaireRenderResult['controls'];
    const countControls = () => page.evaluate(() => document.querySelectorAll('#root input, #root select, #root textarea').length);
    await mount(page, 'plain', null, questions);
    controls.plain = await countControls();
    keystroke.plain = await typeInto(page, '#root_q150', keys);
    await mount(page, 'rjsf', text, questions);
    controls.rjsfText = await countControls();
    keystroke.rjsfText = await typeInto(page, '#root_q150', keys);
    await mount(page, 'rjsf', mixed, questions);
    controls.rjsfMixed = await countControls();
    keystroke.rjsfMixed = await typeInto(page, '#root_q145', keys); // a free-text question of the mixed form
    return { questions, mount: { plain: stats(runs.plain), rjsfText: stats(runs.rjsfText), rjsfMixed: stats(runs.rjsfMixed) }, keystroke, controls, cspViolations };
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

const f = (n: number) => n.toFixed(1);

export function questionnaireRenderGoals(r: QuestionnaireRenderResult): Goal[] {
  const ratio = (x: Stats) => x.median / r.mount.plain.median;
  return [
    { name: `Questionnaire mount, ${r.questions} text questions: rjsf / plain inputs`, value: `${ratio(r.mount.rjsfText).toFixed(1)} (${f(r.mount.rjsfText.median)} / ${f(r.mount.plain.median)} ms)`, goal: '≤ 10', met: ratio(r.mount.rjsfText) <= 10 },
    { name: `Questionnaire mount, ${r.questions} mixed questions: rjsf / plain inputs`, value: `${ratio(r.mount.rjsfMixed).toFixed(1)} (${f(r.mount.rjsfMixed.median)} / ${f(r.mount.plain.median)} ms)`, goal: '≤ 10', met: ratio(r.mount.rjsfMixed) <= 10 },
    { name: 'Keystroke to paint, rjsf, text questions (median)', value: `${f(r.keystroke.rjsfText.toPaint.median)} ms`, goal: '≤ 16 ms', met: r.keystroke.rjsfText.toPaint.median <= 16 },
    { name: 'Keystroke to paint, rjsf, mixed questions (median)', value: `${f(r.keystroke.rjsfMixed.toPaint.median)} ms`, goal: '≤ 16 ms', met: r.keystroke.rjsfMixed.toPaint.median <= 16 },
    { name: 'Questionnaire under the strict CSP (no unsafe-eval)', value: r.cspViolations.length ? r.cspViolations[0]!.slice(0, 60) : 'no violation', goal: 'none', met: r.cspViolations.length === 0 },
  ];
}

export function printQuestionnaireRender(r: QuestionnaireRenderResult) {
  const lines = ['', `Questionnaire rendering, ${r.questions} questions, headless Chromium (median / p95 ms)`];
  lines.push(`  form controls       plain inputs ${r.controls.plain}   rjsf text ${r.controls.rjsfText}   rjsf mixed ${r.controls.rjsfMixed}`);
  lines.push(`  mount to paint      plain inputs ${f(r.mount.plain.median)} / ${f(r.mount.plain.p95)}   rjsf text ${f(r.mount.rjsfText.median)} / ${f(r.mount.rjsfText.p95)}   rjsf mixed ${f(r.mount.rjsfMixed.median)} / ${f(r.mount.rjsfMixed.p95)}`);
  for (const [label, k] of [['plain inputs', r.keystroke.plain], ['rjsf text', r.keystroke.rjsfText], ['rjsf mixed', r.keystroke.rjsfMixed]] as const) {
    lines.push(`  keystroke ${label.padEnd(13)} to paint ${f(k.toPaint.median)} / ${f(k.toPaint.p95)}   work until idle ${f(k.toIdle.median)} / ${f(k.toIdle.p95)}   form update after a pause ${f(k.afterPause.median)} / ${f(k.afterPause.p95)}`);
  }
  for (const g of questionnaireRenderGoals(r)) lines.push(`  ${g.met ? 'met    ' : 'MISSED '} ${g.name}: ${g.value} (goal ${g.goal})`);
  console.log(lines.join('\n'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await questionnaireRenderBench();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else printQuestionnaireRender(result);
}
