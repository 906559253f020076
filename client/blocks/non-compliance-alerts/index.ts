import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const nonComplianceAlertsBlock: BlockDefinition = {
  id: 'non-compliance-alerts',
  defaultSize: { w: 6, h: 6 },
  component: lazy(() => import('./non-compliance-alerts-block.tsx')),
};
