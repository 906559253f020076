import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const indicatorChartBlock: BlockDefinition = {
  id: 'indicator-chart',
  defaultSize: { w: 6, h: 6 },
  ...lazyBlock(() => import('./indicator-chart-block.tsx')),
};
