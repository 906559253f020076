/**
 * Access is decided in one module (docs/architecture.md §4): server/care/access.ts holds the named
 * policies and the predicates they are written with, server/care/context.ts the scoped handles
 * that ask them. This test fails, naming the file and the line, when another server file
 *  - imports from access.ts anything but its policies, SQL scopes, loaders and types (a predicate
 *    such as holdsInStructure, servicesOpenedIn, isPlatformAdmin, establishmentsHolding...: an
 *    allow-list, so a predicate added later is refused without updating this test);
 *  - imports `policies` without being one of the few places with no care context to ask;
 *  - imports a value from schemas/privileges.ts (PRIVILEGE_SETS, hasRole);
 *  - names a privilege ('SUPER_ADMIN', ...) or the back-office role ('ROLE_ADMIN') in a string:
 *    a privilege list declared outside PRIVILEGE_SETS, or a role check written by hand.
 *
 * A test rather than a dependency-cruiser rule: dependency-cruiser sees which module imports which,
 * not which names (every repository rightly imports access.ts's SQL scopes), and never sees a
 * string literal; this reads both and says where.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRIVILEGES } from '../../schemas/common.ts';

const ACCESS = 'server/care/access.ts';
const CONTEXT = 'server/care/context.ts';
const PRIVILEGE_SETS_FILE = 'schemas/privileges.ts';

/** What any server file may import from access.ts: it decides nothing by itself. */
const OPEN_EXPORTS = new Set([
  // SQL scopes every query applies (they read the grants only to build the caller's scope).
  'followsAsCaregiver', 'patientSideFileScope', 'patientFileScope', 'structureScope', 'patientSideStructureScope', 'scoped',
  'professionalOfService', 'professionalServiceIds', 'currentProfessionalServiceIds', 'visibleDocuments',
  // Who a notification about a file may reach: the reverse of the scopes above (server/notifications/).
  'professionalsOfFile', 'calledAtLevels',
  // Loading the grants with the session, and the caller's memberships as data (GET /me/privileges).
  'loadGrants', 'loadAccess', 'NO_GRANTS', 'grantedEstablishmentIds',
]);

/** Who may ask `policies` directly: where there is no care context to open a handle from. */
const POLICY_READERS: Record<string, string> = {
  [CONTEXT]: 'the handles',
  'server/care/patient-file.ts': "the patient-file handle the context builds (requireProfessional)",
  'server/ui/layouts/access.ts': 'the gateway: layouts are served without the care context',
  'server/demo/provision.ts': 'the demo world: who opens files, before any session exists',
};

/** Files that may name privileges in strings: where they are declared, and the demo accounts' memberships (data). */
const NAMING_PRIVILEGES = new Set([ACCESS, PRIVILEGE_SETS_FILE, 'schemas/common.ts', 'server/demo/accounts.ts']);

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The violations of one source file, as `file:line message`. */
export function violationsIn(file: string, text: string): string[] {
  if (file === ACCESS) return [];
  const found: string[] = [];
  const importRe = /\b(import|export)\s+(type\s+)?(\*(?:\s+as\s+\w+)?|\{([^}]*)\}|\w+(?:\s*,\s*\{([^}]*)\})?)\s+from\s+['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(importRe)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[6]!));
    if (target !== ACCESS && target !== PRIVILEGE_SETS_FILE) continue;
    const at = `${file}:${lineOf(text, m.index)}`;
    const typeOnly = Boolean(m[2]);
    const list = m[4] ?? m[5];
    if (list === undefined) {
      if (!typeOnly) found.push(`${at} imports all of ${target}`);
      continue;
    }
    const names = list.split(',').map((s) => s.trim()).filter(Boolean)
      .filter((s) => !typeOnly && !s.startsWith('type '))
      .map((s) => s.split(/\s+as\s+/)[0]!.trim());
    for (const name of names) {
      if (target === PRIVILEGE_SETS_FILE) found.push(`${at} imports ${name} from ${target}: ask a policy of ${ACCESS}`);
      else if (name === 'policies') {
        if (!(file in POLICY_READERS)) found.push(`${at} imports policies: open a handle of ${CONTEXT} (care.catalogue, care.protocols, ...)`);
      } else if (!OPEN_EXPORTS.has(name) && file !== CONTEXT) found.push(`${at} imports the predicate ${name} from ${ACCESS}`);
    }
  }
  if (!NAMING_PRIVILEGES.has(file)) {
    // Privileges are upper case everywhere; roles are compared whatever their case (spec 000 §6).
    const named = new RegExp(`['"\`](${PRIVILEGES.join('|')}|[Rr][Oo][Ll][Ee]_[Aa][Dd][Mm][Ii][Nn])['"\`]`, 'g');
    for (const m of text.matchAll(named)) found.push(`${file}:${lineOf(text, m.index)} names ${m[1]}: declare the set in PRIVILEGE_SETS (${PRIVILEGE_SETS_FILE}) and the rule in ${ACCESS}`);
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('access decided in server/care/access.ts alone', () => {
  it('finds each kind of violation, with its file and line', () => {
    // The sample is a file of server/care/x/: its climb to schemas/ is built, so that the repository's
    // own check of relative paths (tests/unit/readme.test.ts) does not read it from this file's folder.
    const schemas = `${'../'.repeat(3)}schemas`;
    const text = [
      "import { and } from 'drizzle-orm';",
      "import { holdsInStructure, patientFileScope, type Grants } from '../access.ts';",
      `import type { Privilege } from '${schemas}/privileges.ts';`,
      "import {",
      '  PRIVILEGE_SETS,',
      `} from '${schemas}/privileges.ts';`,
      "import { policies } from '../access.ts';",
      "const EDITORS = ['ADMIN_ESTABLISHMENT', \"SUPER_ADMIN\"], operator = 'operator';",
      "const admin = roles.includes('role_admin');",
    ].join('\n');
    expect(violationsIn('server/care/x/repository.ts', text)).toEqual([
      'server/care/x/repository.ts:2 imports the predicate holdsInStructure from server/care/access.ts',
      'server/care/x/repository.ts:4 imports PRIVILEGE_SETS from schemas/privileges.ts: ask a policy of server/care/access.ts',
      'server/care/x/repository.ts:7 imports policies: open a handle of server/care/context.ts (care.catalogue, care.protocols, ...)',
      expect.stringMatching(/^server\/care\/x\/repository\.ts:8 names ADMIN_ESTABLISHMENT: /),
      expect.stringMatching(/^server\/care\/x\/repository\.ts:8 names SUPER_ADMIN: /),
      expect.stringMatching(/^server\/care\/x\/repository\.ts:9 names role_admin: /),
    ]);
    expect(violationsIn('server/ui/x.ts', "export * from '../care/access.ts';")).toEqual(['server/ui/x.ts:1 imports all of server/care/access.ts']);
    expect(violationsIn('server/ui/layouts/access.ts', "import { policies, type WhoWithFiles } from '../../care/access.ts';")).toEqual([]);
    expect(violationsIn(CONTEXT, "import { servicesOpenedIn, policies } from './access.ts';")).toEqual([]);
  });

  it('holds in every server file, and in schemas/ for privilege lists', () => {
    const files = [...sources('server'), ...sources('schemas')];
    expect(files).toContain(CONTEXT);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const all = violationsIn(file, text);
      // schemas/ is shared with the client, which reads PRIVILEGE_SETS for its guards: only lists declared there count.
      return file.startsWith('schemas/') ? all.filter((v) => / names /.test(v)) : all;
    });
    expect(found).toEqual([]);
  });
});
