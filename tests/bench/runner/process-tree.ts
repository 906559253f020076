/**
 * The processes a bench step leaves behind, found and ended by their ancestry (Linux /proc).
 * Chromium is launched by Playwright in a process group of its own, so killing the step's group
 * would miss it; every process still descends from the one that started it, though, until that
 * one dies: the tree is read from each process's parent id, and remembered while the step runs
 * (with each process's start time, so that a reused id is never killed by mistake).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface Known { pid: number; start: string }

/** Parent id and start time (in clock ticks since boot) of a live process, from /proc/<pid>/stat. */
function stat(pid: number): { ppid: number; start: string } | undefined {
  try {
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), start: fields[19]! };
  } catch {
    return undefined;
  }
}

/** Live processes by parent id; empty where /proc is absent. */
function childrenByParent(): Map<number, Known[]> {
  const children = new Map<number, Known[]>();
  let pids: number[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return children;
  }
  for (const pid of pids) {
    const s = stat(pid);
    if (!s) continue;
    const list = children.get(s.ppid) ?? [];
    list.push({ pid, start: s.start });
    children.set(s.ppid, list);
  }
  return children;
}

/** Every live descendant of the `roots` (not the roots themselves). */
export function descendants(...roots: number[]): Known[] {
  const children = childrenByParent();
  const found: Known[] = [];
  const queue = [...roots];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

const alive = (p: Known) => stat(p.pid)?.start === p.start;

function signal(pid: number, name: NodeJS.Signals) {
  try { process.kill(pid, name); } catch { /* already gone */ }
}

/**
 * Kills `root`'s descendants (and `root` when asked) and the processes in `remembered` still
 * alive: first stopped (SIGSTOP) until no new one appears, so none can start another meanwhile,
 * then SIGKILL. Returns how many were killed.
 */
export function killTree(root: number, options: { includeRoot: boolean; remembered?: Iterable<Known> }): number {
  const stopped = new Map<number, Known>();
  const rootKnown = stat(root);
  const add = (p: Known) => {
    if (stopped.has(p.pid) || p.pid === process.pid || !alive(p)) return false;
    signal(p.pid, 'SIGSTOP');
    stopped.set(p.pid, p);
    return true;
  };
  if (options.includeRoot && rootKnown) add({ pid: root, start: rootKnown.start });
  for (const p of options.remembered ?? []) add(p);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of descendants(root, ...stopped.keys())) grew = add(p) || grew;
  }
  for (const p of stopped.values()) signal(p.pid, 'SIGKILL');
  return stopped.size;
}

/** Polls `root`'s descendants every `everyMs` and remembers them all, to kill what outlives the step. */
export function watchTree(root: number, everyMs = 1000): { seen: Map<number, Known>; stop(): void } {
  const seen = new Map<number, Known>();
  const poll = () => { for (const p of descendants(root)) seen.set(p.pid, p); };
  poll();
  const timer = setInterval(poll, everyMs);
  timer.unref();
  return { seen, stop: () => clearInterval(timer) };
}
