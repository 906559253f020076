import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const markdownBlock: BlockDefinition = {
  id: 'markdown',
  defaultSize: { w: 6, h: 4 },
  ...lazyBlock(() => import('./markdown-block.tsx')),
};
