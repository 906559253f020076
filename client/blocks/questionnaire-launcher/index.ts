import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const questionnaireLauncherBlock: BlockDefinition = {
  id: 'questionnaire-launcher',
  defaultSize: { w: 4, h: 3 },
  ...lazyBlock(() => import('./questionnaire-launcher-block.tsx')),
};
