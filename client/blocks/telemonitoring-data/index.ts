import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const telemonitoringDataBlock: BlockDefinition = {
  id: 'telemonitoring-data',
  defaultSize: { w: 4, h: 7 },
  component: lazy(() => import('./telemonitoring-data-block.tsx')),
};
