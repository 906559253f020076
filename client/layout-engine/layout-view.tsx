/**
 * A screen rendered from its layout: the page's title (the layout's, else the screen's name)
 * as the heading, then the grid. While the layout loads the heading is already there.
 */
import { Group, Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../lib/ui/query-error.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';
import type { BlockContext } from '../blocks/index.ts';
import { localize } from '../blocks/shared/layout-text.ts';
import { useLayout } from './api/get-layout.ts';
import { LayoutGrid } from './layout-grid.tsx';
import type { Viewer } from './visible-for.ts';

interface Props {
  page: string; context: BlockContext; viewer: Viewer; fallbackTitle: string; headingLevel?: 1 | 2;
  /** Beside the heading: the screen's own ways out, which no establishment's layout can remove. */
  actions?: ReactNode;
  /** Under the heading, before the blocks: the screen's own summary (the patient home's "To read"), which no layout can remove. */
  intro?: ReactNode;
}

export function LayoutView({ page, context, viewer, fallbackTitle, headingLevel = 1, actions, intro }: Props) {
  const { t, i18n } = useTranslation();
  const layout = useLayout(page, context.structureId);
  const title = localize(layout.data?.title, i18n.language) || fallbackTitle;
  usePageTitle(title);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={headingLevel} size="h2">{title}</Title>
        {actions}
      </Group>
      {intro}
      {layout.isPending && <Loader size="sm" aria-label={t('loading.text')} />}
      {layout.isError && <QueryError error={layout.error} onRetry={() => void layout.refetch()} homeHref={context.areaHref} />}
      {layout.data && <LayoutGrid layout={layout.data} context={context} viewer={viewer} />}
    </Stack>
  );
}
