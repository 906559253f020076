/**
 * The value table (rows: days in the caller's time zone, newest first; columns: indicators; every
 * value of a day listed as stored, with its time, those that raised an alert in the alert's colour),
 * shared by the indicators tab and the summary's value-tables block. A value entered in error shows
 * struck, said in words, with who marked it, when and why; `onMark` (the indicators tab of an open
 * file) offers to mark a value that counts.
 */
import { ActionIcon, Badge, Group, ScrollArea, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IndicatorLabel } from '../../../schemas/chart-displays.ts';
import type { ValueTable, ValueTableValue } from '../../../schemas/value-tables.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { EnteredInErrorValue } from '../../lib/monitoring/entered-in-error.tsx';
import { nameOf, valueText } from './format.ts';
import { VALUE_TABLES } from './texts.ts';

const K = 'valueTables';

export function ValueTableView({ table, onMark }: { table: ValueTable; onMark?: (value: ValueTableValue, indicator: IndicatorLabel) => void }) {
  const { t } = useTranslation(VALUE_TABLES);
  const dates = useDates();
  const caption = t(`${K}.caption`, { from: dates.calendarDate(table.from), to: dates.calendarDate(table.to), timeZone: table.timeZone });
  return (
    // A table wider than its block scrolls: its viewport takes the focus so the keyboard scrolls it too.
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': caption }}>
      <Table striped withTableBorder withColumnBorders data-testid="value-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t(`${K}.day`)}</Table.Th>
            {table.indicators.map((i) => <Table.Th scope="col" key={i.id}>{`${nameOf(i.name, dates.language)} (${i.unitSymbol})`}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row) => (
            <Table.Tr key={row.date} data-date={row.date}>
              <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>{dates.calendarDate(row.date)}</Table.Th>
              {row.cells.map((values, index) => (
                <Table.Td key={table.indicators[index]!.id}>
                  {values.length === 0 ? <Text size="xs" c="dimmed" aria-label={t(`${K}.empty`)}>–</Text> : (
                    <Stack gap={2}>
                      {values.map((v) => {
                        const indicator = table.indicators[index]!;
                        const text = `${valueText(v.value, dates.language)} ${indicator.unitSymbol}`;
                        if (v.enteredInError) {
                          return (
                            <Group key={v.id} gap={4} wrap="nowrap" align="flex-start" data-measure={v.id}>
                              <EnteredInErrorValue text={valueText(v.value, dates.language)} mark={v.enteredInError} detailed />
                              <Text size="xs" c="dimmed"><time dateTime={v.measuredAt}>{dates.time(v.measuredAt)}</time></Text>
                            </Group>
                          );
                        }
                        const markLabel = t(`${K}.mark`, { value: text, time: dates.time(v.measuredAt) });
                        return (
                        <Group key={v.id} gap={4} wrap="nowrap" data-measure={v.id}>
                          {v.alertColour
                            ? <Badge color={v.alertColour} variant="filled" tt="none" size="sm" title={t(`${K}.alerted`)} style={{ flexShrink: 0, overflow: 'visible' }}>
                                <bdi>{valueText(v.value, dates.language)}</bdi>
                              </Badge>
                            : <Text size="sm"><bdi>{valueText(v.value, dates.language)}</bdi></Text>}
                          <Text size="xs" c="dimmed"><time dateTime={v.measuredAt}>{dates.time(v.measuredAt)}</time></Text>
                          {v.alertColour && <VisuallyHidden>{t(`${K}.alerted`)}</VisuallyHidden>}
                          {onMark && (
                            <Tooltip label={markLabel}>
                              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={markLabel} onClick={() => onMark(v, indicator)}>
                                <span aria-hidden="true">⊘</span>
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                        );
                      })}
                    </Stack>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
