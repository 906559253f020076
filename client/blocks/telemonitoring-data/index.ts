import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const telemonitoringDataBlock: BlockDefinition = {
  id: 'telemonitoring-data',
  defaultSize: { w: 4, h: 7 },
  ...lazyBlock(() => import('./telemonitoring-data-block.tsx')),
};
