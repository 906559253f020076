/**
 * The History tab of the professional's patient file (issue 10 §4): every entry of the file,
 * newest first, a page at a time (GET /patient_files/{id}/history), each as a sentence of its
 * kind with who did it and for whom; filtered by kinds (grouped) and by a period of days of the
 * user's time zone. Paging and filters live in the address (useListState), so Back and a shared
 * address show the same page.
 */
import 'dayjs/locale/ar';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fr';
import { Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_KINDS } from '../../../schemas/history.ts';
import type { HistoryEntry } from '../../../schemas/patient-file-history.ts';
import { dateInputFormat } from '../../lib/dates/calendar-input.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import type { Language } from '../../lib/languages.ts';
import { paths } from '../../lib/paths.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import { useListState, type ListControls } from '../../lib/ui/data-table/use-list-state.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { usePatientFileHistory } from './api/get-history.ts';
import { historyList, historyQuery, type HistoryFilter } from './list-definition.ts';
import { groupedKinds, historySentence, historyWho } from '../../lib/history/sentences.ts';
import { PATIENT_FILE_HISTORY } from '../../lib/history/texts.ts';

const DAYJS_LOCALES: Record<Language, string> = { fr: 'fr', en: 'en-gb', ar: 'ar' };

export interface HistoryTabProps {
  file: { id: string };
  structureIndex: number;
}

export default function HistoryTab({ file, structureIndex }: HistoryTabProps) {
  const { t } = useTranslation(PATIENT_FILE_HISTORY);
  usePageTitle(t('patientFileHistory.tab'));
  const list = useListState(historyList);
  const query = usePatientFileHistory(file.id, historyQuery(list));
  const columns = useHistoryColumns();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">{t('patientFileHistory.tab')}</Title>
      <HistoryFilters list={list} />
      <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.id} label={t('patientFileHistory.tableLabel')}
        emptyText={t('patientFileHistory.empty')} homeHref={paths.professional.home.getHref({ structureIndex })} minWidth={560} />
    </Stack>
  );
}

function useHistoryColumns(): ColumnDef<HistoryEntry, unknown>[] {
  const { t } = useTranslation(PATIENT_FILE_HISTORY);
  const { dateTime, language } = useDates();
  return useMemo(() => [
    {
      id: 'occurredAt', header: t('patientFileHistory.columns.when'),
      cell: ({ row }) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{dateTime(row.original.occurredAt, 'short')}</Text>,
    },
    {
      id: 'what', header: t('patientFileHistory.columns.what'),
      cell: ({ row }) => <Text size="sm" data-kind={row.original.kind}>{historySentence(row.original, t, language)}</Text>,
    },
    {
      id: 'who', header: t('patientFileHistory.columns.who'),
      cell: ({ row }) => <Text size="sm" c={row.original.actor ? undefined : 'dimmed'}>{historyWho(row.original, t)}</Text>,
    },
  ], [t, dateTime, language]);
}

function HistoryFilters({ list }: { list: ListControls<string, HistoryFilter> }) {
  const { t } = useTranslation(PATIENT_FILE_HISTORY);
  const { language } = useDates();
  const kinds = useMemo(() => groupedKinds(HISTORY_KINDS).map(({ group, kinds: own }) => ({
    group: t(`patientFileHistory.groups.${group}`),
    items: own.map((kind) => ({ value: kind, label: t(`patientFileHistory.kinds.${kind}`, { defaultValue: t('patientFileHistory.fallback') }) })),
  })), [t]);
  const from = list.filters.from[0] ?? null;
  const to = list.filters.to[0] ?? null;
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <MultiSelect label={t('patientFileHistory.filters.kinds')} placeholder={list.filters.kinds.length ? undefined : t('patientFileHistory.filters.anyKind')}
        data={kinds} value={list.filters.kinds} onChange={(values) => list.setFilter('kinds', values)}
        searchable clearable hidePickedOptions maxDropdownHeight={320} w={{ base: '100%', sm: 360 }} data-testid="history-kinds" />
      <DatePickerInput type="range" allowSingleDateInRange label={t('patientFileHistory.filters.dates')} placeholder={t('patientFileHistory.filters.anyDate')}
        locale={DAYJS_LOCALES[language]} valueFormat={dateInputFormat(language)} clearable
        value={[from, to]} onChange={([start, end]) => {
          // One change for both ends: the list's filters are set from the state as each lands.
          list.setFilter('from', start ? [String(start).slice(0, 10)] : []);
          list.setFilter('to', end ? [String(end).slice(0, 10)] : []);
        }}
        w={{ base: '100%', sm: 280 }} data-testid="history-dates" />
    </Group>
  );
}
