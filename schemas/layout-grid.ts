/**
 * Where the blocks of a saved layout sit once compacted (moved up into free space and out of
 * each other), as react-grid-layout shows them. Shared like computed.ts: the server stores and
 * validates layouts compacted by this rule (server/ui/layouts), the editor shows them by it
 * (client/layout-engine/rgl-adapter.ts), so both sides always agree on a position.
 * react-grid-layout has no right-to-left mode: under `rtl` columns are mirrored here
 * (x ↔ cols − x − w), so that the editor shows blocks where the right-to-left page puts them.
 */
import type { Layout, LayoutItem } from 'react-grid-layout';
import { verticalCompactor } from 'react-grid-layout/core';
import type { LayoutBlock } from './layout.ts';

export type Position = Pick<LayoutBlock, 'x' | 'y' | 'w' | 'h'>;

export const mirrorX = (x: number, w: number, cols: number, rtl: boolean) => (rtl ? Math.max(0, cols - x - w) : x);

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
