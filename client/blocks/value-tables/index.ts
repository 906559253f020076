import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const valueTablesBlock: BlockDefinition = {
  id: 'value-tables',
  defaultSize: { w: 8, h: 6 },
  ...lazyBlock(() => import('./value-tables-block.tsx')),
};
