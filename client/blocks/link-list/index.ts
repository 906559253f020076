import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const linkListBlock: BlockDefinition = {
  id: 'link-list',
  defaultSize: { w: 4, h: 4 },
  ...lazyBlock(() => import('./link-list-block.tsx')),
};
