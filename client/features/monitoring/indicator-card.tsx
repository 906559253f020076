/**
 * One indicator on the monitoring screen: its last value, its chart over 7, 30, 90 or 365 days or
 * five years (a long follow-up seen whole; the server downsamples it in SQL) with
 * the thresholds in force and the reference value (the shared chart, client/lib/charts), and
 * its values, newest first, a few at a time — a value entered in error struck and said so, a value
 * she typed a few minutes ago with its "Correct" action (`onCorrect`, an open file).
 */
import { Badge, Button, Group, Pagination, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '../../../schemas/localized-text.ts';
import type { MeasureRow, MonitoredIndicator } from '../../../schemas/monitoring.ts';
import { chartReferenceOf, chartThresholdsOf, IndicatorChart } from '../../lib/charts/index.ts';
import { exactly, numberFormat, type NumberFormat } from '../../lib/i18n/use-number.ts';
import { isolated } from '../../lib/i18n/quantity.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { QueryError } from '../../lib/ui/query-error.tsx';
import { EnteredInErrorValue } from '../../lib/monitoring/entered-in-error.tsx';
import { useIndicatorSeries, useMeasures } from '../../lib/monitoring/queries.ts';
import { MONITORING } from './texts.ts';

const K = 'monitoring';
/** The chart's periods, in days; the longest one is named in years. */
export const PERIODS: readonly { days: number; years?: number }[] = [{ days: 7 }, { days: 30 }, { days: 90 }, { days: 365 }, { days: 5 * 365 + 1, years: 5 }];
const VALUES_PAGE_SIZE = 5;

export interface IndicatorCardProps {
  patientFileId: string;
  indicator: MonitoredIndicator;
  onEnter?: () => void;
  /** Correct one of her values (an open file); absent: no correction offered. */
  onCorrect?: (measure: MeasureRow) => void;
}

export function IndicatorCard({ patientFileId, indicator, onEnter, onCorrect }: IndicatorCardProps) {
  const { t } = useTranslation(MONITORING);
  const dates = useDates();
  const [days, setDays] = useState<number>(30);
  const series = useIndicatorSeries(patientFileId, indicator.id, days);
  const name = textIn(indicator.name, dates.language) ?? indicator.reference;
  const format = numberFormat(dates.language, exactly(indicator.decimals));
  const titleId = `indicator-${indicator.id}`;
  const years = PERIODS.find((p) => p.days === days)?.years;
  const chart = useMemo(() => series.data && ({
    series: [{ name, unit: indicator.unit.symbol, decimals: indicator.decimals, points: series.data.points }],
    thresholds: chartThresholdsOf(series.data, dates.language),
    reference: chartReferenceOf(series.data),
  }), [series.data, name, indicator, dates.language]);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-testid={`indicator-card-${indicator.reference}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={3} size="h4" id={titleId}>{name}</Title>
            {indicator.lastValue ? (
              <Text data-testid="last-value">
                <Text span size="xs" c="dimmed" display="block">{t(`${K}.lastValue`)}</Text>
                <Text span fw={700} size="xl">{isolated(`${format.format(indicator.lastValue.value)} ${indicator.unit.symbol}`)}</Text>{' '}
                <Text span size="sm" c="dimmed">{t(`${K}.measuredOn`, { date: dates.dateTime(indicator.lastValue.measuredAt, 'short') })}</Text>
              </Text>
            ) : <Text c="dimmed" size="sm" data-testid="last-value">{t(`${K}.noValue`)}</Text>}
          </div>
          {onEnter && <Button variant="light" size="xs" onClick={onEnter} aria-label={t(`${K}.enter.openFor`, { name })}>{t(`${K}.enter.open`)}</Button>}
        </Group>
        <SegmentedControl
          size="xs" aria-label={t(`${K}.period`)} value={String(days)} onChange={(v) => setDays(Number(v))}
          data={PERIODS.map((p) => ({ value: String(p.days), label: p.years ? t(`${K}.years`, { count: p.years }) : t(`${K}.days`, { count: p.days }) }))}
          style={{ alignSelf: 'flex-start' }}
        />
        {series.isError && <QueryError error={series.error} onRetry={() => void series.refetch()} />}
        {chart && (
          <IndicatorChart label={years ? t(`${K}.chartLabelYears`, { name, count: years }) : t(`${K}.chartLabel`, { name, count: days })} {...chart} from={series.data!.from} to={series.data!.to} height={220} valuesTable={false} />
        )}
        {series.data?.downsampled && <Text size="xs" c="dimmed">{t(`${K}.downsampled`, { shown: series.data.points.length, total: series.data.totalPoints })}</Text>}
        <ValuesList patientFileId={patientFileId} indicator={indicator} format={format} onCorrect={onCorrect} />
      </Stack>
    </Paper>
  );
}

function ValuesList({ patientFileId, indicator, format, onCorrect }: { patientFileId: string; indicator: MonitoredIndicator; format: NumberFormat; onCorrect?: (measure: MeasureRow) => void }) {
  const { t } = useTranslation(MONITORING);
  const dates = useDates();
  const [page, setPage] = useState(1);
  const measures = useMeasures(patientFileId, { indicatorId: indicator.id, page, pageSize: VALUES_PAGE_SIZE });
  const person = (p: MeasureRow['recordedBy']) => (p ? `${p.firstName} ${p.lastName}` : '');
  if (measures.isError) return <QueryError error={measures.error} onRetry={() => void measures.refetch()} />;
  if (!measures.data) return null;
  if (measures.data.totalItems === 0) return null;
  const pages = Math.ceil(measures.data.totalItems / VALUES_PAGE_SIZE);
  return (
    <Stack gap={4}>
      <Table striped captionSide="top" data-testid="indicator-values">
        <Table.Caption>{t(`${K}.values.title`)}</Table.Caption>
        <Table.Thead>
          <Table.Tr><Table.Th>{t(`${K}.values.date`)}</Table.Th><Table.Th>{t(`${K}.values.value`)}</Table.Th><Table.Th>{t(`${K}.values.by`)}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {measures.data.data.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{dates.dateTime(m.measuredAt, 'short')}</Table.Td>
              <Table.Td>
                {m.enteredInError ? <EnteredInErrorValue text={`${format.format(m.value)} ${m.unit.symbol}`} mark={m.enteredInError} /> : (
                  <Group gap="xs" wrap="wrap">
                    {isolated(`${format.format(m.value)} ${m.unit.symbol}`)}
                    {onCorrect && m.correctableUntil && (
                      <Button size="compact-xs" variant="light" onClick={() => onCorrect(m)}
                        aria-label={t(`${K}.correct.openFor`, { value: `${format.format(m.value)} ${m.unit.symbol}`, date: dates.dateTime(m.measuredAt, 'short') })}>
                        {t(`${K}.correct.open`)}
                      </Button>
                    )}
                  </Group>
                )}
              </Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color="gray" me={4}>{t(`${K}.sources.${m.source}`)}</Badge>
                {person(m.recordedBy)}{m.onBehalfOf && ` ${t(`${K}.values.onBehalf`, { name: person(m.onBehalfOf) })}`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
