/** One block of a layout: its registered component (loaded lazily), or the 'unknown block' card. */
import { Loader } from '@mantine/core';
import { memo, Suspense, type ComponentType } from 'react';
import type { LayoutBlock } from '../../schemas/layout.ts';
import { BlockCard } from '../blocks/shared/block-card.tsx';
import { blockRegistry, type BlockComponentProps, type BlockContext } from '../blocks/index.ts';
import { BlockErrorBoundary } from './block-error-boundary.tsx';
import { UnknownBlock } from './unknown-block.tsx';

export const BlockFrame = memo(function BlockFrame({ block, context }: { block: Pick<LayoutBlock, 'type' | 'props'>; context: BlockContext }) {
  const definition = blockRegistry.get(block.type);
  if (!definition) return <UnknownBlock type={block.type} />;
  const View = definition.component as unknown as ComponentType<BlockComponentProps>;
  return (
    <BlockErrorBoundary type={block.type}>
      <Suspense fallback={<BlockCard><Loader size="sm" /></BlockCard>}>
        <View props={block.props} context={context} />
      </Suspense>
    </BlockErrorBoundary>
  );
});
