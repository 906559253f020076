import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const inactiveThresholdsBlock: BlockDefinition = {
  id: 'inactive-thresholds',
  defaultSize: { w: 6, h: 6 },
  ...lazyBlock(() => import('./inactive-thresholds-block.tsx')),
};
