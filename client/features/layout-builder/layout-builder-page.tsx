/**
 * The interface editor (/s/:structureIndex/layout-builder): which page, whose layout (the
 * establishment's for its admins, one's own for operators and prescribers), then the editor.
 */
import { Alert, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EDITABLE_PAGES } from '../../../schemas/layout.ts';
import { holdsInStructure } from '../../lib/session/privileges.ts';
import { useSessionData } from '../../lib/session/use-session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useStructureLayoutContext } from '../../layout-engine/use-structure-layout-context.ts';
import type { LayoutScope } from './api/layout-scope.ts';
import { LayoutEditor } from './components/layout-editor.tsx';
import { useConfirm } from './components/use-confirm.tsx';
import { LAYOUT_BUILDER } from './texts.ts';

type EditablePage = (typeof EDITABLE_PAGES)[number];
const isEditablePage = (value: string | null): value is EditablePage => (EDITABLE_PAGES as readonly (string | null)[]).includes(value);

export function LayoutBuilderPage() {
  const { t } = useTranslation(LAYOUT_BUILDER);
  const { privileges } = useSessionData();
  const { context, structure } = useStructureLayoutContext();
  const [params, setParams] = useSearchParams();
  const page: EditablePage = isEditablePage(params.get('page')) ? params.get('page') as EditablePage : 'professional-dashboard';
  const scope: LayoutScope = holdsInStructure(privileges, structure.id, ['ADMIN_ESTABLISHMENT']) ? 'establishment' : 'personal';
  usePageTitle(t('layoutBuilder.title'));

  const { confirm, dialog } = useConfirm();
  const choosePage = async (next: string) => {
    if (next === page) return;
    if (document.querySelector('[data-unsaved]') && !await confirm({
      title: t('layoutBuilder.confirm.unsavedTitle'), message: t('layoutBuilder.versions.discard'), confirmLabel: t('layoutBuilder.confirm.leave'),
    })) return;
    setParams({ page: next }, { replace: true });
  };

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">{t('layoutBuilder.title')}</Title>
      <SegmentedControl
        value={page} onChange={(next) => void choosePage(next)} aria-label={t('layoutBuilder.pageLabel')} w="fit-content"
        data={EDITABLE_PAGES.map((p) => ({ value: p, label: t(`layoutBuilder.pages.${p}`) }))}
      />
      <Alert variant="light" color={scope === 'establishment' ? 'warning' : 'info'} p="xs" data-scope={scope}>
        <Text size="sm">{t(`layoutBuilder.scope.${scope}`, { name: structure.name })}</Text>
      </Alert>
      <LayoutEditor key={`${page}:${scope}:${structure.id}`} page={page} scope={scope} context={{ ...context, preview: true }} />
      {dialog}
    </Stack>
  );
}

export const Component = LayoutBuilderPage;
