/**
 * The read-only view of a layout: a CSS grid with the layout's columns and row height, each
 * block at its `{x, y, w, h}` (rows grow when a block's content is taller). A CSS grid mirrors
 * itself under right-to-left and costs no script; on small screens blocks stack in reading order.
 */
import type { CSSProperties } from 'react';
import type { LayoutDocument } from '../../schemas/layout.ts';
import { useTranslation } from 'react-i18next';
import type { BlockContext } from '../blocks/index.ts';
import { EmptyState } from '../blocks/shared/empty-state.tsx';
import { BlockFrame } from './block-frame.tsx';
import classes from './layout-grid.module.css';
import { isBlockVisible, type Viewer } from './visible-for.ts';

export const GRID_GAP = 16;

export function LayoutGrid({ layout, context, viewer }: { layout: Pick<LayoutDocument, 'grid' | 'blocks'>; context: BlockContext; viewer: Viewer }) {
  const { t } = useTranslation();
  const blocks = layout.blocks.filter((b) => isBlockVisible(b, viewer)).sort((a, b) => a.y - b.y || a.x - b.x);
  if (blocks.length === 0) return <EmptyState>{t('layout.empty')}</EmptyState>;
  const style = { '--cols': layout.grid.cols, '--row': `${layout.grid.rowHeight}px`, '--gap': `${GRID_GAP}px` } as CSSProperties;
  return (
    <div className={classes.grid} style={style} data-layout-grid>
      {blocks.map((block) => (
        <section
          key={block.id} className={classes.item} data-block-id={block.id} data-block-type={block.type}
          style={{ '--x': block.x, '--y': block.y, '--w': Math.min(block.w, layout.grid.cols), '--h': block.h } as CSSProperties}
        >
          <BlockFrame block={block} context={context} />
        </section>
      ))}
    </div>
  );
}
