import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const dataTableBlock: BlockDefinition = {
  id: 'data-table',
  defaultSize: { w: 6, h: 5 },
  component: lazy(() => import('./data-table-block.tsx')),
};
