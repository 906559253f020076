import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const graphsBlock: BlockDefinition = {
  id: 'graphs',
  defaultSize: { w: 8, h: 7 },
  component: lazy(() => import('./graphs-block.tsx')),
};
