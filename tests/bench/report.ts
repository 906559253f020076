/** The benchmark's printed table: measured rows, then the goals with met / not met. */
import type { LoadResult } from './load.ts';

export interface Goal { name: string; value: string; goal: string; met: boolean | undefined }

const pad = (s: string, n: number) => s.padEnd(n);
/** autocannon reports whole milliseconds: 0 means under one. */
const ms = (n: number) => (n === 0 ? '<1' : String(n));
const lpad = (s: string, n: number) => s.padStart(n);

export function printReport(r: { header: string; rows: LoadResult[]; goals: Goal[]; notes: string[]; seconds: number }) {
  const out: string[] = ['', 'Benchmarks', r.header, ''];
  const w = Math.max(...r.rows.map((row) => row.label.length), 10);
  out.push(`${pad('Scenario', w)}  ${lpad('req/s', 8)}  ${lpad('p50 ms', 7)}  ${lpad('p99 ms', 7)}  ${lpad('requests', 9)}  ${lpad('server CPU µs/req', 17)}`);
  for (const row of r.rows) {
    const cpu = row.cpuUsPerRequest === undefined ? 'n/a' : row.cpuUsPerRequest.toFixed(0);
    out.push(`${pad(row.label, w)}  ${lpad(row.rps.toFixed(0), 8)}  ${lpad(ms(row.p50), 7)}  ${lpad(ms(row.p99), 7)}  ${lpad(String(row.requests), 9)}  ${lpad(cpu, 17)}`);
  }
  out.push('(server CPU: user + system time of the server processes of the row, per answered request; in split mode the gateway and the care API together)');
  out.push('');
  const gw = Math.max(...r.goals.map((g) => g.name.length));
  const vw = Math.max(...r.goals.map((g) => g.value.length));
  out.push(`${pad('Goal', gw)}  ${pad('measured', vw)}  ${pad('goal', 8)}  status`);
  for (const g of r.goals) {
    const status = g.met === undefined ? '-' : g.met ? 'met' : 'NOT MET';
    out.push(`${pad(g.name, gw)}  ${pad(g.value, vw)}  ${pad(g.goal, 8)}  ${status}`);
  }
  if (r.notes.length) out.push('', ...r.notes.map((n) => `- ${n}`));
  out.push('', `Whole benchmark: ${r.seconds.toFixed(0)} s`, '');
  console.log(out.join('\n'));
}
