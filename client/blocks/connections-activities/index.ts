import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const connectionsActivitiesBlock: BlockDefinition = {
  id: 'connections-activities',
  defaultSize: { w: 6, h: 6 },
  component: lazy(() => import('./connections-activities-block.tsx')),
};
