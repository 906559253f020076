import { describe, expect, it } from 'vitest';
import type { LayoutBlock } from '../../../schemas/layout.ts';
import { applyGridItems, bottomRow, cellAt, compactBlocks, moveBlock, toGridItems } from '../../../client/layout-engine/rgl-adapter.ts';

const block = (id: string, x: number, y: number, w: number, h: number): LayoutBlock => ({ id, type: 'markdown', x, y, w, h, props: { content: id } });
const pos = (blocks: readonly LayoutBlock[]) => blocks.map(({ id, x, y, w, h }) => [id, x, y, w, h]);

describe('layout ↔ react-grid-layout adapter', () => {
  it.each([
    ['left to right: positions as saved', false, block('a', 0, 0, 4, 2), { x: 0, y: 0, w: 4, h: 2 }],
    ['right to left: columns mirrored', true, block('a', 0, 0, 4, 2), { x: 8, y: 0, w: 4, h: 2 }],
    ['right to left, full width', true, block('a', 0, 3, 12, 2), { x: 0, y: 3, w: 12, h: 2 }],
    ['right to left, in the middle', true, block('a', 3, 1, 5, 2), { x: 4, y: 1, w: 5, h: 2 }],
    ['wider than the grid: cut to it', false, block('a', 2, 0, 20, 2), { x: 0, y: 0, w: 12, h: 2 }],
  ])('to grid items, %s', (_, rtl, b, expected) => {
    expect(toGridItems([b], 12, rtl)[0]).toMatchObject({ i: 'a', ...expected });
  });

  it.each([false, true])('round trip keeps every block and its identity (rtl %s)', (rtl) => {
    const blocks = [block('a', 0, 0, 4, 2), block('b', 4, 0, 8, 3), block('c', 0, 3, 12, 1)];
    expect(applyGridItems(blocks, toGridItems(blocks, 12, rtl), 12, rtl)).toBe(blocks);
  });

  it('grid positions come back in document columns, props untouched', () => {
    const blocks = [block('a', 0, 0, 4, 2), block('b', 4, 0, 8, 3)];
    const items = toGridItems(blocks, 12, true).map((i) => (i.i === 'a' ? { ...i, x: 0, w: 6 } : i));
    const next = applyGridItems(blocks, items, 12, true);
    expect(pos(next)).toEqual([['a', 6, 0, 6, 2], ['b', 4, 0, 8, 3]]);
    expect(next[0]!.props).toBe(blocks[0]!.props);
    expect(next[1]).toBe(blocks[1]);
  });

  it.each([
    ['top-left cell', { left: 0, top: 0 }, 4, false, { x: 0, y: 0 }],
    ['snaps to the nearest column and row', { left: 280, top: 120 }, 4, false, { x: 3, y: 2 }],
    ['kept inside the grid on the right', { left: 1100, top: 0 }, 4, false, { x: 8, y: 0 }],
    ['never above or before the grid', { left: -50, top: -40 }, 2, false, { x: 0, y: 0 }],
    ['right to left: the left edge is the last column', { left: 0, top: 0 }, 4, true, { x: 8, y: 0 }],
  ])('cell under a point: %s', (_, point, w, rtl, expected) => {
    // 12 columns of (1192 − 11 × 16) / 12 ≈ 84.7 px, rows of 40 px, 16 px between.
    expect(cellAt(point, { cols: 12, rowHeight: 40, margin: 16, width: 1192 }, w, rtl)).toEqual(expected);
  });

  it('compaction moves blocks up into free rows and out of each other', () => {
    const blocks = [block('a', 0, 5, 6, 2), block('b', 0, 6, 6, 2), block('c', 6, 0, 6, 2)];
    expect(pos(compactBlocks(blocks, 12))).toEqual([['a', 0, 0, 6, 2], ['b', 0, 2, 6, 2], ['c', 6, 0, 6, 2]]);
  });

  it('moving a block to the top of another swaps them', () => {
    const blocks = [block('a', 0, 0, 6, 2), block('b', 0, 2, 6, 2)];
    expect(pos(moveBlock(blocks, 'b', { x: 0, y: 0, w: 6, h: 2 }, 12))).toEqual([['a', 0, 2, 6, 2], ['b', 0, 0, 6, 2]]);
  });

  it('bottom row', () => {
    expect(bottomRow([])).toBe(0);
    expect(bottomRow([block('a', 0, 0, 6, 2), block('b', 0, 2, 6, 5)])).toBe(7);
  });
});
