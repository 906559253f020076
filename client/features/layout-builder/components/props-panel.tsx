/** The selected block's props, in the application's schema form (lib/json-schema-form) built from its props schema. */
import { CloseButton, Group, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutBlock } from '../../../../schemas/layout.ts';
import type { BlockType } from '../../../../schemas/blocks/index.ts';
import { BLOCK_EDITING } from '../../../blocks/editing.ts';
import { blockNameKey } from '../../../blocks/index.ts';
import { SchemaForm } from '../../../lib/json-schema-form/schema-form.tsx';
import { uiSchemaFor } from './ui-schema.ts';
import { LAYOUT_BUILDER } from '../texts.ts';

interface Props { block: LayoutBlock; onChange(props: Record<string, unknown>): void; onClose(): void }

export function PropsPanel({ block, onChange, onClose }: Props) {
  const { t } = useTranslation(LAYOUT_BUILDER);
  const editing = BLOCK_EDITING[block.type as BlockType];
  const uiSchema = useMemo(() => editing && uiSchemaFor(editing.propsSchema, t), [editing, t]);
  return (
    <aside aria-labelledby="props-title">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" id="props-title">{t('layoutBuilder.props.title')} · {t(blockNameKey(block.type))}</Title>
        <CloseButton onClick={onClose} aria-label={t('layoutBuilder.props.close')} />
      </Group>
      {!editing && <Text size="sm" c="dimmed">{t('layout.unknownBlock', { type: block.type })}</Text>}
      {editing && <SchemaForm key={block.id} schema={editing.propsSchema} uiSchema={uiSchema} value={block.props} onChange={onChange} />}
    </aside>
  );
}
