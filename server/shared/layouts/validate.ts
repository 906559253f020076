/**
 * Layout validation with ajv against schemas/layout.ts, compiled once. Errors name the path
 * inside the document and the reason, e.g. `/blocks/2/props/links/0/href: must match pattern`,
 * in the language of whoever reads them (problems.ts).
 * A valid layout is then settled the way the interface editor settles it (react-grid-layout's
 * vertical compaction, the editor's own compactBlocks): blocks rise into free rows and blocks
 * placed on one another are stacked. The page puts each block at its {x, y} and the editor
 * shows the compacted grid, so only a settled layout looks the same in both; saves, provisioned
 * files and stored versions all come through here.
 */
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { layoutSchema, type LayoutDocument } from '../../../schemas/layout.ts';
import { upgradeLayout } from './migrations.ts';
import { InvalidDocumentError, type Reason } from './problems.ts';
import { compactBlocks } from '../../../schemas/layout-grid.ts';

const ajv = new Ajv({ allErrors: false, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(layoutSchema);

/** A layout refused at `path`; its reason is read in each caller's language (problems.ts). */
export class LayoutInvalidError extends InvalidDocumentError {
  declare readonly path: string;

  constructor(path: string, why: Reason) {
    super(path, why);
    this.name = 'LayoutInvalidError';
  }
}

/** The deepest ajv error says most about what is wrong. */
export const deepestError = (errors: ErrorObject[] | null | undefined): ErrorObject =>
  [...(errors ?? [])].sort((a, b) => b.instancePath.length - a.instancePath.length)[0]!;

/** Upgrades an older document, then validates it; throws LayoutInvalidError. */
export function parseLayout(input: unknown): LayoutDocument {
  const document = upgradeLayout(input);
  if (!validate(document)) {
    const error = deepestError(validate.errors);
    throw new LayoutInvalidError(error.instancePath, { ajv: error });
  }
  const ids = new Set<string>();
  for (const [i, block] of document.blocks.entries()) {
    if (ids.has(block.id)) throw new LayoutInvalidError(`/blocks/${i}/id`, { key: 'duplicateId', params: { id: block.id } });
    ids.add(block.id);
    if (block.x + block.w > document.grid.cols) {
      throw new LayoutInvalidError(`/blocks/${i}`, { key: 'beyondGrid', params: { sum: block.x + block.w, cols: document.grid.cols } });
    }
  }
  const blocks = compactBlocks(document.blocks, document.grid.cols) as LayoutDocument['blocks'];
  return blocks === document.blocks ? document : { ...document, blocks };
}
