/**
 * Issue 8 (layouts): the page and the editor show the same arrangement for every layout the
 * server accepts. The editor shows react-grid-layout's vertical compaction of the blocks
 * (client/layout-engine/rgl-adapter.ts compactBlocks); the page puts each block at its {x, y}.
 * So every accepted layout must already be settled: compacting it again changes nothing, and no
 * two blocks share a cell. fast-check draws the layouts, overlapping ones included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verticalCompactor } from 'react-grid-layout/core';
import { compactBlocks, toGridItems } from '../../client/layout-engine/rgl-adapter.ts';
import { parseLayout } from '../../server/shared/layouts/validate.ts';
import type { LayoutBlock } from '../../schemas/layout.ts';

const overlaps = (a: LayoutBlock, b: LayoutBlock) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const layouts = fc.integer({ min: 1, max: 24 }).chain((cols) => fc.record({
  cols: fc.constant(cols),
  blocks: fc.array(fc.record({
    w: fc.integer({ min: 1, max: cols }),
    y: fc.integer({ min: 0, max: 30 }),
    h: fc.integer({ min: 1, max: 8 }),
    xFraction: fc.double({ min: 0, max: 1, noNaN: true }),
  }), { maxLength: 25 }),
})).map(({ cols, blocks }) => ({
  id: 'drawn', page: 'patient-home', schemaVersion: 2, grid: { cols, rowHeight: 40 },
  blocks: blocks.map((b, i) => ({
    id: `b${i}`, type: 'markdown', x: Math.floor(b.xFraction * (cols - b.w)), y: b.y, w: b.w, h: b.h, props: { content: { fr: `bloc ${i}` } },
  })),
}));

describe('accepted layouts are settled as the editor settles them', () => {
  it('two blocks at the same place are stacked, as the editor stacks them', () => {
    const doc = parseLayout({
      id: 'x', page: 'patient-home', schemaVersion: 2, grid: { cols: 12, rowHeight: 40 }, blocks: [
        { id: 'a', type: 'markdown', x: 0, y: 0, w: 6, h: 3, props: { content: 'a' } },
        { id: 'b', type: 'markdown', x: 0, y: 0, w: 6, h: 2, props: { content: 'b' } },
        { id: 'c', type: 'markdown', x: 6, y: 9, w: 6, h: 2, props: { content: 'c' } },
      ],
    });
    expect(doc.blocks.map(({ id, x, y, w, h }) => ({ id, x, y, w, h }))).toEqual([
      { id: 'a', x: 0, y: 0, w: 6, h: 3 },
      { id: 'b', x: 0, y: 3, w: 6, h: 2 },
      { id: 'c', x: 6, y: 0, w: 6, h: 2 },
    ]);
  });

  it('for any drawn layout: a fixed point of the editor\'s compaction, no overlap, same blocks in the same order', () => {
    fc.assert(fc.property(layouts, (input) => {
      const doc = parseLayout(structuredClone(input));
      expect(compactBlocks(doc.blocks, doc.grid.cols)).toBe(doc.blocks);
      // Right to left, the editor mirrors the columns before react-grid-layout compacts: still nothing moves.
      const mirrored = toGridItems(doc.blocks, doc.grid.cols, true);
      expect(verticalCompactor.compact(mirrored, doc.grid.cols).map(({ i, x, y }) => ({ i, x, y }))).toEqual(mirrored.map(({ i, x, y }) => ({ i, x, y })));
      for (const [i, a] of doc.blocks.entries()) for (const b of doc.blocks.slice(i + 1)) expect(overlaps(a, b), `${a.id} / ${b.id}`).toBe(false);
      expect(doc.blocks.map((b) => [b.id, b.x, b.w, b.h])).toEqual(input.blocks.map((b) => [b.id, b.x, b.w, b.h]));
    }), { numRuns: 300 });
  });

  it('leaves an already settled layout as it is (what was entered is kept)', () => {
    fc.assert(fc.property(layouts, (input) => {
      const settled = parseLayout(structuredClone(input));
      expect(parseLayout(structuredClone(settled))).toEqual(settled);
    }), { numRuns: 100 });
  });
});
