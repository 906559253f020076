/**
 * The README's configuration table, made from schemas/env.ts: `npx tsx scripts/env-table.ts`
 * prints it; tests/unit/env-table.test.ts checks that the README carries it as printed.
 */
import { pathToFileURL } from 'node:url';
import { envSchema } from '../schemas/env.ts';

export function envTable(): string {
  const lines = ['| Variable | Default | What it does |', '|---|---|---|'];
  for (const [name, spec] of Object.entries(envSchema.properties)) {
    const def = 'default' in spec ? `\`${String(spec.default)}\`` : '—';
    lines.push(`| \`${name}\` | ${def.replace(/\|/g, '\\|')} | ${spec.description.replace(/\|/g, '\\|')} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(envTable());
