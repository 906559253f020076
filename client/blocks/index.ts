/** The application's one block registry; building it checks that no id or alias is used twice. */
import { BLOCK_DEFINITIONS } from './definitions.ts';
import { BlockRegistry } from './registry.ts';

export const blockRegistry = new BlockRegistry(BLOCK_DEFINITIONS);
export { blockNameKey, type BlockComponentProps, type BlockContext, type BlockDefinition, type PageId } from './types.ts';
