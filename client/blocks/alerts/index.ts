import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const alertsBlock: BlockDefinition = {
  id: 'alerts',
  defaultSize: { w: 6, h: 6 },
  ...lazyBlock(() => import('./alerts-block.tsx')),
};
