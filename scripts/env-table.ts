/** Prints the README's configuration table from schemas/env.ts: `npx tsx scripts/env-table.ts`. */
import { envSchema } from '../schemas/env.ts';

console.log('| Variable | Default | What it does |\n|---|---|---|');
for (const [name, spec] of Object.entries(envSchema.properties)) {
  const def = 'default' in spec ? `\`${String(spec.default)}\`` : '—';
  console.log(`| \`${name}\` | ${def.replace(/\|/g, '\\|')} | ${spec.description.replace(/\|/g, '\\|')} |`);
}
