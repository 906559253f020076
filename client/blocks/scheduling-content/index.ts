import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const schedulingContentBlock: BlockDefinition = {
  id: 'scheduling-content',
  defaultSize: { w: 4, h: 6 },
  ...lazyBlock(() => import('./scheduling-content-block.tsx')),
};
