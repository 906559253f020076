import { describe, expect, it } from 'vitest';
import type { LayoutBlock, LayoutDocument } from '../../../schemas/layout.ts';
import {
  canRedo, canUndo, editorReducer, HISTORY_LIMIT, initialEditorState, isDirty, type EditorAction, type EditorState,
} from '../../../client/features/layout-builder/state/editor-reducer.ts';

const block = (id: string, y = 0): LayoutBlock => ({ id, type: 'markdown', x: 0, y, w: 6, h: 2, props: { content: id } });
const doc: LayoutDocument = { id: 'd', page: 'professional-dashboard', schemaVersion: 2, grid: { cols: 12, rowHeight: 40 }, blocks: [block('a')] };
const run = (actions: EditorAction[], state: EditorState = initialEditorState(doc)) => actions.reduce(editorReducer, state);
const ids = (s: EditorState) => s.present.blocks.map((b) => b.id);
const adds = (n: number): EditorAction[] => Array.from({ length: n }, (_, i) => ({ type: 'add', block: block(`n${i}`, 100) }));

describe('editor history', () => {
  it('undoes and redoes at least ten steps, in order', () => {
    const edited = run(adds(12));
    expect(ids(edited)).toHaveLength(13);
    const undone = run(Array(12).fill({ type: 'undo' }), edited);
    expect(undone.present).toBe(doc);
    expect(canUndo(undone)).toBe(false);
    const redone = run(Array(12).fill({ type: 'redo' }), undone);
    expect(ids(redone)).toEqual(ids(edited));
    expect(canRedo(redone)).toBe(false);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    const state = run(adds(HISTORY_LIMIT + 5));
    expect(state.past).toHaveLength(HISTORY_LIMIT);
  });

  it.each([
    ['a new change clears redo', [...adds(2), { type: 'undo' }, ...adds(1)] as EditorAction[], { past: 2, future: 0 }],
    ['undo with nothing done does nothing', [{ type: 'undo' }] as EditorAction[], { past: 0, future: 0 }],
    ['redo with nothing undone does nothing', [...adds(1), { type: 'redo' }] as EditorAction[], { past: 1, future: 0 }],
    ['successive props edits of one block are one step', [
      { type: 'props', id: 'a', props: { content: 'x' } }, { type: 'props', id: 'a', props: { content: 'xy' } }, { type: 'props', id: 'a', props: { content: 'xyz' } },
    ] as EditorAction[], { past: 1, future: 0 }],
    ['props of two blocks are two steps', [
      ...adds(1), { type: 'props', id: 'a', props: { content: 'x' } }, { type: 'props', id: 'n0', props: { content: 'y' } },
    ] as EditorAction[], { past: 3, future: 0 }],
    ['selecting is not a step', [{ type: 'select', id: 'a' }] as EditorAction[], { past: 0, future: 0 }],
    ['a move that changes nothing is not a step', [{ type: 'move', id: 'a', by: { y: -1 } }] as EditorAction[], { past: 0, future: 0 }],
  ])('%s', (_, actions, expected) => {
    const state = run(actions);
    expect({ past: state.past.length, future: state.future.length }).toEqual(expected);
  });

  it.each([
    ['move right', { x: 2 }, [2, 0, 6, 2]],
    ['move beyond the last column stops at it', { x: 50 }, [6, 0, 6, 2]],
    ['widen', { w: 3 }, [0, 0, 9, 2]],
    ['never narrower than one column', { w: -20 }, [0, 0, 1, 2]],
    ['taller', { h: 4 }, [0, 0, 6, 6]],
  ] as const)('keyboard %s', (_, by, expected) => {
    const { x, y, w, h } = run([{ type: 'move', id: 'a', by }]).present.blocks[0]!;
    expect([x, y, w, h]).toEqual(expected);
  });

  it.each([
    ['up onto the block above: they swap', 'b', { y: -1 }, [['a', 2], ['b', 0]]],
    ['down onto the block below: they swap', 'a', { y: 1 }, [['a', 2], ['b', 0]]],
    ['down with nothing below: blocks settle back up', 'b', { y: 1 }, [['a', 0], ['b', 2]]],
  ] as const)('keyboard move %s', (_, id, by, expected) => {
    const state = run([{ type: 'add', block: block('b', 2) }, { type: 'move', id, by }]);
    expect(state.present.blocks.map((b) => [b.id, b.y])).toEqual(expected);
  });

  it('a removed block is unselected; undo brings it back', () => {
    const removed = run([{ type: 'select', id: 'a' }, { type: 'remove', id: 'a' }]);
    expect(ids(removed)).toEqual([]);
    expect(removed.selectedId).toBeUndefined();
    expect(ids(run([{ type: 'undo' }], removed))).toEqual(['a']);
  });

  it('an added block lands below the one it was dropped on, and is selected', () => {
    const state = run([{ type: 'add', block: { ...block('new'), y: 1 } }]);
    expect(state.present.blocks.find((b) => b.id === 'new')).toMatchObject({ y: 2 });
    expect(state.selectedId).toBe('new');
  });

  it('is unsaved after a change, saved after save, unsaved again after undo', () => {
    const edited = run(adds(1));
    expect(isDirty(edited)).toBe(true);
    const saved = run([{ type: 'saved' }], edited);
    expect(isDirty(saved)).toBe(false);
    expect(isDirty(run([{ type: 'undo' }], saved))).toBe(true);
  });
});
