import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const valueTablesBlock: BlockDefinition = {
  id: 'value-tables',
  defaultSize: { w: 8, h: 6 },
  component: lazy(() => import('./value-tables-block.tsx')),
};
