/**
 * The limits of a layout document, read from schemas/ (the schema the server validates with), as
 * the Markdown table of docs/integrators.md: `npx tsx scripts/layout-limits.ts` prints it, and
 * tests/api/integrators-doc.test.ts fails when the document and the schemas disagree.
 */
import { layoutBaseSchema } from '../../../schemas/layout.ts';
import { localizedTextSchema } from '../../../schemas/localized-text.ts';
import { BLOCK_PROPS } from '../../../schemas/blocks/index.ts';

type Schema = Record<string, unknown>;
export interface LimitRow { where: string; field: string; limit: string }

const n = (value: unknown) => Number(value).toLocaleString('en-US');
const code = (text: string) => `\`${text}\``;

/** The limits one schema node sets by itself, in words. */
function limitsOf(node: Schema): string[] {
  const out: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    const of = (v: unknown) => `${n(v)}${unit && (Number(v) === 1 ? ` ${unit}` : ` ${unit}s`)}`;
    if (min !== undefined && max !== undefined) out.push(`${n(min)} to ${of(max)}`);
    else if (max !== undefined) out.push(`at most ${of(max)}`);
    else if (min !== undefined) out.push(`at least ${of(min)}`);
  };
  range(node.minimum, node.maximum, '');
  range(node.minItems, node.maxItems, 'item');
  range(node.minLength, node.maxLength, 'character');
  if (Array.isArray(node.enum)) out.push(`one of ${node.enum.map((v) => code(String(v))).join(', ')}`);
  if (typeof node.pattern === 'string') out.push(`matches ${code(node.pattern)}`);
  return out;
}

/** Walks a schema: every property (`a.b`), array item (`a[]`) and localized text with a limit. */
function walk(node: Schema, field: string, rows: { field: string; limit: string }[]): void {
  if (node.oneOf === localizedTextSchema.oneOf) {
    const text = localizedTextSchema.oneOf[0];
    rows.push({ field, limit: `text (one string, or \`{ fr, en, ar }\`): at most ${n(text.maxLength)} characters per language` });
    return;
  }
  const own = limitsOf(node);
  if (own.length && field) rows.push({ field, limit: own.join('; ') });
  for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, Schema>)) walk(child, field ? `${field}.${key}` : key, rows);
  if (node.items && typeof node.items === 'object') walk(node.items as Schema, `${field}[]`, rows);
}

export function layoutLimits(): LimitRow[] {
  const rows: LimitRow[] = [];
  const document: { field: string; limit: string }[] = [];
  walk(layoutBaseSchema as unknown as Schema, '', document);
  rows.push(...document.filter((r) => !r.field.startsWith('blocks[].props')).map((r) => ({ where: 'layout', ...r })));
  for (const [type, props] of Object.entries(BLOCK_PROPS)) {
    const own: { field: string; limit: string }[] = [];
    walk(props as unknown as Schema, '', own);
    rows.push(...own.map((r) => ({ where: `\`${type}\` props`, ...r })));
  }
  return rows;
}

/** The Markdown table (pipes inside cells escaped). */
export function layoutLimitsMarkdown(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return ['| Where | Field | Limit |', '|---|---|---|', ...layoutLimits().map((r) => `| ${cell(r.where)} | ${cell(code(r.field))} | ${cell(r.limit)} |`)].join('\n');
}
