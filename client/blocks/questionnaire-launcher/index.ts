import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const questionnaireLauncherBlock: BlockDefinition = {
  id: 'questionnaire-launcher',
  defaultSize: { w: 4, h: 3 },
  component: lazy(() => import('./questionnaire-launcher-block.tsx')),
};
