/**
 * The import boundaries of .dependency-cruiser.cjs (issue 9, `npm run lint:deps`) catch what
 * their reasons say: a throwaway tree with one offending import per rule, cruised with the
 * project's own rules and parser settings (Babel keeping type-only imports, JSX in .tsx).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;

const TREE: Record<string, string> = {
  'client/app/screen.ts': 'export type Screen = { path: string };\n',
  'client/features/a/page.tsx': [
    "import type { Screen } from '../../app/screen.ts';",
    "import { shared } from '../b/shared.ts';",
    'export const Page = (props: { screen: Screen }) => <div title={props.screen.path}>{shared}</div>;',
  ].join('\n'),
  'client/features/b/shared.ts': "export const shared = 'b';\n",
  'client/lib/uses-feature.ts': "import { shared } from '../features/b/shared.ts';\nexport const x = shared;\n",
  'client/blocks/uses-app.tsx': "import type { Screen } from '../app/screen.ts';\nexport const B = (s: Screen) => <p>{s.path}</p>;\n",
  'client/layout-engine/uses-app.ts': "export const load = () => import('../app/screen.ts');\n",
  'client/lib/uses-server.ts': "import { secret } from '../../server/ui/secret.ts';\nexport const y = secret;\n",
  'client/lib/ok.ts': 'export const ok = 1;\n',
  'server/uses-client.ts': "import { ok } from '../client/lib/ok.ts';\nexport const z = ok;\n",
  'server/ui/secret.ts': 'export const secret = 1;\n',
  'server/auth/hash.ts': 'export const hash = (s: string) => s;\n',
  'server/care/route.ts': "import { hash } from '../auth/hash.ts';\nexport const r = hash('x');\n",
  'server/shared/fine.ts': "export { secret } from '../ui/secret.ts';\n",
  'server/care-app.ts': "import { secret } from './shared/fine.ts';\nexport const c = secret;\n",
  'server/api-main.ts': "import { c } from './care-app.ts';\nexport const m = c;\n",
  'schemas/uses-server.ts': "import type { secret } from '../server/ui/secret.ts';\nexport type S = typeof secret;\n",
  'client/lib/cycle-a.ts': "import { b } from './cycle-b.ts';\nexport const a = () => b;\n",
  'client/lib/cycle-b.ts': "import { a } from './cycle-a.ts';\nexport const b = () => a;\n",
};

let dir: string;
let result: ICruiseResult;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(TREE)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const babelConfig = await extractBabelConfig(path.resolve(config.options!.babelConfig!.fileName!));
  const { enhancedResolveOptions, babelConfig: _, ...options } = config.options!;
  const answer = await cruise(['{client,server,schemas}/**/*.{ts,tsx}'], {
    ...options, baseDir: dir, validate: true, ruleSet: { forbidden: config.forbidden }, enhancedResolveOptions,
  }, {}, { babelConfig });
  result = answer.output as ICruiseResult;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const violations = () => result.summary.violations.map((v) => `${v.rule.severity} ${v.rule.name}: ${v.from} → ${v.to}`).sort();

describe('the dependency rules', () => {
  it('refuse each boundary crossing, type-only and dynamic imports included', () => {
    expect(violations()).toEqual([
      'error client-to-server: client/lib/uses-server.ts → server/ui/secret.ts',
      'error feature-to-app: client/features/a/page.tsx → client/app/screen.ts',
      'error feature-to-other-feature: client/features/a/page.tsx → client/features/b/shared.ts',
      'error lower-layers-to-features-or-app: client/blocks/uses-app.tsx → client/app/screen.ts',
      'error lower-layers-to-features-or-app: client/layout-engine/uses-app.ts → client/app/screen.ts',
      'error lower-layers-to-features-or-app: client/lib/uses-feature.ts → client/features/b/shared.ts',
      'error no-circular: client/lib/cycle-a.ts → client/lib/cycle-b.ts',
      'error schemas-stay-shared: schemas/uses-server.ts → server/ui/secret.ts',
      'error server-to-client: server/uses-client.ts → client/lib/ok.ts',
      'error care-api-alone: server/care/route.ts → server/auth/hash.ts',
      'error care-api-alone-transitively: server/api-main.ts → server/ui/secret.ts',
    ].sort());
  });
});
