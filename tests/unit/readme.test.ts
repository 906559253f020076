import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../schemas/env.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/accounts.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it.each(Object.keys(envSchema.properties))('documents the environment variable %s', (name) => {
    expect(readme).toContain(`\`${name}\``);
  });

  it.each(DEMO_ACCOUNTS.map((a) => a.email))('lists the demo account %s', (email) => {
    expect(readme).toContain(email);
  });

  it('gives the demo password and the two commands', () => {
    expect(readme).toContain(DEMO_PASSWORD);
    expect(readme).toMatch(/npm start/);
    expect(readme).toMatch(/npm test/);
  });
});

/**
 * A clone of the repository is all a maintainer has: no tracked file may point outside it (a
 * relative path climbing above the root, like the `../shared/` documents the README once sent
 * newcomers to), nor to a design or style document the repository does not hold.
 */
describe('pointers stay inside the repository', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)
    // Deleted in the working tree but not yet in the index: nothing to read.
    .filter((file) => existsSync(path.join(root, file)));
  const text = tracked.filter((file) => /\.(ts|tsx|mts|mjs|js|json|md|css|html|yml|yaml|sql|sh)$|(^|\/)(run|Dockerfile|\.gitignore)$/.test(file) && file !== 'package-lock.json');
  // Built from parts so that this file does not match itself.
  const climbing = new RegExp(String.raw`(?<![\w./-])(?:\.\.\/)+[\w.@-][\w./@-]*`, 'g');
  const absentDocument = new RegExp(['DES' + 'IGN(\\.md)?\\s*§', 'DES' + 'IGN\\.md', 'STY' + 'LE\\.md', 'shared/(spec|DES' + 'IGN|STY' + 'LE)'].join('|'), 'g');

  it('reads the tracked files', () => {
    expect(text.length).toBeGreaterThan(100);
    expect(text).toContain('README.md');
    expect(text).toContain('docs/architecture.md');
  });

  it('has no relative path leading out of the repository', () => {
    const outside: string[] = [];
    for (const file of text) {
      const dir = path.dirname(path.join(root, file));
      for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(climbing)) {
        const target = path.resolve(dir, match[0]);
        if (target !== root && !target.startsWith(root + path.sep)) outside.push(`${file}: ${match[0]}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('names no document the repository does not hold', () => {
    const found = text.flatMap((file) => [...readFileSync(path.join(root, file), 'utf8').matchAll(absentDocument)].map((m) => `${file}: ${m[0]}`));
    expect(found).toEqual([]);
  });
});
