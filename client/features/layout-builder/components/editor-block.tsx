/**
 * One block in the editor: a handle to drag it (focusable: arrows move it, Shift+arrows resize
 * it, Delete removes it), its edit and remove buttons, and the block itself, inert. Memoised so
 * that dragging another block does not render this one again.
 */
import { ActionIcon, Group } from '@mantine/core';
import { memo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutBlock } from '../../../../schemas/layout.ts';
import { blockNameKey, type BlockContext } from '../../../blocks/index.ts';
import { BlockFrame } from '../../../layout-engine/block-frame.tsx';
import type { Position } from '../state/editor-reducer.ts';
import classes from './editor.module.css';
import { LAYOUT_BUILDER } from '../texts.ts';

export interface BlockActions {
  select(id: string): void;
  remove(id: string): void;
  move(id: string, by: Partial<Position>): void;
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

interface Props { block: LayoutBlock; selected: boolean; context: BlockContext; rtl: boolean; actions: BlockActions }

export const EditorBlock = memo(function EditorBlock({ block, selected, context, rtl, actions }: Props) {
  const { t } = useTranslation(LAYOUT_BUILDER);
  const name = t(blockNameKey(block.type), { defaultValue: block.type });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Delete' || event.key === 'Backspace') { event.preventDefault(); actions.remove(block.id); return; }
    if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); actions.select(block.id); return; }
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    // Columns run from the right under right-to-left: the left arrow goes to a higher column.
    const dx = rtl ? -arrow[0] : arrow[0];
    actions.move(block.id, event.shiftKey ? { w: dx, h: arrow[1] } : { x: dx, y: arrow[1] });
  };
  return (
    <div className={classes.block} data-selected={selected || undefined}>
      <Group className={classes.handle} gap={4} wrap="nowrap" justify="space-between">
        <div
          className={classes.handleLabel} tabIndex={0} role="button" onKeyDown={onKeyDown} onClick={() => actions.select(block.id)}
          aria-pressed={selected} data-block-handle={block.id}
          aria-label={t('layoutBuilder.grid.blockHandle', { name, x: block.x + 1, y: block.y + 1, w: block.w, h: block.h })}
        >
          {name}
        </div>
        <Group gap={2} wrap="nowrap">
          <ActionIcon size="sm" variant="subtle" onClick={() => actions.select(block.id)} aria-label={t('layoutBuilder.grid.edit', { name })}>✎</ActionIcon>
          <ActionIcon size="sm" variant="subtle" color="negative" onClick={() => actions.remove(block.id)} aria-label={t('layoutBuilder.grid.remove', { name })}>✕</ActionIcon>
        </Group>
      </Group>
      <div className={classes.preview} inert>
        <BlockFrame block={block} context={context} />
      </div>
    </div>
  );
});
