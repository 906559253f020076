/**
 * The alerts of the structure, `/s/:structureIndex/alerts` (issue 11 §4): pending and closed
 * alerts of the files the professional may open, filtered by state (pending by default), level,
 * service, patient and period, sorted and paged on the server, the list's state in the address.
 * Each level is a badge in its alert colour; a row opens the batch's context. A live alert makes
 * the list stale (client/lib/live invalidates alertKeys.all).
 */
import { Group, MultiSelect, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import 'dayjs/locale/ar';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fr';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AlertRow } from '../../../schemas/alerts.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { alertListQueryOptions } from '../../lib/alerts/get-alerts.ts';
import { useInterventionLevels } from '../../lib/api/catalogue.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { dateInputFormat } from '../../lib/dates/calendar-input.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import type { Language } from '../../lib/languages.ts';
import { paths } from '../../lib/paths.ts';
import { DataTable } from '../../lib/ui/data-table/data-table.tsx';
import { ListSearchInput } from '../../lib/ui/data-table/list-search-input.tsx';
import { useListState, type ListControls } from '../../lib/ui/data-table/use-list-state.ts';
import { TruncatedText } from '../../lib/ui/truncated-text.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { alertReason, alertValue, measuredLate } from './describe-alert.ts';
import { LevelBadge } from './level-badge.tsx';
import { ALERT_STATUS_CHOICES, alertList, alertQuery, statusChoice, type AlertFilter } from './list-definition.ts';
import { ALERTS } from './texts.ts';

const DAYJS_LOCALES: Record<Language, string> = { fr: 'fr', en: 'en-gb', ar: 'ar' };
const column = createColumnHelper<AlertRow>();

function useAlertColumns() {
  const { t } = useTranslation(ALERTS);
  const { dateTime, language } = useDates();
  return useMemo(() => [
    column.accessor((row) => row.level?.rank ?? null, {
      id: 'level', header: t('alerts.columns.level'),
      cell: ({ row: { original } }) => (
        <LevelBadge colour={original.level?.colour}>{original.level ? textIn(original.level.name, language) ?? '' : t('alerts.noLevel')}</LevelBadge>
      ),
    }),
    column.accessor((row) => `${row.patient.lastName} ${row.patient.firstName}`, {
      id: 'patientName', header: t('alerts.columns.patient'),
      cell: ({ row: { original } }) => <TruncatedText fw={600} maw={240}>{`${original.patient.firstName} ${original.patient.lastName}`}</TruncatedText>,
    }),
    column.display({ id: 'what', header: t('alerts.columns.what'), cell: ({ row: { original } }) => alertReason(original, t, language) }),
    column.display({
      id: 'value', header: t('alerts.columns.value'),
      cell: ({ row: { original } }) => (
        <>
          <Text component="span" fw={600}>{alertValue(original, language)}</Text>
          {original.measure && measuredLate(original) && (
            // Received is the "raised on" column beside it.
            <Text size="xs" c="dimmed">{t('alerts.measuredOn', { date: dateTime(original.measure.measuredAt) })}</Text>
          )}
        </>
      ),
    }),
    column.accessor('raisedAt', { id: 'raisedAt', header: t('alerts.columns.raisedAt'), cell: (c) => dateTime(c.getValue()) }),
    column.accessor('status', {
      id: 'state', header: t('alerts.columns.status'),
      cell: ({ row: { original } }) => {
        const state = t(`alerts.status.${original.status}`);
        const why = original.systemStatus ? t(`alerts.systemStatus.${original.systemStatus}`) : original.alertStatus ? textIn(original.alertStatus.name, language) : undefined;
        return why ? `${state} · ${why}` : state;
      },
    }),
    column.accessor('service.name', { id: 'service', header: t('alerts.columns.service'), cell: (c) => <TruncatedText maw={200}>{c.getValue()}</TruncatedText> }),
  ], [t, dateTime, language]);
}

function AlertFilters({ list, establishmentId, services }: { list: ListControls<string, AlertFilter>; establishmentId: string; services: { id: string; name: string }[] }) {
  const { t } = useTranslation(ALERTS);
  const { language } = useDates();
  const levels = useInterventionLevels(establishmentId);
  const from = list.filters.from[0] ?? null;
  const to = list.filters.to[0] ?? null;
  return (
    <Stack gap="xs">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4} role="group" aria-labelledby="alert-status-filter">
          <Text id="alert-status-filter" size="sm" fw={500}>{t('alerts.filters.status')}</Text>
          <SegmentedControl value={statusChoice(list)} data-testid="alert-status"
            onChange={(value) => list.setFilter('status', value === 'PENDING' ? [] : [value])}
            data={ALERT_STATUS_CHOICES.map((choice) => ({ value: choice, label: t(`alerts.status.${choice}`) }))} />
        </Stack>
        <MultiSelect label={t('alerts.filters.level')} placeholder={list.filters.level.length ? undefined : t('alerts.filters.anyLevel')} clearable w={{ base: '100%', sm: 260 }}
          data={(levels.data ?? []).map((level) => ({ value: level.id, label: textIn(level.name, language) ?? '' }))}
          value={list.filters.level} onChange={(values) => list.setFilter('level', values)} data-testid="alert-levels" />
        {services.length > 1 && (
          <Select label={t('alerts.filters.service')} placeholder={t('alerts.filters.anyService')} clearable w={{ base: '100%', sm: 240 }}
            data={services.map((s) => ({ value: s.id, label: s.name }))} value={list.filters.service[0] ?? null}
            onChange={(value) => list.setFilter('service', value ? [value] : [])} data-testid="alert-service" />
        )}
        <DatePickerInput type="range" allowSingleDateInRange label={t('alerts.filters.dates')} placeholder={t('alerts.filters.anyDate')}
          locale={DAYJS_LOCALES[language]} valueFormat={dateInputFormat(language)} clearable
          value={[from, to]} onChange={([start, end]) => {
            list.setFilter('from', start ? [String(start).slice(0, 10)] : []);
            list.setFilter('to', end ? [String(end).slice(0, 10)] : []);
          }}
          w={{ base: '100%', sm: 280 }} data-testid="alert-dates" />
      </Group>
      <ListSearchInput list={list} filter="patient" label={t('alerts.filters.patient')} placeholder={t('alerts.filters.patientPlaceholder')} maw={420} data-testid="alert-patient" />
    </Stack>
  );
}

export function AlertsPage() {
  const { structure, index: structureIndex } = useStructureArea();
  const { t } = useTranslation(ALERTS);
  const navigate = useNavigate();
  usePageTitle(t('alerts.title'));
  const list = useListState(alertList);
  const query = useQuery(alertListQueryOptions(structure.id, alertQuery(list)));
  const columns = useAlertColumns();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">{t('alerts.title')}</Title>
      <AlertFilters list={list} establishmentId={structure.id} services={structure.services} />
      <DataTable list={list} columns={columns} query={query} getRowId={(row) => row.id} label={t('alerts.tableLabel')}
        emptyText={t('alerts.empty')} homeHref={paths.professional.home.getHref({ structureIndex })}
        onOpen={(row) => void navigate(paths.professional.alertsBatch.getHref({ structureIndex, id: row.batchId }))} />
    </Stack>
  );
}

export const Component = AlertsPage;
