/**
 * The file's value table and its settings {indicators, startDate}: the columns chosen (none: every
 * indicator) and the first day typed by hand (empty: the last 14 days), saved for the whole team.
 * On an open file each value that counts can be marked entered in error (MarkInErrorDialog).
 */
import { Alert, Button, Group, MultiSelect, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomizableIndicator } from '../../../schemas/customizable-indicators.ts';
import { nameOf } from '../../blocks/value-tables/format.ts';
import { ValueTableView } from '../../blocks/value-tables/value-table-view.tsx';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { calendarDateOf, CalendarDateInput, typedCalendarDate } from '../../lib/dates/calendar-date-input.tsx';
import { useDates } from '../../lib/dates/use-dates.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { useTabChange, useValueTable, useValueTableSettings } from './api/indicators-tab.ts';
import { MarkInErrorDialog, type Marking } from './mark-in-error-dialog.tsx';
import { INDICATORS_TAB } from './texts.ts';

const K = 'indicatorsTab';

export function ValueTableSection({ fileId, readOnly, indicators }: { fileId: string; readOnly: boolean; indicators: CustomizableIndicator[] }) {
  const { t } = useTranslation(INDICATORS_TAB);
  const { language } = useDates();
  const settings = useValueTableSettings(fileId);
  const table = useValueTable(fileId);
  const change = useTabChange(fileId);
  const [ids, setIds] = useState<string[]>([]);
  const [start, setStart] = useState('');
  useEffect(() => {
    if (settings.data) { setIds(settings.data.indicators); setStart(typedCalendarDate(settings.data.startDate, language)); }
  }, [settings.data, language]);
  const server = messagesByField(change.variables?.action === 'saveSettings' ? change.error : null);
  const [marking, setMarking] = useState<Marking | null>(null);
  const [marked, setMarked] = useState<string | null>(null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="indicators-table-title">
      <Title order={3} size="h4" id="indicators-table-title">{t(`${K}.table.title`)}</Title>
      {!readOnly && settings.data && (
        <Paper withBorder p="sm">
          <form noValidate aria-label={t(`${K}.table.settings`)} onSubmit={(e) => {
            e.preventDefault();
            change.mutate({ action: 'saveSettings', body: { indicators: ids, startDate: start.trim() === '' ? null : calendarDateOf(start, language) } });
          }}>
            <Group align="flex-end" wrap="wrap">
              <MultiSelect
                style={{ flex: 1, minWidth: 240 }} label={t(`${K}.table.indicators`)} description={t(`${K}.table.indicatorsHint`)}
                value={ids} onChange={setIds} searchable
                data={indicators.map((i) => ({ value: i.id, label: nameOf(i.name, language) }))}
                error={server['body.indicators'] ?? Object.entries(server).find(([f]) => f.startsWith('body.indicators.'))?.[1]}
              />
              <CalendarDateInput label={t(`${K}.table.startDate`)} value={start} onChange={setStart} error={server['body.startDate']} />
              <Button type="submit" loading={change.isPending && change.variables?.action === 'saveSettings'}>{t(`${K}.table.save`)}</Button>
            </Group>
          </form>
        </Paper>
      )}
      {marked && <Alert color="positive" variant="light" role="status">{marked}</Alert>}
      <QueryState query={table} loadingLabel={t(`${K}.loading`)}>
        {(data) => <ValueTableView table={data} onMark={readOnly ? undefined : (value, indicator) => { setMarked(null); setMarking({ value, indicator }); }} />}
      </QueryState>
      {marking && (
        <MarkInErrorDialog fileId={fileId} marking={marking} onClose={() => setMarking(null)}
          onDone={(message) => { setMarking(null); setMarked(message); }} />
      )}
    </Stack>
  );
}
