/**
 * The one place that translates between the saved layout and react-grid-layout (Grafana's
 * rule) for the editor. The compaction both sides apply lives in schemas/layout-grid.ts (the
 * server validates layouts by it); the editor's moves and pointer positions are here.
 */
import { moveElement, verticalCompactor } from 'react-grid-layout/core';
import { applyGridItems, compactBlocks, mirrorX, toGridItems, type Position } from '../../schemas/layout-grid.ts';
import type { LayoutBlock } from '../../schemas/layout.ts';

export { applyGridItems, compactBlocks, toGridItems };

/** A block moved (and resized) the way dragging it would: blocks in the way make room, then all settle. */
export function moveBlock(blocks: readonly LayoutBlock[], id: string, to: Position, cols: number): readonly LayoutBlock[] {
  const items = toGridItems(blocks.map((b) => (b.id === id ? { ...b, w: to.w, h: to.h } : b)), cols);
  const item = items.find((i) => i.i === id);
  if (!item) return blocks;
  const moved = moveElement(items, item, to.x, to.y, true, false, 'vertical', cols);
  return applyGridItems(blocks, verticalCompactor.compact(moved, cols), cols);
}

export interface GridMetrics { cols: number; rowHeight: number; margin: number; width: number }

/** The cell under a point of the grid (pixels from its top-left corner) for a block `w` wide. */
export function cellAt(point: { left: number; top: number }, metrics: GridMetrics, w: number, rtl = false): { x: number; y: number } {
  const colWidth = (metrics.width - metrics.margin * (metrics.cols - 1)) / metrics.cols;
  const width = Math.min(w, metrics.cols);
  const fromLeft = Math.round(point.left / (colWidth + metrics.margin));
  const x = Math.max(0, Math.min(metrics.cols - width, fromLeft));
  return { x: mirrorX(x, width, metrics.cols, rtl), y: Math.max(0, Math.round(point.top / (metrics.rowHeight + metrics.margin))) };
}

/** The first row below every block. */
export const bottomRow = (blocks: readonly Position[]) => blocks.reduce((max, b) => Math.max(max, b.y + b.h), 0);
