/** Prints the limits table of docs/integrators.md from schemas/: `npx tsx scripts/layout-limits.ts`. */
import { layoutLimitsMarkdown } from '../server/ui/layouts/limits.ts';

console.log(layoutLimitsMarkdown());
