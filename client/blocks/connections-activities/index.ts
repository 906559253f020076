import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const connectionsActivitiesBlock: BlockDefinition = {
  id: 'connections-activities',
  defaultSize: { w: 6, h: 6 },
  ...lazyBlock(() => import('./connections-activities-block.tsx')),
};
