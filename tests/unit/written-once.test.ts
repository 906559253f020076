/**
 * What issue 17 unified stays written once: each rule below names the one module allowed to do a
 * thing, and the test fails naming every other file (and line) that does it again.
 * - A database error is read in server/db/errors.ts only (a SQLSTATE such as '23505' anywhere else
 *   is a second way of recognising a unique violation).
 * - A stored file's bytes are sent by server/care/files/send.ts only (`storage.get(` or
 *   `downloadHeaders(` elsewhere is a second streamer).
 * - A number format is built by client/lib/i18n/use-number.ts only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? sources(rel) : /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** `file:line` of every line outside `owners` that matches. */
function elsewhere(dirs: string[], pattern: RegExp, owners: string[]): string[] {
  return dirs.flatMap(sources).filter((file) => !owners.includes(file)).flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8').split('\n').flatMap((line, i) =>
      pattern.test(line) && !/^\s*(\*|\/\/)/.test(line) ? [`${file}:${i + 1}`] : []));
}

const RULES = [
  { what: 'a database error code', dirs: ['server'], pattern: /['"](23\d{3}|40P01|40001)['"]/, owners: ['server/db/errors.ts'] },
  { what: 'stored bytes read back (sent, or scanned)', dirs: ['server'], pattern: /\bstorage\.get\(|\bdownloadHeaders\(/, owners: ['server/care/files/send.ts', 'server/care/files/download.ts', 'server/storage/virus-scan.ts'] },
  { what: 'a number format built', dirs: ['client'], pattern: /new Intl\.NumberFormat\(/, owners: ['client/lib/i18n/use-number.ts'] },
] as const;

describe('written once', () => {
  it('finds what it looks for where it is allowed (the rules are not looking at nothing)', () => {
    for (const rule of RULES) {
      const inOwners = rule.owners.some((owner) => readFileSync(path.join(ROOT, owner), 'utf8').split('\n').some((line) => rule.pattern.test(line)));
      expect(inOwners, `${rule.what}: no longer in ${rule.owners.join(', ')}`).toBe(true);
    }
  });

  it.each(RULES)('$what: only in $owners', (rule) => {
    expect(elsewhere([...rule.dirs], rule.pattern, [...rule.owners]), `use ${rule.owners[0]} instead`).toEqual([]);
  });
});
