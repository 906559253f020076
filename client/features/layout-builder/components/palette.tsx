/** The block types of the page, to drag onto the grid (pointer or keyboard, dnd-kit) or add with a click. */
import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { blockNameKey } from '../../../blocks/index.ts';
import classes from './editor.module.css';
import { LAYOUT_BUILDER } from '../texts.ts';

export const paletteId = (type: string) => `palette:${type}`;

function PaletteItem({ type, w, onAdd }: { type: string; w: number; onAdd(type: string): void }) {
  const { t } = useTranslation(LAYOUT_BUILDER);
  const name = t(blockNameKey(type));
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: paletteId(type), data: { type, w } });
  return (
    <Group gap={4} wrap="nowrap" className={classes.paletteItem} data-dragging={isDragging || undefined}>
      <button type="button" ref={setNodeRef} className={classes.paletteHandle} data-palette-type={type} {...listeners} {...attributes}>
        <span aria-hidden className={classes.grip}>⠿</span>{name}
      </button>
      <ActionIcon variant="subtle" size="sm" onClick={() => onAdd(type)} aria-label={t('layoutBuilder.palette.add', { name })}>+</ActionIcon>
    </Group>
  );
}

export function Palette({ types, onAdd }: { types: readonly { type: string; w: number }[]; onAdd(type: string): void }) {
  const { t } = useTranslation(LAYOUT_BUILDER);
  return (
    <Stack gap={6} component="section" aria-labelledby="palette-title">
      <Title order={2} size="h4" id="palette-title">{t('layoutBuilder.palette.title')}</Title>
      <Text size="xs" c="dimmed">{t('layoutBuilder.palette.hint')}</Text>
      {types.map(({ type, w }) => <PaletteItem key={type} type={type} w={w} onAdd={onAdd} />)}
    </Stack>
  );
}
