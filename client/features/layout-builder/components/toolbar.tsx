/** Undo, redo, preview as another role, versions, back to the template, save. */
import { Badge, Button, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PREVIEW_ROLES, type PreviewRole } from './preview-roles.ts';
import { LAYOUT_BUILDER } from '../texts.ts';

interface Props {
  canUndo: boolean; canRedo: boolean; dirty: boolean; busy: boolean;
  previewAs?: PreviewRole;
  onUndo(): void; onRedo(): void; onPreview(role?: PreviewRole): void; onVersions(): void; onReset(): void; onSave(): void;
}

export function Toolbar(props: Props) {
  const { t } = useTranslation(LAYOUT_BUILDER);
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" size="xs" onClick={props.onUndo} disabled={!props.canUndo}>{t('layoutBuilder.toolbar.undo')}</Button>
      <Button variant="default" size="xs" onClick={props.onRedo} disabled={!props.canRedo}>{t('layoutBuilder.toolbar.redo')}</Button>
      <NativeSelect
        size="xs" aria-label={t('layoutBuilder.toolbar.previewAs')} value={props.previewAs ?? ''}
        onChange={(e) => props.onPreview((e.currentTarget.value || undefined) as PreviewRole | undefined)}
        data={[
          { value: '', label: `${t('layoutBuilder.toolbar.previewAs')}…` },
          ...PREVIEW_ROLES.map((r) => ({ value: r, label: t(`layoutBuilder.roles.${r}`) })),
        ]}
      />
      <Button variant="default" size="xs" onClick={props.onVersions}>{t('layoutBuilder.toolbar.versions')}</Button>
      <Button variant="default" size="xs" onClick={props.onReset} disabled={props.busy}>{t('layoutBuilder.toolbar.reset')}</Button>
      <Badge variant="light" color={props.dirty ? 'warning' : 'positive'}>
        {t(props.dirty ? 'layoutBuilder.toolbar.unsaved' : 'layoutBuilder.toolbar.saved')}
      </Badge>
      <Button size="xs" onClick={props.onSave} disabled={!props.dirty || props.busy}>{t('layoutBuilder.toolbar.save')}</Button>
    </Group>
  );
}
