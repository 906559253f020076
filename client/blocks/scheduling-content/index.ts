import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const schedulingContentBlock: BlockDefinition = {
  id: 'scheduling-content',
  defaultSize: { w: 4, h: 6 },
  component: lazy(() => import('./scheduling-content-block.tsx')),
};
