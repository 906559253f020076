import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const graphsBlock: BlockDefinition = {
  id: 'graphs',
  defaultSize: { w: 8, h: 7 },
  ...lazyBlock(() => import('./graphs-block.tsx')),
};
