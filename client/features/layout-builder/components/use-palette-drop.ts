/**
 * Dropping a palette block onto the grid with dnd-kit: by pointer, or by keyboard (Space, then
 * the arrows jump onto the grid and move cell by cell, Space drops). The cell is the one under
 * the dragged block's start corner.
 */
import {
  KeyboardSensor, PointerSensor, useSensor, useSensors,
  type Announcements, type DragEndEvent, type KeyboardCoordinateGetter, type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { useMemo, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { blockNameKey } from '../../../blocks/index.ts';
import { GRID_GAP } from '../../../layout-engine/layout-grid.tsx';
import { cellAt } from '../../../layout-engine/rgl-adapter.ts';
import { GRID_DROP_ID } from './editor-grid.tsx';
import { LAYOUT_BUILDER } from '../texts.ts';

const ARROWS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

interface Options { gridRef: MutableRefObject<HTMLDivElement | null>; cols: number; rowHeight: number; rtl: boolean; onDrop(type: string, cell: { x: number; y: number }): void }

export function usePaletteDrop({ gridRef, cols, rowHeight, rtl, onDrop }: Options) {
  const { t } = useTranslation(LAYOUT_BUILDER);
  const coordinateGetter: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
    const grid = gridRef.current?.getBoundingClientRect();
    const rect = context.collisionRect;
    if (!grid || !rect || !ARROWS.includes(event.code)) return undefined;
    event.preventDefault();
    const inside = rect.left >= grid.left - 1 && rect.top >= grid.top - 1 && rect.left < grid.right && rect.top < grid.bottom;
    if (!inside) {
      const left = rtl ? grid.right - rect.width : grid.left;
      return { x: currentCoordinates.x + left - rect.left, y: currentCoordinates.y + grid.top - rect.top };
    }
    const colStep = (grid.width - GRID_GAP * (cols - 1)) / cols + GRID_GAP;
    const rowStep = rowHeight + GRID_GAP;
    const steps: Record<string, [number, number]> = { ArrowLeft: [-colStep, 0], ArrowRight: [colStep, 0], ArrowUp: [0, -rowStep], ArrowDown: [0, rowStep] };
    const [dx, dy] = steps[event.code]!;
    return { x: currentCoordinates.x + dx, y: currentCoordinates.y + dy };
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const grid = gridRef.current?.getBoundingClientRect();
    const rect = active.rect.current.translated;
    const type = active.data.current?.type as string | undefined;
    if (over?.id !== GRID_DROP_ID || !grid || !rect || !type) return;
    const w = Number(active.data.current?.w ?? 1);
    onDrop(type, cellAt({ left: rect.left - grid.left, top: rect.top - grid.top }, { cols, rowHeight, margin: GRID_GAP, width: grid.width }, w, rtl));
  };

  const accessibility = useMemo(() => {
    const name = (id: string | number) => t(blockNameKey(String(id).replace(/^palette:/, '')));
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('layoutBuilder.dnd.pickedUp', { name: name(active.id) }),
      onDragOver: ({ active, over }) => t(over ? 'layoutBuilder.dnd.overGrid' : 'layoutBuilder.dnd.outside', { name: name(active.id) }),
      onDragEnd: ({ active, over }) => t(over ? 'layoutBuilder.dnd.dropped' : 'layoutBuilder.dnd.cancelled', { name: name(active.id) }),
      onDragCancel: ({ active }) => t('layoutBuilder.dnd.cancelled', { name: name(active.id) }),
    };
    const screenReaderInstructions: ScreenReaderInstructions = { draggable: t('layoutBuilder.dnd.instructions') };
    return { announcements, screenReaderInstructions };
  }, [t]);

  return { sensors, onDragEnd, accessibility };
}
