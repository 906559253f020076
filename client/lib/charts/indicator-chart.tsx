/**
 * The shared indicator chart (issue 11 §6): a screen passes series, thresholds and reference
 * value (types.ts); echarts is loaded lazily with the first chart (echarts-view.tsx), the option
 * is built by chart-options.ts in the interface's language, time zone and direction. For screen
 * readers the canvas is an image named by `label`, and "See the values" opens the values as a
 * table (every point the server sent, newest first, with the thresholds and reference value).
 */
import { Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDates } from '../dates/use-dates.ts';
import { isolated, operatorSign } from '../i18n/quantity.ts';
import { exactly, numberFormat } from '../i18n/use-number.ts';
import type { Language } from '../languages.ts';
import { buildChartOptions } from './chart-options.ts';
import { CHARTS } from './texts.ts';
import type { IndicatorChartProps } from './types.ts';

const EchartsView = lazy(() => import('./echarts-view.tsx'));

const K = 'charts';

export function IndicatorChart(props: IndicatorChartProps) {
  const { t } = useTranslation(CHARTS);
  const { language, timeZone } = useDates();
  const [showValues, setShowValues] = useState(false);
  const tableId = useId();
  const height = props.height ?? 240;
  const option = useMemo(
    () => buildChartOptions(props, { language, timeZone, referenceLabel: t(`${K}.reference`) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.series, props.thresholds, props.reference, props.chartType, props.from, props.to, language, timeZone, t],
  );
  const empty = props.series.every((s) => s.points.length === 0);

  return (
    <Stack gap={4} data-testid="indicator-chart">
      <div role="img" aria-label={props.label} style={{ position: 'relative', minHeight: height }}>
        {empty && <Center style={{ position: 'absolute', inset: 0, zIndex: 1, pointerEvents: 'none' }}><Text c="dimmed" size="sm">{t(`${K}.empty`)}</Text></Center>}
        <Suspense fallback={<Center h={height}><Loader size="sm" aria-label={t(`${K}.loading`)} /></Center>}>
          <EchartsView option={option} height={height} onPainted={props.onPainted} />
        </Suspense>
      </div>
      {props.reference && (
        <Text size="xs" c="dimmed" data-testid="indicator-chart-reference">
          <span aria-hidden style={{ display: 'inline-block', width: 20, verticalAlign: 'middle', borderTop: '2px dashed currentColor', marginInlineEnd: 6 }} />
          {t(`${K}.referenceKey`, { value: referenceText(props, language) })}
        </Text>
      )}
      {!empty && props.valuesTable !== false && (
        <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }} aria-expanded={showValues} aria-controls={tableId} onClick={() => setShowValues((v) => !v)}>
          {t(showValues ? `${K}.hideValues` : `${K}.showValues`)}
        </Button>
      )}
      {showValues && <ValuesTables id={tableId} {...props} />}
    </Stack>
  );
}

/** The reference value with its series' decimals and unit, as one left-to-right block. */
function referenceText({ reference, series }: IndicatorChartProps, language: Language): string {
  const s = series[reference?.seriesIndex ?? 0];
  if (!reference || !s) return '';
  return isolated(`${numberFormat(language, exactly(s.decimals)).format(reference.value)} ${s.unit}`);
}

function ValuesTables({ id, series, thresholds, reference }: IndicatorChartProps & { id: string }) {
  const { t } = useTranslation(CHARTS);
  const dates = useDates();
  return (
    <Stack id={id} gap="sm">
      {series.map((s, index) => {
        const format = numberFormat(dates.language, exactly(s.decimals));
        const own = (thresholds ?? []).filter((th) => (th.seriesIndex ?? 0) === index);
        return (
          <Table key={s.name} striped withTableBorder captionSide="top" data-testid="indicator-chart-values">
            <Table.Caption>{t(`${K}.valuesOf`, { name: s.name })}</Table.Caption>
            {(own.length > 0 || (reference && (reference.seriesIndex ?? 0) === index)) && (
              <Table.Tbody>
                {reference && (reference.seriesIndex ?? 0) === index && (
                  <Table.Tr><Table.Th scope="row">{t(`${K}.reference`)}</Table.Th><Table.Td>{isolated(`${format.format(reference.value)} ${s.unit}`)}</Table.Td></Table.Tr>
                )}
                {own.map((th, i) => (
                  <Table.Tr key={i}><Table.Th scope="row">{t(`${K}.thresholds`)}</Table.Th><Table.Td>{t(`${K}.threshold`, { label: th.label ?? '', value: isolated(`${operatorSign(th.operator)} ${format.format(th.value)} ${s.unit}`) })}</Table.Td></Table.Tr>
                ))}
              </Table.Tbody>
            )}
            <Table.Thead><Table.Tr><Table.Th>{t(`${K}.date`)}</Table.Th><Table.Th>{t(`${K}.value`)} ({s.unit})</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {[...s.points].reverse().map((p) => (
                <Table.Tr key={p.at}><Table.Td>{dates.dateTime(p.at, 'short')}</Table.Td><Table.Td>{isolated(format.format(p.value))}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        );
      })}
    </Stack>
  );
}
