import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const linkListBlock: BlockDefinition = {
  id: 'link-list',
  defaultSize: { w: 4, h: 4 },
  component: lazy(() => import('./link-list-block.tsx')),
};
