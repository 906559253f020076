/**
 * The README's configuration table is the one scripts/env-table.ts makes from schemas/env.ts,
 * row for row: a variable added, removed or redescribed in the schema without the README fails.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envTable } from '../../scripts/env-table.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README configuration table', () => {
  it('is exactly the table made from schemas/env.ts (npx tsx scripts/env-table.ts)', () => {
    const start = readme.indexOf('| Variable | Default | What it does |');
    expect(start).toBeGreaterThan(-1);
    const inReadme = readme.slice(start).split('\n').filter((line, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('|'))).join('\n');
    expect(inReadme).toBe(envTable());
  });
});
