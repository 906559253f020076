import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const dataTableBlock: BlockDefinition = {
  id: 'data-table',
  defaultSize: { w: 6, h: 5 },
  ...lazyBlock(() => import('./data-table-block.tsx')),
};
