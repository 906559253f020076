/**
 * The one place that translates between the saved layout and react-grid-layout (Grafana's
 * rule). react-grid-layout has no right-to-left mode: under `rtl` columns are mirrored here
 * (x ↔ cols − x − w), so that the editor shows blocks where the right-to-left page puts them.
 */
import type { Layout, LayoutItem } from 'react-grid-layout';
import { moveElement, verticalCompactor } from 'react-grid-layout/core';
import type { LayoutBlock } from '../../schemas/layout.ts';

type Position = Pick<LayoutBlock, 'x' | 'y' | 'w' | 'h'>;

const mirrorX = (x: number, w: number, cols: number, rtl: boolean) => (rtl ? Math.max(0, cols - x - w) : x);

export function toGridItems(blocks: readonly LayoutBlock[], cols: number, rtl = false): LayoutItem[] {
  return blocks.map((b) => {
    const w = Math.min(b.w, cols);
    return { i: b.id, x: mirrorX(Math.min(b.x, cols - w), w, cols, rtl), y: b.y, w, h: b.h, minW: 1, minH: 1 };
  });
}

/** The blocks with the grid's positions; unchanged blocks (and an unchanged list) keep their identity. */
export function applyGridItems(blocks: readonly LayoutBlock[], items: Layout, cols: number, rtl = false): readonly LayoutBlock[] {
  const byId = new Map(items.map((item) => [item.i, item]));
  let changed = false;
  const next = blocks.map((b) => {
    const item = byId.get(b.id);
    if (!item) return b;
    const position: Position = { x: mirrorX(item.x, item.w, cols, rtl), y: item.y, w: item.w, h: item.h };
    if (position.x === b.x && position.y === b.y && position.w === b.w && position.h === b.h) return b;
    changed = true;
    return { ...b, ...position };
  });
  return changed ? next : blocks;
}

/** Blocks moved up into free space and out of each other, as react-grid-layout shows them. */
export function compactBlocks(blocks: readonly LayoutBlock[], cols: number): readonly LayoutBlock[] {
  return applyGridItems(blocks, verticalCompactor.compact(toGridItems(blocks, cols), cols), cols);
}

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
