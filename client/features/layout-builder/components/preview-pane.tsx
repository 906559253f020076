/** The page as another role sees it: the read-only grid with that role's visibleFor filtering. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LayoutDocument } from '../../../../schemas/layout.ts';
import type { BlockContext } from '../../../blocks/index.ts';
import { LayoutGrid } from '../../../layout-engine/layout-grid.tsx';
import { previewViewer, type PreviewRole } from './preview-roles.ts';
import { LAYOUT_BUILDER } from '../texts.ts';

export function PreviewPane({ document, role, context, onBack }: { document: LayoutDocument; role: PreviewRole; context: BlockContext; onBack(): void }) {
  const { t } = useTranslation(LAYOUT_BUILDER);
  return (
    <>
      <Alert variant="light" color="info" p="xs" data-preview-as={role}>
        <Group justify="space-between">
          <Text size="sm">{t('layoutBuilder.preview.banner', { role: t(`layoutBuilder.roles.${role}`) })}</Text>
          <Button size="xs" variant="default" onClick={onBack}>{t('layoutBuilder.preview.back')}</Button>
        </Group>
      </Alert>
      <LayoutGrid layout={document} context={context} viewer={previewViewer(role)} />
    </>
  );
}
