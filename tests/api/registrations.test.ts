/**
 * The two lists kept by hand cannot be forgotten (issue 17): a new contract group must be listed in
 * schemas/api/index.ts (CONTRACTS: the access matrix, the malformed requests and the tools walk it)
 * and a new routes module registered in server/care/plugin.ts. Each check fails naming what is
 * missing and the line to add. A test rather than collecting modules by a directory scan at run
 * time: the lists stay plain imports (bundled, type-checked, read in one place).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteContract } from '../../schemas/api/contract.ts';
import { CONTRACTS } from '../../schemas/api/index.ts';
import { startGateway, type TestGateway } from '../helpers/app.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const API_DIR = join(ROOT, 'schemas/api');

const isContract = (value: unknown): value is RouteContract =>
  typeof value === 'object' && value !== null && typeof (value as RouteContract).method === 'string' && typeof (value as RouteContract).url === 'string';
/** A module's contract groups: exported objects whose every value is a route contract. */
const groupsOf = (module: Record<string, unknown>) => Object.entries(module)
  .filter(([, value]) => typeof value === 'object' && value !== null && Object.values(value).length > 0 && Object.values(value).every(isContract)) as
  [string, Record<string, RouteContract>][];

/** `patient-file-status.ts` → `patientFileStatus`, as index.ts names its imports. */
const camel = (file: string) => file.replace(/\.ts$/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Every `.ts` file under a folder. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []);
}

/** The relative `.ts` modules a file imports, statically or with import(). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from\s+|import\()\s*'(\.{1,2}\/[^']+\.ts)'/g)].map((m) => resolve(dirname(file), m[1]!));
}

/** Every module reached from `entry` by relative imports. */
function reachedFrom(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length) {
    for (const next of importsOf(queue.pop()!)) {
      if (!seen.has(next) && next.startsWith(join(ROOT, 'server'))) { seen.add(next); queue.push(next); }
    }
  }
  return seen;
}

describe('schemas/api/index.ts (CONTRACTS)', () => {
  it('lists every contract group of every schemas/api module', async () => {
    const missing: string[] = [];
    const files = readdirSync(API_DIR).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    let groups = 0;
    for (const file of files) {
      const module = await import(join(API_DIR, file)) as Record<string, unknown>;
      const unlisted = groupsOf(module).flatMap(([group, routes]) => {
        groups++;
        return Object.keys(routes).filter((name) => CONTRACTS.get(`${group}.${name}`) !== routes[name]).map((name) => `${group}.${name}`);
      });
      if (unlisted.length) {
        missing.push(`schemas/api/${file} (${unlisted.join(', ')}): in schemas/api/index.ts add \`import * as ${camel(file)} from './${file}';\` and ${camel(file)} to CONTRACTS' list`);
      }
    }
    expect(groups).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});

describe('server/care/plugin.ts', () => {
  it('loads every care module that registers routes', () => {
    const plugin = join(ROOT, 'server/care/plugin.ts');
    const reached = reachedFrom(plugin);
    const registering = filesUnder(join(ROOT, 'server/care')).filter((f) => /\broute\(\w+, /.test(readFileSync(f, 'utf8')));
    expect(registering.length).toBeGreaterThan(20);
    const missing = registering.filter((f) => !reached.has(f)).map((f) => {
      const path = relative(join(ROOT, 'server/care'), f);
      const name = camel(path.replace(/\/routes\.ts$/, '.ts').replaceAll('/', '-')) + 'Routes';
      return `server/care/${path} registers routes that server/care/plugin.ts never loads: add \`import ${name} from './${path}';\` and \`await app.register(${name});\``;
    });
    expect(missing).toEqual([]);
  });
});

describe('the built gateway', () => {
  let gw: TestGateway;
  beforeAll(async () => { gw = await startGateway(); });
  afterAll(async () => { await gw?.close(); });

  it('serves every contract of CONTRACTS', () => {
    const serverFiles = filesUnder(join(ROOT, 'server'));
    const missing = [...CONTRACTS].filter(([, c]) => !gw.app.hasRoute({ method: c.method, url: c.url })).map(([key, c]) => {
      const group = key.split('.')[0]!;
      const users = serverFiles.filter((f) => new RegExp(`\\b${group}\\.`).test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));
      return `${key} (${c.method} ${c.url}): ${users.length
        ? `registered by ${users.join(', ')}: is that module loaded by server/care/plugin.ts (or server/ui), and does it call route(app, ${key}, …)?`
        : `no server module registers it: add route(app, ${key}, handler) to the routes module of its domain`}`;
    });
    expect(CONTRACTS.size).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
