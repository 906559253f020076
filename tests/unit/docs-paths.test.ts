/**
 * The docs name files a newcomer will open: a renamed or deleted file must not leave the guide
 * pointing at nothing (docs/architecture.md §4 once named a layouts access module that did not
 * exist). Every repository path in backticks in README.md and docs/*.md must exist; a path with a
 * placeholder (`client/features/<name>/`, `locales/{fr,en,ar}.json`, `server/care/*.ts`) must at
 * least have its fixed folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const TOP = ['client/', 'server/', 'schemas/', 'layouts/', 'tests/', 'docs/', 'scripts/', '.ci/'];
const DOCS = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Backticked spans that start at a top-level folder of the repository (addresses like `/api/…` do not). */
export function pathsIn(markdown: string): string[] {
  // A worked example names the file the reader is about to write ("`path`:" then a block marked file=): not one that exists.
  markdown = markdown.replace(/`[^`\n]+`:\s*\n+```\w* file=/g, '');
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
  return spans
    .map((s) => s.split(/\s/)[0]!.replace(/[),.;:]+$/, '').replace(/:\d+(-\d+)?$/, ''))
    .filter((s) => TOP.some((top) => s.startsWith(top)) || /^[\w.-]+\.(ts|tsx|json|md|cjs|mjs|yml)$/.test(s) && existsSync(s));
}

/** The part of a path before its first placeholder (`<x>`, `*`, `{a,b}`, `:param`), cut at a folder. */
export function fixedPart(path: string): string {
  const at = path.search(/[<*{:[]/);
  if (at < 0) return path;
  const head = path.slice(0, at);
  return head.slice(0, head.lastIndexOf('/') + 1);
}

describe('paths named by the docs', () => {
  it('finds paths and their fixed parts', () => {
    expect(pathsIn('see `server/care/access.ts` and `/api/me`, `client/features/<name>/`.')).toEqual(['server/care/access.ts', 'client/features/<name>/']);
    expect(pathsIn('`layouts/x/pages/home.json`:\n\n```json file=x/pages/home.json\n{}\n```')).toEqual([]);
    expect(fixedPart('client/features/<name>/locales/x.json')).toBe('client/features/');
    expect(fixedPart('server/i18n/locales/{fr,en,ar}.json')).toBe('server/i18n/locales/');
  });

  it.each(DOCS)('%s names only files that exist', (doc) => {
    const missing = [...new Set(pathsIn(readFileSync(doc, 'utf8')))].filter((p) => !existsSync(fixedPart(p)));
    expect(missing, `${doc} names paths that do not exist: fix the doc or the path`).toEqual([]);
  });
});
