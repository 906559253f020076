import { lazyBlock } from '../lazy-block.ts';
import type { BlockDefinition } from '../types.ts';

export const documentsMessagingBlock: BlockDefinition = {
  id: 'documents-messaging',
  defaultSize: { w: 6, h: 6 },
  ...lazyBlock(() => import('./documents-messaging-block.tsx')),
};
