import { lazy } from 'react';
import type { BlockDefinition } from '../types.ts';

export const documentsMessagingBlock: BlockDefinition = {
  id: 'documents-messaging',
  defaultSize: { w: 6, h: 6 },
  component: lazy(() => import('./documents-messaging-block.tsx')),
};
