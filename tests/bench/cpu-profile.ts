/**
 * Where a server's CPU time goes, from the .cpuprofile files `node --cpu-prof` writes
 * (BENCH_CPU_PROFILE_DIR=dir npm run bench writes one per benchmark server):
 *
 *   npx tsx tests/bench/cpu-profile.ts file.cpuprofile [top=30] [requests] [from-to]
 *
 * prints the top functions by self time and by total time (the function and everything it
 * called, each sample counted once per function), and self time by file or package. Given the
 * number of requests the server answered during the profile, times are also per request (µs).
 * `from-to` keeps only the samples of that window, in microseconds of the monotonic clock
 * (`process.hrtime.bigint() / 1000n` in any process of the machine: V8 stamps its samples with
 * the same clock), so that start-up, migrations and demo data stay out of a load profile.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const [file, topArg, requestsArg, windowArg] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx tests/bench/cpu-profile.ts file.cpuprofile [top] [requests]');
const top = Number(topArg ?? 30);
const requests = requestsArg ? Number(requestsArg) : undefined;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const [from, to] = windowArg ? windowArg.split('-').map(Number) as [number, number] : [-Infinity, Infinity];

const root = path.resolve(import.meta.dirname, '../..');
/** `node_modules/fastify/lib/x.js` → `fastify`; the project's own files relative to the root. */
function where(url: string): string {
  if (!url) return '(native)';
  const clean = url.replace(/^file:\/\//, '');
  const modules = clean.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = clean.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (clean.startsWith('node:')) return clean;
  return path.relative(root, clean);
}
function fileOf(url: string): string {
  const clean = url.replace(/^file:\/\//, '');
  const modules = clean.lastIndexOf('node_modules/');
  return modules >= 0 ? clean.slice(modules + 'node_modules/'.length) : where(url);
}
const label = (frame: CallFrame) => `${frame.functionName || '(anonymous)'} ${fileOf(frame.url)}:${frame.lineNumber + 1}`;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<string, number>();
const total = new Map<string, number>();
const perPlace = new Map<string, number>();
let all = 0;
let idle = 0;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  if (at < from || at > to) continue;
  const node = byId.get(profile.samples[i]!)!;
  all += dt;
  if (node.callFrame.functionName === '(idle)') { idle += dt; continue; }
  const key = label(node.callFrame);
  self.set(key, (self.get(key) ?? 0) + dt);
  const place = node.callFrame.url ? where(node.callFrame.url) : node.callFrame.functionName;
  perPlace.set(place, (perPlace.get(place) ?? 0) + dt);
  const seen = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const k = label(byId.get(id)!.callFrame);
    if (seen.has(k)) continue;
    seen.add(k);
    total.set(k, (total.get(k) ?? 0) + dt);
  }
}

const busy = all - idle;
const fmt = (us: number) => {
  const ms = (us / 1000).toFixed(1).padStart(8);
  const share = ((100 * us) / busy).toFixed(1).padStart(5);
  return requests ? `${ms} ms ${share}% ${(us / requests).toFixed(1).padStart(7)} µs/req` : `${ms} ms ${share}%`;
};
const print = (title: string, map: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${fmt(v)}  ${k}`);
};
console.log(`${file}: ${(all / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms busy${requests ? `, ${requests} requests: ${(busy / requests).toFixed(1)} µs busy per request` : ''}`);
print('Self time by file or package', perPlace, top);
print('Self time by function', self, top);
print('Total time by function (with what it called)', total, top * 2);
