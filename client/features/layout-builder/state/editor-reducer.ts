/**
 * The editor's document with its history: every change is a step that undo and redo walk
 * (HISTORY_LIMIT steps kept); successive edits of one block's props form merge into one step.
 */
import type { LayoutBlock, LayoutDocument } from '../../../../schemas/layout.ts';
import { compactBlocks, moveBlock } from '../../../layout-engine/rgl-adapter.ts';

export const HISTORY_LIMIT = 50;

export interface EditorState {
  past: LayoutDocument[];
  present: LayoutDocument;
  future: LayoutDocument[];
  /** The document as last loaded or saved: the edit is unsaved while `present` differs. */
  saved: LayoutDocument;
  selectedId?: string;
  /** Key of the last step, when the next one with the same key merges into it. */
  mergeKey?: string;
}

export type Position = Pick<LayoutBlock, 'x' | 'y' | 'w' | 'h'>;

export type EditorAction =
  | { type: 'load'; document: LayoutDocument }
  | { type: 'saved' }
  | { type: 'add'; block: LayoutBlock }
  | { type: 'positions'; blocks: readonly LayoutBlock[] }
  | { type: 'move'; id: string; by: Partial<Position> }
  | { type: 'remove'; id: string }
  | { type: 'props'; id: string; props: Record<string, unknown> }
  | { type: 'select'; id?: string }
  | { type: 'undo' }
  | { type: 'redo' };

export const initialEditorState = (document: LayoutDocument): EditorState => ({ past: [], present: document, future: [], saved: document });

const withBlocks = (document: LayoutDocument, blocks: readonly LayoutBlock[]): LayoutDocument =>
  (blocks === document.blocks ? document : { ...document, blocks: compactBlocks(blocks, document.grid.cols) as LayoutBlock[] });

function commit(state: EditorState, present: LayoutDocument, mergeKey?: string): EditorState {
  if (present === state.present || JSON.stringify(present.blocks) === JSON.stringify(state.present.blocks)) return state;
  if (mergeKey && mergeKey === state.mergeKey) return { ...state, present, future: [] };
  return { ...state, past: [...state.past, state.present].slice(-HISTORY_LIMIT), present, future: [], mergeKey };
}

function clampMove(block: LayoutBlock, by: Partial<Position>, cols: number): LayoutBlock {
  const w = Math.max(1, Math.min(cols, block.w + (by.w ?? 0)));
  const h = Math.max(1, Math.min(100, block.h + (by.h ?? 0)));
  const x = Math.max(0, Math.min(cols - w, block.x + (by.x ?? 0)));
  const y = Math.max(0, block.y + (by.y ?? 0));
  return { ...block, x, y, w, h };
}

const overlaps = (a: Position, b: Position) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Blocks settle upwards (no gaps), so a block moved by one row onto another takes that block's
 * place: up, to its top; down, past its bottom (the other block then rises into the gap).
 */
function stepPast(blocks: readonly LayoutBlock[], block: LayoutBlock, to: LayoutBlock, dy: number): LayoutBlock {
  const hit = blocks.filter((b) => b.id !== block.id && overlaps(b, to));
  if (dy === 0 || hit.length === 0) return to;
  return { ...to, y: dy < 0 ? Math.min(...hit.map((b) => b.y)) : Math.max(...hit.map((b) => b.y + b.h)) };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { present } = state;
  const blocks = present.blocks;
  switch (action.type) {
    case 'load': return initialEditorState(action.document);
    case 'saved': return { ...state, saved: present, mergeKey: undefined };
    case 'select': return { ...state, selectedId: action.id, mergeKey: undefined };
    case 'add':
      return { ...commit(state, withBlocks(present, [...blocks, action.block])), selectedId: action.block.id };
    case 'positions': return commit(state, withBlocks(present, action.blocks));
    case 'move': {
      const block = blocks.find((b) => b.id === action.id);
      if (!block) return state;
      const to = stepPast(blocks, block, clampMove(block, action.by, present.grid.cols), action.by.y ?? 0);
      return commit(state, { ...present, blocks: moveBlock(blocks, action.id, to, present.grid.cols) as LayoutBlock[] });
    }
    case 'remove': {
      const next = commit(state, withBlocks(present, blocks.filter((b) => b.id !== action.id)));
      return { ...next, selectedId: state.selectedId === action.id ? undefined : state.selectedId };
    }
    case 'props':
      return commit(state, { ...present, blocks: blocks.map((b) => (b.id === action.id ? { ...b, props: action.props } : b)) }, `props:${action.id}`);
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { ...state, past: state.past.slice(0, -1), present: previous, future: [present, ...state.future], mergeKey: undefined };
    }
    case 'redo': {
      const [next, ...future] = state.future;
      if (!next) return state;
      return { ...state, past: [...state.past, present].slice(-HISTORY_LIMIT), present: next, future, mergeKey: undefined };
    }
  }
}

export const isDirty = (state: EditorState) => state.present !== state.saved && JSON.stringify(state.present) !== JSON.stringify(state.saved);
export const canUndo = (state: EditorState) => state.past.length > 0;
export const canRedo = (state: EditorState) => state.future.length > 0;
