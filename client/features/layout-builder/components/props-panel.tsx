/** The selected block's props, in a form generated from its props schema (rjsf, Mantine widgets). */
import { CloseButton, Group, Text, Title } from '@mantine/core';
import Form from '@rjsf/mantine';
import { TranslatableString, type RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutBlock } from '../../../../schemas/layout.ts';
import type { BlockType } from '../../../../schemas/blocks/index.ts';
import { BLOCK_EDITING } from '../../../blocks/editing.ts';
import { blockNameKey } from '../../../blocks/index.ts';
import { propsValidator } from '../validators/props-validator.ts';
import { uiSchemaFor } from './ui-schema.ts';
import { LAYOUT_BUILDER } from '../texts.ts';

interface Props { block: LayoutBlock; onChange(props: Record<string, unknown>): void; onClose(): void }

export function PropsPanel({ block, onChange, onClose }: Props) {
  const { t, i18n } = useTranslation(LAYOUT_BUILDER);
  const editing = BLOCK_EDITING[block.type as BlockType];
  const uiSchema = useMemo(() => editing && uiSchemaFor(editing.propsSchema, t), [editing, t]);
  const translateString = (key: TranslatableString, params?: string[]) => {
    const name = Object.entries(TranslatableString).find(([, v]) => v === key)?.[0];
    const text = name ? t(`layoutBuilder.rjsf.${name}`, { defaultValue: key }) : key;
    return (params ?? []).reduce((s, p, i) => s.replace(`%${i + 1}`, p), text);
  };
  return (
    <aside aria-labelledby="props-title">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" id="props-title">{t('layoutBuilder.props.title')} · {t(blockNameKey(block.type))}</Title>
        <CloseButton onClick={onClose} aria-label={t('layoutBuilder.props.close')} />
      </Group>
      {!editing && <Text size="sm" c="dimmed">{t('layout.unknownBlock', { type: block.type })}</Text>}
      {editing && (
        <Form
          key={`${block.id}:${i18n.language}`}
          schema={editing.propsSchema as RJSFSchema}
          uiSchema={uiSchema}
          formData={block.props}
          validator={propsValidator(block.type as BlockType, editing.propsSchema, i18n.language)}
          onChange={(event) => onChange(event.formData as Record<string, unknown>)}
          liveValidate
          showErrorList={false}
          noHtml5Validate
          translateString={translateString}
        />
      )}
    </aside>
  );
}
