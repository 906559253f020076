import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const alertsBlock: BlockDefinition = {
  id: 'alerts',
  defaultSize: { w: 6, h: 6 },
  component: lazy(() => import('./alerts-block.tsx')),
};
