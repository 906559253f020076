import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const indicatorChartBlock: BlockDefinition = {
  id: 'indicator-chart',
  defaultSize: { w: 6, h: 6 },
  component: lazy(() => import('./indicator-chart-block.tsx')),
};
