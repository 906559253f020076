/**
 * One fetcher and one query key per endpoint (issue 8): two modules fetched the tasks endpoint
 * under one key with two data shapes, so whichever filled the cache first broke the other screen
 * (a questionnaire-launcher block on the patient home threw in My Tasks). This reads every client
 * module's source (importing them would pull React and the browser)
 * and fails when two modules GET the same endpoint or build the same query key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACTS } from '../../../schemas/api/index.ts';
import * as keys from '../../../client/lib/api/query-keys.ts';

const CLIENT = path.resolve(import.meta.dirname, '../../../client');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}


/** A key's shape: its string parts, anything computed as `*`: `['patient_files', id, 'tasks']` → `["patient_files", *, "tasks"]`. */
function keyShape(elements: string): string | undefined {
  const parts = elements.split(',').map((e) => e.trim()).filter(Boolean);
  if (!parts.length) return undefined;
  return `[${parts.map((e) => (/^(['"`])[^'"`$]*\1$/.test(e) ? JSON.stringify(e.slice(1, -1)) : '*')).join(', ')}]`;
}

interface Claim { file: string; what: string }

// TypeScript 7 has no JavaScript API to parse with: these patterns read the project's own way of
// writing fetchers (`call(formRoutes.tasks, …)`) and keys (`queryKey: [...]`, `xKey = (...) => [...]`).
const FETCH = /\bcall\(\s*(\w+)\.(\w+)/g;
const KEY_PROPERTY = /queryKey:\s*\[([^\]]*)\]/g;
const KEY_FACTORY = /\b\w*key\s*=\s*(?:\([^)]*\)\s*(?::\s*[^=]+)?=>\s*)?\[([^\]]*)\]/gi;

function claims(file: string): Claim[] {
  const text = readFileSync(file, 'utf8');
  const rel = path.relative(CLIENT, file);
  const out: Claim[] = [];
  for (const [, group, name] of text.matchAll(FETCH)) {
    const contract = CONTRACTS.get(`${group!.replace(/^contracts$/, '')}.${name}`);
    if (!contract) { out.push({ file: rel, what: `unknown contract ${group}.${name}` }); continue; }
    if (contract.method === 'GET') out.push({ file: rel, what: `GET ${contract.url}` });
  }
  for (const pattern of [KEY_PROPERTY, KEY_FACTORY]) {
    for (const [, elements] of text.matchAll(pattern)) {
      const shape = keyShape(elements!);
      if (shape) out.push({ file: rel, what: `key ${shape}` });
    }
  }
  return out;
}

const all = sources(CLIENT).flatMap(claims);

describe('one owner per endpoint and per query key', () => {
  it('finds the fetchers and keys of the client (the scan works)', () => {
    expect(all.some((c) => c.what === 'GET /api/patient_files/:id/tasks')).toBe(true);
    expect(all.filter((c) => c.what.startsWith('unknown contract'))).toEqual([]);
  });

  it('query keys come from the factories of lib/api/query-keys.ts, never an array written in place', () => {
    const inPlace = sources(CLIENT).filter((file) => /queryKey:\s*\[/.test(readFileSync(file, 'utf8'))).map((file) => path.relative(CLIENT, file));
    expect(inPlace).toEqual([]);
  });

  it('no two factories of lib/api/query-keys.ts build the same key', () => {
    const shapes = Object.entries(keys).flatMap(([resource, factory]) => Object.entries(factory).map(([name, make]) => {
      const key = typeof make === 'function' ? (make as (...a: string[]) => readonly unknown[])('A', 'B', 'C') : make;
      return [`${resource}.${name}`, JSON.stringify(key)] as const;
    }));
    const seen = new Map<string, string>();
    const clashes = shapes.flatMap(([name, shape]) => {
      const other = seen.get(shape);
      seen.set(shape, name);
      return other && !(name.endsWith('.me') && other.endsWith('.all')) ? [`${other} = ${name}`] : [];
    });
    expect(clashes).toEqual([]);
  });

  it('no endpoint is fetched, and no query key built, by two modules', () => {
    const owners = new Map<string, Set<string>>();
    for (const { file, what } of all) owners.set(what, (owners.get(what) ?? new Set()).add(file));
    const shared = [...owners].filter(([, files]) => files.size > 1).map(([what, files]) => `${what}: ${[...files].sort().join(', ')}`);
    expect(shared).toEqual([]);
  });
});
