/**
 * `/s/:structureIndex/medical-protocols` (spec 000 §2, issue 11 §8): the establishment's
 * protocols in the list pattern (sorted by name or creation on the server, filtered by service
 * and archived state, all in the address); a row opens the protocol, "New protocol" its form.
 * A second tab (`?tab=education`) keeps each service's therapeutic content (education-tab.tsx):
 * the same people write a service's care plan and choose what its patients are given to read.
 */
import { Badge, Button, Group, Select, Stack, Switch, Tabs, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isUuid, sortValues } from '../../../schemas/common.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { PROTOCOL_SORT_FIELDS, type ProtocolRow } from '../../../schemas/protocols.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { paths } from '../../lib/paths.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import type { ListDefinition } from '../../lib/ui/data-table/list-state.ts';
import { useListState } from '../../lib/ui/data-table/use-list-state.ts';
import { TruncatedText } from '../../lib/ui/truncated-text.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useProtocolList, type ProtocolListQuery } from './api/protocols.ts';
import { EducationTab } from './education-tab.tsx';
import { PROTOCOLS } from './texts.ts';

type Sort = NonNullable<ProtocolListQuery['sort']>;
const protocolList: ListDefinition<Sort, 'service' | 'archived'> = { sorts: sortValues(PROTOCOL_SORT_FIELDS), defaultSort: 'name', filters: ['service', 'archived'] };
const column = createColumnHelper<ProtocolRow>();

const TABS = ['protocols', 'education'] as const;

export function ProtocolListPage() {
  const { t } = useTranslation(PROTOCOLS);
  usePageTitle(t('protocols.title'));
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'education' ? 'education' : 'protocols';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">{t('protocols.title')}</Title>
      <Tabs value={tab} keepMounted={false} onChange={(value) => setSearch(value === 'education' ? { tab: 'education' } : {})}>
        <Tabs.List>
          {TABS.map((value) => <Tabs.Tab key={value} value={value}>{t(`protocols.tabs.${value}`)}</Tabs.Tab>)}
        </Tabs.List>
        <Tabs.Panel value="protocols" pt="md"><ProtocolList /></Tabs.Panel>
        <Tabs.Panel value="education" pt="md"><EducationTab /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ProtocolList() {
  const { structure, index: structureIndex } = useStructureArea();
  const { t, i18n } = useTranslation(PROTOCOLS);
  const { day } = useDates();
  const navigate = useNavigate();
  const list = useListState(protocolList);
  const serviceId = list.filters.service.find(isUuid);
  const archived = list.filters.archived[0] === 'true';
  const query = useProtocolList(structure.id, {
    page: list.page, pageSize: list.pageSize as ProtocolListQuery['pageSize'], sort: list.sort, archived: archived ? 'true' : 'false', ...(serviceId ? { serviceId } : {}),
  });
  const columns = useMemo(() => [
    column.accessor((row) => textIn(row.name, i18n.language) ?? '', {
      id: 'name', header: t('protocols.columns.name'),
      cell: (c) => (
        <Group gap="xs" wrap="nowrap">
          <TruncatedText fw={600} maw={320}>{c.getValue()}</TruncatedText>
          {c.row.original.archivedAt && <Badge variant="light" color="gray" tt="none">{t('protocols.archivedBadge')}</Badge>}
        </Group>
      ),
    }),
    column.accessor((row) => row.services.map((s) => s.name).join(', '), { id: 'services', header: t('protocols.columns.services'), cell: (c) => <TruncatedText maw={260}>{c.getValue()}</TruncatedText> }),
    column.accessor('formsCount', { id: 'formsCount', header: t('protocols.columns.forms') }),
    column.accessor('indicatorsCount', { id: 'indicatorsCount', header: t('protocols.columns.indicators') }),
    column.accessor('createdAt', { id: 'createdAt', header: t('protocols.columns.createdAt'), cell: (c) => day(c.getValue()) }),
  ], [t, i18n.language, day]);
  const open = (medicalProtocolId: string) => void navigate(paths.professional.medicalProtocol.getHref({ structureIndex, medicalProtocolId }));
  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm">
        <Button component={Link} to={paths.professional.medicalProtocol.getHref({ structureIndex, medicalProtocolId: 'new' })}>{t('protocols.new')}</Button>
      </Group>
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Select label={t('protocols.serviceFilter')} placeholder={t('protocols.allServices')} clearable w={260}
          data={structure.services.map((s) => ({ value: s.id, label: s.name }))} value={serviceId ?? null}
          onChange={(value) => list.setFilter('service', value ? [value] : [])} />
        <Switch label={t('protocols.showArchived')} checked={archived} onChange={(e) => list.setFilter('archived', e.currentTarget.checked ? ['true'] : [])} mb={6} />
      </Group>
      <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.id} label={t('protocols.tableLabel')}
        emptyText={t('protocols.empty')} homeHref={paths.professional.home.getHref({ structureIndex })} onOpen={(row) => open(row.id)} />
    </Stack>
  );
}

export const Component = ProtocolListPage;
