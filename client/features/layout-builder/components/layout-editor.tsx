/** The editor proper: toolbar, palette, grid (or the preview as another role) and the props form. */
import { DndContext, DragOverlay } from '@dnd-kit/core';
import { Alert, Loader } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockType } from '../../../../schemas/blocks/index.ts';
import { BLOCK_EDITING } from '../../../blocks/editing.ts';
import { blockNameKey, blockRegistry, type BlockContext, type PageId } from '../../../blocks/index.ts';
import { bottomRow } from '../../../layout-engine/rgl-adapter.ts';
import type { LayoutScope } from '../api/layout-scope.ts';
import { useEditorDocument } from '../use-editor-document.ts';
import { EditorGrid } from './editor-grid.tsx';
import type { BlockActions } from './editor-block.tsx';
import classes from './editor.module.css';
import { Palette } from './palette.tsx';
import { PreviewPane } from './preview-pane.tsx';
import type { PreviewRole } from './preview-roles.ts';
import { PropsPanel } from './props-panel.tsx';
import { Toolbar } from './toolbar.tsx';
import { usePaletteDrop } from './use-palette-drop.ts';
import { useSaveAndRestore } from './use-save-and-restore.tsx';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useUndoShortcuts } from './use-undo-shortcuts.ts';
import { canRedo, canUndo } from '../state/editor-reducer.ts';
import { LAYOUT_BUILDER } from '../texts.ts';

const newBlockId = (type: string, taken: readonly { id: string }[]) => {
  let n = 1;
  while (taken.some((b) => b.id === `${type}-${n}`)) n += 1;
  return `${type}-${n}`;
};

interface Props { page: PageId; scope: LayoutScope; context: BlockContext }

export function LayoutEditor({ page, scope, context }: Props) {
  const { t, i18n } = useTranslation(LAYOUT_BUILDER);
  const rtl = i18n.dir() === 'rtl';
  const { state, dispatch, dirty, loaded, query, reload } = useEditorDocument(page, context.structureId, scope);
  const document = state.present;
  const gridRef = useRef<HTMLDivElement | null>(null);
  const [previewAs, setPreviewAs] = useState<PreviewRole>();
  const [dragging, setDragging] = useState<string>();
  const persistence = useSaveAndRestore({ page, structureId: context.structureId, scope, state, dispatch, dirty, reload });

  const undo = useCallback(() => dispatch({ type: 'undo' }), [dispatch]);
  const redo = useCallback(() => dispatch({ type: 'redo' }), [dispatch]);
  useUndoShortcuts(undo, redo);
  const leaveDialog = useLeaveGuard(dirty);

  const actions = useMemo<BlockActions>(() => ({
    select: (id) => dispatch({ type: 'select', id }),
    remove: (id) => dispatch({ type: 'remove', id }),
    move: (id, by) => dispatch({ type: 'move', id, by }),
  }), [dispatch]);

  const add = useCallback((type: string, cell?: { x: number; y: number }) => {
    const definition = blockRegistry.get(type)!;
    const block = {
      id: newBlockId(type, document.blocks), type, ...definition.defaultSize,
      x: cell?.x ?? 0, y: cell?.y ?? bottomRow(document.blocks),
      props: structuredClone(BLOCK_EDITING[type as BlockType].defaultProps),
    };
    dispatch({ type: 'add', block });
  }, [dispatch, document.blocks]);

  const drop = usePaletteDrop({ gridRef, cols: document.grid.cols, rowHeight: document.grid.rowHeight, rtl, onDrop: add });
  const paletteTypes = useMemo(() => blockRegistry.list()
    .filter((d) => { const pages = BLOCK_EDITING[d.id].pages; return !pages || pages.includes(page); })
    .map((d) => ({ type: d.id, w: d.defaultSize.w })), [page]);
  const selected = document.blocks.find((b) => b.id === state.selectedId);

  if (query.isError && !loaded) return <Alert color="negative" variant="light" role="alert" title={t('layoutBuilder.loadFailed')} />;
  if (!loaded) return <Loader size="sm" />;
  return (
    <DndContext sensors={drop.sensors} accessibility={drop.accessibility} onDragStart={(e) => setDragging(String(e.active.data.current?.type))} onDragEnd={(e) => { setDragging(undefined); drop.onDragEnd(e); }} onDragCancel={() => setDragging(undefined)}>
      <Stack0 dirty={dirty}>
        <Toolbar
          canUndo={canUndo(state)} canRedo={canRedo(state)} dirty={dirty} busy={persistence.busy} previewAs={previewAs}
          onUndo={undo} onRedo={redo} onPreview={setPreviewAs} onVersions={persistence.openVersions} onReset={persistence.reset} onSave={persistence.openSave}
        />
        {previewAs
          ? <PreviewPane document={document} role={previewAs} context={context} onBack={() => setPreviewAs(undefined)} />
          : (
            <div className={classes.workspace} data-with-props={selected ? true : undefined}>
              <div className={classes.side}><Palette types={paletteTypes} onAdd={add} /></div>
              <EditorGrid
                document={document} selectedId={state.selectedId} context={context} rtl={rtl} actions={actions} gridRef={gridRef}
                onPositions={(blocks) => dispatch({ type: 'positions', blocks })}
              />
              {selected && (
                <div className={classes.side}>
                  <PropsPanel block={selected} onChange={(props) => dispatch({ type: 'props', id: selected.id, props })} onClose={() => dispatch({ type: 'select' })} />
                </div>
              )}
            </div>
          )}
      </Stack0>
      <DragOverlay dropAnimation={null}>{dragging && <div className={classes.overlay}>{t(blockNameKey(dragging))}</div>}</DragOverlay>
      {persistence.dialogs}
      {leaveDialog}
    </DndContext>
  );
}

/** Marks the editor while an edit is unsaved (the page switcher and the tests read it). */
function Stack0({ dirty, children }: { dirty: boolean; children: React.ReactNode }) {
  return <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-unsaved={dirty || undefined} data-layout-editor>{children}</div>;
}
