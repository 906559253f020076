/**
 * The back office's indicators (`/s/:structureIndex/indicators`, issue 11 §1): the establishment's
 * indicators in the list pattern (searched, sorted and paged on the server, the state in the
 * address), created and edited in a form with their default thresholds; the same screen manages
 * indicator types and units in its other tabs.
 */
import { Badge, Button, ColorSwatch, Group, Stack, Tabs, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INDICATOR_SORT_FIELDS, type Indicator } from '../../../schemas/catalogue.ts';
import { sortValues, type SortOf } from '../../../schemas/common.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import { ListSearchInput } from '../../lib/ui/data-table/list-search-input.tsx';
import type { ListDefinition } from '../../lib/ui/data-table/list-state.ts';
import { useListState } from '../../lib/ui/data-table/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useIndicatorPage, useIndicatorTypes, useInterventionLevels, useUnits } from './api/catalogue.ts';
import { IndicatorForm } from './indicator-form.tsx';
import { swatchColour } from './level-swatch.tsx';
import { CATALOGUE } from './texts.ts';
import { IndicatorTypesSection, UnitsSection } from './type-and-unit-sections.tsx';

type Sort = SortOf<(typeof INDICATOR_SORT_FIELDS)[number]>;
export const indicatorList: ListDefinition<Sort, 'q'> = { sorts: sortValues(INDICATOR_SORT_FIELDS), defaultSort: 'name', filters: ['q'] };

const column = createColumnHelper<Indicator>();

function useColumns(establishmentId: string) {
  const { t, i18n } = useTranslation(CATALOGUE);
  const types = useIndicatorTypes(establishmentId).data;
  const units = useUnits(establishmentId).data;
  const levels = useInterventionLevels(establishmentId).data;
  return useMemo(() => {
    const name = (n: Indicator['name'] | undefined) => (n ? textIn(n, i18n.language) ?? n.fr : '');
    return [
      column.accessor((i) => name(i.name), { id: 'name', header: t('catalogue.indicators.columns.name'), cell: (c) => <bdi>{c.getValue()}</bdi> }),
      column.accessor('reference', { id: 'reference', header: t('catalogue.indicators.columns.reference'), cell: (c) => <bdi dir="ltr">{c.getValue()}</bdi> }),
      column.accessor((i) => name(types?.find((x) => x.id === i.typeId)?.name), { id: 'type', header: t('catalogue.indicators.columns.type') }),
      column.accessor((i) => units?.find((u) => u.id === i.unitId)?.symbol ?? '', { id: 'unit', header: t('catalogue.indicators.columns.unit'), cell: (c) => <bdi dir="ltr">{c.getValue()}</bdi> }),
      column.accessor('referenceValue', { id: 'referenceValue', header: t('catalogue.indicators.columns.referenceValue'), cell: (c) => c.getValue() ?? '—' }),
      column.accessor('boundaries', {
        id: 'thresholds', header: t('catalogue.indicators.columns.thresholds'),
        cell: (c) => (
          <Group gap={4} wrap="nowrap">
            {c.getValue().map((b) => {
              const colour = levels?.find((l) => l.id === b.levelId)?.colour;
              return colour ? <ColorSwatch key={b.id} color={swatchColour(colour)} size={10} /> : null;
            })}
            <span>{t('catalogue.indicators.thresholdCount', { count: c.getValue().length })}</span>
          </Group>
        ),
      }),
      column.accessor('visibleToPatients', {
        id: 'visible', header: t('catalogue.indicators.columns.visible'),
        cell: (c) => <Badge variant="light" color={c.getValue() ? 'blue' : 'gray'} tt="none">{t(c.getValue() ? 'catalogue.common.yes' : 'catalogue.common.no')}</Badge>,
      }),
    ];
  }, [t, i18n.language, types, units, levels]);
}

function IndicatorsTab({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(CATALOGUE);
  const list = useListState(indicatorList);
  const search = list.filters.q[0];
  const query = useIndicatorPage(establishmentId, {
    page: list.page, pageSize: list.pageSize as 15, sort: list.sort, ...(search ? { search: search.slice(0, 100) } : {}),
  });
  const columns = useColumns(establishmentId);
  const [editing, setEditing] = useState<Indicator | 'new' | null>(null);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <ListSearchInput list={list} filter="q" label={t('catalogue.indicators.search')} w={320} />
        <Button onClick={() => setEditing('new')}>{t('catalogue.indicators.new')}</Button>
      </Group>
      <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.id} label={t('catalogue.indicators.tableLabel')}
        emptyText={t('catalogue.indicators.empty')} onOpen={(row) => setEditing(row)} />
      {editing && <IndicatorForm establishmentId={establishmentId} indicator={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

export function IndicatorsPage() {
  const { structure } = useStructureArea();
  const { t } = useTranslation(CATALOGUE);
  usePageTitle(t('catalogue.indicators.title'));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">{t('catalogue.indicators.title')}</Title>
      <Tabs defaultValue="indicators" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="indicators">{t('catalogue.indicators.tabs.indicators')}</Tabs.Tab>
          <Tabs.Tab value="types">{t('catalogue.indicators.tabs.types')}</Tabs.Tab>
          <Tabs.Tab value="units">{t('catalogue.indicators.tabs.units')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="indicators" pt="md"><IndicatorsTab establishmentId={structure.id} /></Tabs.Panel>
        <Tabs.Panel value="types" pt="md"><IndicatorTypesSection establishmentId={structure.id} /></Tabs.Panel>
        <Tabs.Panel value="units" pt="md"><UnitsSection establishmentId={structure.id} /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export const Component = IndicatorsPage;
