import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const markdownBlock: BlockDefinition = {
  id: 'markdown',
  defaultSize: { w: 6, h: 4 },
  component: lazy(() => import('./markdown-block.tsx')),
};
