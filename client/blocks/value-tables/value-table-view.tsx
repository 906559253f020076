/**
 * The value table (rows: days in the caller's time zone, newest first; columns: indicators; every
 * value of a day listed as stored, with its time, those that raised an alert in the alert's colour),
 * shared by the indicators tab and the summary's value-tables block.
 */
import { Badge, Group, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ValueTable } from '../../../schemas/value-tables.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { nameOf, valueText } from './format.ts';
import { VALUE_TABLES } from './texts.ts';

const K = 'valueTables';

export function ValueTableView({ table }: { table: ValueTable }) {
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
                      {values.map((v) => (
                        <Group key={v.id} gap={4} wrap="nowrap">
                          {v.alertColour
                            ? <Badge color={v.alertColour} variant="filled" tt="none" size="sm" title={t(`${K}.alerted`)} style={{ flexShrink: 0, overflow: 'visible' }}>
                                <bdi>{valueText(v.value, dates.language)}</bdi>
                              </Badge>
                            : <Text size="sm"><bdi>{valueText(v.value, dates.language)}</bdi></Text>}
                          <Text size="xs" c="dimmed"><time dateTime={v.measuredAt}>{dates.time(v.measuredAt)}</time></Text>
                          {v.alertColour && <VisuallyHidden>{t(`${K}.alerted`)}</VisuallyHidden>}
                        </Group>
                      ))}
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
