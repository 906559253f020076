/**
 * The editing grid: react-grid-layout (blocks moved and resized with the pointer) inside a
 * dnd-kit drop zone for the palette. react-grid-layout has no right-to-left mode: the grid runs
 * left to right (`dir="ltr"`, columns mirrored by the adapter) and each block gets the page's
 * direction back.
 */
import { useDroppable } from '@dnd-kit/core';
import { useCallback, useMemo, useRef, type MutableRefObject } from 'react';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { useTranslation } from 'react-i18next';
import type { LayoutBlock, LayoutDocument } from '../../../../schemas/layout.ts';
import type { BlockContext } from '../../../blocks/index.ts';
import { EmptyState } from '../../../blocks/shared/empty-state.tsx';
import { GRID_GAP } from '../../../layout-engine/layout-grid.tsx';
import { applyGridItems, toGridItems } from '../../../layout-engine/rgl-adapter.ts';
import { EditorBlock, type BlockActions } from './editor-block.tsx';
import classes from './editor.module.css';
import { LAYOUT_BUILDER } from '../texts.ts';

export const GRID_DROP_ID = 'layout-grid';

interface Props {
  document: LayoutDocument;
  selectedId?: string;
  context: BlockContext;
  rtl: boolean;
  actions: BlockActions;
  onPositions(blocks: readonly LayoutBlock[]): void;
  gridRef: MutableRefObject<HTMLDivElement | null>;
}

export function EditorGrid({ document, selectedId, context, rtl, actions, onPositions, gridRef }: Props) {
  const { t } = useTranslation(LAYOUT_BUILDER);
  const { cols, rowHeight } = document.grid;
  const { width, containerRef, mounted } = useContainerWidth();
  const { setNodeRef, isOver } = useDroppable({ id: GRID_DROP_ID });
  const outerRef = useRef<HTMLDivElement | null>(null);
  const outer = useCallback((element: HTMLDivElement | null) => { outerRef.current = element; setNodeRef(element); }, [setNodeRef]);
  // The measured element has no padding: react-grid-layout takes its width as the grid's.
  const innerRef = useCallback((element: HTMLDivElement | null) => {
    containerRef.current = element;
    gridRef.current = element;
  }, [containerRef, gridRef]);

  const layout = useMemo(() => toGridItems(document.blocks, cols, rtl), [document.blocks, cols, rtl]);
  const commit = useCallback((next: Layout) => {
    delete outerRef.current?.dataset.moving;
    onPositions(applyGridItems(document.blocks, next, cols, rtl));
  }, [document.blocks, cols, rtl, onPositions]);
  // While a block moves, the others show their frame and name only: repainting 60 blocks'
  // contents at every pointer move doubled the frame time (tests/bench/editor-drag.ts).
  // An attribute rather than React state: nothing renders again when a drag starts.
  const startMoving = useCallback(() => { if (outerRef.current) outerRef.current.dataset.moving = ''; }, []);
  const children = useMemo(() => document.blocks.map((block) => (
    <div key={block.id} dir={rtl ? 'rtl' : 'ltr'} data-block-id={block.id} data-block-type={block.type}>
      <EditorBlock block={block} selected={block.id === selectedId} context={context} rtl={rtl} actions={actions} />
    </div>
  )), [document.blocks, selectedId, context, rtl, actions]);

  return (
    <div ref={outer} dir="ltr" className={classes.grid} data-over={isOver || undefined} aria-label={t('layoutBuilder.grid.label')} role="region" data-editor-grid>
      {document.blocks.length === 0 && <EmptyState>{t('layoutBuilder.grid.empty')}</EmptyState>}
      <div ref={innerRef}>
      {mounted && (
        <GridLayout
          width={width} layout={layout} autoSize
          gridConfig={{ cols, rowHeight, margin: [GRID_GAP, GRID_GAP], containerPadding: [0, 0] }}
          dragConfig={{ handle: `.${classes.handle}`, cancel: 'button' }}
          resizeConfig={{ handles: ['se', 'sw'] }}
          onDragStart={startMoving} onResizeStart={startMoving} onDragStop={commit} onResizeStop={commit}
        >
          {children}
        </GridLayout>
      )}
      </div>
    </div>
  );
}
