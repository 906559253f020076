/**
 * Layout validation with ajv against schemas/layout.ts, compiled once. Errors name the path
 * inside the document and the reason, e.g. `/blocks/2/props/links/0/href: must match pattern`.
 * A valid layout is then settled the way the interface editor settles it (react-grid-layout's
 * vertical compaction, the editor's own compactBlocks): blocks rise into free rows and blocks
 * placed on one another are stacked. The page puts each block at its {x, y} and the editor
 * shows the compacted grid, so only a settled layout looks the same in both; saves, provisioned
 * files and stored versions all come through here.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { layoutSchema, type LayoutDocument } from '../../../schemas/layout.ts';
import { upgradeLayout } from './migrations.ts';
import { compactBlocks } from '../../../client/layout-engine/rgl-adapter.ts';

const ajv = new Ajv({ allErrors: false, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(layoutSchema);

export class LayoutInvalidError extends Error {
  constructor(readonly path: string, readonly reason: string) {
    super(`${path || '/'}: ${reason}`);
    this.name = 'LayoutInvalidError';
  }
}

/** Upgrades an older document, then validates it; throws LayoutInvalidError. */
export function parseLayout(input: unknown): LayoutDocument {
  const document = upgradeLayout(input);
  if (!validate(document)) {
    // The deepest error says most about what is wrong.
    const error = [...(validate.errors ?? [])].sort((a, b) => b.instancePath.length - a.instancePath.length)[0]!;
    // ajv's message names a missing property itself, but not an additional one nor the allowed values.
    const extra = (error.params as { additionalProperty?: string; allowedValues?: unknown[] });
    const detail = extra.additionalProperty ? ` '${extra.additionalProperty}'`
      : extra.allowedValues ? ` (${extra.allowedValues.join(', ')})` : '';
    throw new LayoutInvalidError(error.instancePath, `${error.message ?? 'invalid'}${detail}`);
  }
  const ids = new Set<string>();
  for (const [i, block] of document.blocks.entries()) {
    if (ids.has(block.id)) throw new LayoutInvalidError(`/blocks/${i}/id`, `duplicate block id '${block.id}'`);
    ids.add(block.id);
    if (block.x + block.w > document.grid.cols) {
      throw new LayoutInvalidError(`/blocks/${i}`, `x + w (${block.x + block.w}) exceeds grid.cols (${document.grid.cols})`);
    }
  }
  const blocks = compactBlocks(document.blocks, document.grid.cols) as LayoutDocument['blocks'];
  return blocks === document.blocks ? document : { ...document, blocks };
}
