/** The benchmark's printed lines and table: each row and goal as it comes, then the measured rows, the goals with met / not met, and each step's outcome. */
import type { LoadResult } from './load.ts';

export interface Goal { name: string; value: string; goal: string; met: boolean | undefined }

const pad = (s: string, n: number) => s.padEnd(n);
/** autocannon reports whole milliseconds: 0 means under one. */
const ms = (n: number) => (n === 0 ? '<1' : String(n));
const lpad = (s: string, n: number) => s.padStart(n);

/** A row as soon as it is measured, one line. */
export function formatRow(row: LoadResult): string {
  const cpu = row.cpuUsPerRequest === undefined ? '' : `, server CPU ${row.cpuUsPerRequest.toFixed(0)} µs/req`;
  return `  row   ${row.label}: ${row.rps.toFixed(0)} req/s, p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms, ${row.requests} requests${cpu}`;
}

const statusOf = (g: Goal) => (g.met === undefined ? '-' : g.met ? 'met' : 'NOT MET');

/** A goal as soon as it is measured, one line. */
export function formatGoal(g: Goal): string {
  return `  goal  ${g.name}: ${g.value} (goal ${g.goal}, ${statusOf(g)})`;
}

export interface StepLine { id: string; seconds: number; status: string; reason?: string }

export function printReport(r: { header: string; rows: LoadResult[]; goals: Goal[]; notes: string[]; steps?: StepLine[]; seconds: number }) {
  const out: string[] = ['', 'Benchmarks', r.header, ''];
  const w = Math.max(...r.rows.map((row) => row.label.length), 10);
  out.push(`${pad('Scenario', w)}  ${lpad('req/s', 8)}  ${lpad('p50 ms', 7)}  ${lpad('p99 ms', 7)}  ${lpad('requests', 9)}  ${lpad('server CPU µs/req', 17)}`);
  for (const row of r.rows) {
    const cpu = row.cpuUsPerRequest === undefined ? 'n/a' : row.cpuUsPerRequest.toFixed(0);
    out.push(`${pad(row.label, w)}  ${lpad(row.rps.toFixed(0), 8)}  ${lpad(ms(row.p50), 7)}  ${lpad(ms(row.p99), 7)}  ${lpad(String(row.requests), 9)}  ${lpad(cpu, 17)}`);
  }
  out.push('(server CPU: user + system time of the server processes of the row, per answered request; in split mode the gateway and the care API together)');
  out.push('');
  const gw = Math.max(...r.goals.map((g) => g.name.length), 4);
  const vw = Math.max(...r.goals.map((g) => g.value.length), 8);
  out.push(`${pad('Goal', gw)}  ${pad('measured', vw)}  ${pad('goal', 8)}  status`);
  for (const g of r.goals) out.push(`${pad(g.name, gw)}  ${pad(g.value, vw)}  ${pad(g.goal, 8)}  ${statusOf(g)}`);
  if (r.notes.length) out.push('', ...r.notes.map((n) => `- ${n}`));
  if (r.steps?.length) {
    const iw = Math.max(...r.steps.map((s) => s.id.length));
    out.push('', `${pad('Step', iw)}  ${lpad('seconds', 7)}  status`);
    for (const s of r.steps) out.push(`${pad(s.id, iw)}  ${lpad(s.seconds.toFixed(0), 7)}  ${s.status}${s.reason ? `: ${s.reason.split('\n')[0]}` : ''}`);
  }
  out.push('', `Whole benchmark: ${r.seconds.toFixed(0)} s`, '');
  console.log(out.join('\n'));
}
