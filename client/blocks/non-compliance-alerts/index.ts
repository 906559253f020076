import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const nonComplianceAlertsBlock: BlockDefinition = {
  id: 'non-compliance-alerts',
  defaultSize: { w: 6, h: 6 },
  ...lazyBlock(() => import('./non-compliance-alerts-block.tsx')),
};
