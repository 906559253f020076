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

const CLIENT = path.resolve(import.meta.dirname, '../../../client');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** `/patient_files/${id}/tasks?x=${y}` → `/patient_files/{}/tasks`. */
const endpointShape = (literal: string) => literal.replace(/\$\{[^}]*\}/g, '{}').split('?')[0]!;

/** A key's shape: its string parts, anything computed as `*`: `['patient_files', id, 'tasks']` → `["patient_files", *, "tasks"]`. */
function keyShape(elements: string): string | undefined {
  const parts = elements.split(',').map((e) => e.trim()).filter(Boolean);
  if (!parts.length) return undefined;
  return `[${parts.map((e) => (/^(['"`])[^'"`$]*\1$/.test(e) ? JSON.stringify(e.slice(1, -1)) : '*')).join(', ')}]`;
}

interface Claim { file: string; what: string }

// TypeScript 7 has no JavaScript API to parse with: these patterns read the project's own way of
// writing fetchers (`apiFetch<T>(\`/path\`, { method })`) and keys (`queryKey: [...]`, `xKey = (...) => [...]`).
const FETCH = /apiFetch(?:<.*?>)?\(\s*(['`])((?:(?!\1).)*)\1([^\n]*)/g;
const KEY_PROPERTY = /queryKey:\s*\[([^\]]*)\]/g;
const KEY_FACTORY = /\b\w*key\s*=\s*(?:\([^)]*\)\s*(?::\s*[^=]+)?=>\s*)?\[([^\]]*)\]/gi;

function claims(file: string): Claim[] {
  const text = readFileSync(file, 'utf8');
  const rel = path.relative(CLIENT, file);
  const out: Claim[] = [];
  for (const [, , endpoint, rest] of text.matchAll(FETCH)) {
    const method = /method:\s*['"](\w+)['"]/.exec(rest ?? '')?.[1] ?? 'GET';
    if (method.toUpperCase() === 'GET') out.push({ file: rel, what: `GET ${endpointShape(endpoint!)}` });
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
    expect(all.some((c) => c.what === 'GET /patient_files/{}/tasks')).toBe(true);
    expect(all.some((c) => c.what === 'key ["patient_files", *, "tasks"]')).toBe(true);
  });

  it('no endpoint is fetched, and no query key built, by two modules', () => {
    const owners = new Map<string, Set<string>>();
    for (const { file, what } of all) owners.set(what, (owners.get(what) ?? new Set()).add(file));
    const shared = [...owners].filter(([, files]) => files.size > 1).map(([what, files]) => `${what}: ${[...files].sort().join(', ')}`);
    expect(shared).toEqual([]);
  });
});
