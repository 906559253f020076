import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const inactiveThresholdsBlock: BlockDefinition = {
  id: 'inactive-thresholds',
  defaultSize: { w: 6, h: 6 },
  component: lazy(() => import('./inactive-thresholds-block.tsx')),
};
