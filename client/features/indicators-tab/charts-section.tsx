/**
 * The file's charts: each chart display drawn, with edit, exclude/restore and delete (confirmed);
 * an excluded chart stays listed, marked, and is no longer drawn. The form adds or edits one:
 * nothing preselected but the chart type (a choice with a harmless default), numbers as typed,
 * the server's messages on their fields.
 */
import { Alert, Badge, Button, Checkbox, Group, Modal, MultiSelect, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartDisplay } from '../../../schemas/chart-displays.ts';
import type { CustomizableIndicator } from '../../../schemas/customizable-indicators.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { useChartDisplays, useTabChange } from './api/indicators-tab.ts';
import { ChartCard, chartTitle } from '../../blocks/graphs/chart-card.tsx';
import { nameOf } from '../../blocks/value-tables/format.ts';
import { INDICATORS_TAB } from './texts.ts';

const K = 'indicatorsTab';

export function ChartsSection({ fileId, readOnly, indicators }: { fileId: string; readOnly: boolean; indicators: CustomizableIndicator[] }) {
  const { t, i18n } = useTranslation(INDICATORS_TAB);
  const charts = useChartDisplays(fileId);
  const change = useTabChange(fileId);
  const [editing, setEditing] = useState<ChartDisplay | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ChartDisplay | null>(null);
  const [now] = useState(() => Date.now());

  return (
    <Stack gap="sm" component="section" aria-labelledby="indicators-charts-title">
      <Group justify="space-between">
        <Title order={3} size="h4" id="indicators-charts-title">{t(`${K}.charts.title`)}</Title>
        {!readOnly && <Button size="xs" onClick={() => setEditing('new')}>{t(`${K}.charts.add`)}</Button>}
      </Group>
      <QueryState query={charts} loadingLabel={t(`${K}.loading`)} empty={t(`${K}.charts.empty`)} isEmpty={(d) => d.data.length === 0}>
        {({ data: rows }) => rows.map((chart) => {
          const title = chartTitle(chart, i18n.language);
          return (
            <Paper key={chart.id} withBorder p="sm" data-chart-display={chart.id} data-excluded={chart.excludedAt ? true : undefined}>
              <Group justify="space-between" align="flex-start" mb="xs">
                <Group gap="xs">
                  <Text fw={600} dir="auto">{title}</Text>
                  <Text size="sm" c="dimmed">{t(`${K}.charts.period`, { count: chart.periodDays })}</Text>
                  {chart.visibleToPatient && <Badge size="sm" variant="light" tt="none">{t(`${K}.charts.visibleToPatient`)}</Badge>}
                  {chart.excludedAt && <Badge size="sm" variant="light" color="warning" tt="none">{t(`${K}.charts.excluded`)}</Badge>}
                </Group>
                {!readOnly && (
                  <Group gap={4} role="group" aria-label={t(`${K}.charts.actions`, { title })}>
                    <Button size="compact-xs" variant="default" onClick={() => setEditing(chart)}>{t(`${K}.charts.edit`)}</Button>
                    <Button size="compact-xs" variant="default" onClick={() => change.mutate({ action: chart.excludedAt ? 'restoreChart' : 'excludeChart', chartDisplayId: chart.id })}>
                      {t(chart.excludedAt ? `${K}.charts.restore` : `${K}.charts.exclude`)}
                    </Button>
                    <Button size="compact-xs" variant="default" color="negative" onClick={() => setDeleting(chart)}>{t(`${K}.charts.delete`)}</Button>
                  </Group>
                )}
              </Group>
              {!chart.excludedAt && <ChartCard fileId={fileId} chart={chart} now={now} />}
            </Paper>
          );
        })}
      </QueryState>
      {editing && (
        <ChartForm
          indicators={indicators} chart={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)}
          pending={change.isPending} error={change.error}
          onSubmit={(body) => change.mutate(
            editing === 'new' ? { action: 'createChart', body } : { action: 'updateChart', chartDisplayId: editing.id, body },
            { onSuccess: () => setEditing(null) },
          )}
        />
      )}
      {deleting && (
        <Modal opened onClose={() => setDeleting(null)} title={t(`${K}.charts.confirmDelete`, { title: chartTitle(deleting, i18n.language) })}>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setDeleting(null)}>{t(`${K}.charts.cancel`)}</Button>
            <Button color="negative" onClick={() => { change.mutate({ action: 'deleteChart', chartDisplayId: deleting.id }); setDeleting(null); }}>
              {t(`${K}.charts.confirm`)}
            </Button>
          </Group>
        </Modal>
      )}
    </Stack>
  );
}

type ChartBody = { title: string | null; indicatorIds: string[]; chartType: 'line' | 'bar'; periodDays: number; visibleToPatient: boolean };

function ChartForm({ indicators, chart, onClose, onSubmit, pending, error }: {
  indicators: CustomizableIndicator[]; chart?: ChartDisplay; onClose(): void; onSubmit(body: ChartBody): void; pending: boolean; error: unknown;
}) {
  const { t, i18n } = useTranslation(INDICATORS_TAB);
  const [title, setTitle] = useState(chart?.title ?? '');
  const [ids, setIds] = useState<string[]>(chart?.indicators.map((i) => i.id) ?? []);
  const [chartType, setChartType] = useState<'line' | 'bar'>(chart?.chartType ?? 'line');
  const [period, setPeriod] = useState(chart ? String(chart.periodDays) : '');
  const [visible, setVisible] = useState(chart?.visibleToPatient ?? false);
  const [tried, setTried] = useState(false);
  const server = messagesByField(error);
  const idsError = tried && ids.length === 0 ? t(`${K}.form.required`) : undefined;
  const periodError = tried && !/^-?\d+$/.test(period.trim()) ? t(`${K}.form.periodRequired`) : undefined;
  const other = error && Object.keys(server).length === 0 ? (error as Error).message : undefined;

  return (
    <Modal opened onClose={onClose} title={t(chart ? `${K}.form.editTitle` : `${K}.form.addTitle`)} size="lg">
      <form noValidate onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (ids.length === 0 || !/^-?\d+$/.test(period.trim())) return;
        onSubmit({ title: title === '' ? null : title, indicatorIds: ids, chartType, periodDays: Number(period), visibleToPatient: visible });
      }}>
        <Stack gap="sm">
          <TextInput label={t(`${K}.form.title`)} description={t(`${K}.form.titleHint`)} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={server['body.title']} />
          <MultiSelect
            label={t(`${K}.form.indicators`)} required value={ids} onChange={setIds} searchable
            data={indicators.map((i) => ({ value: i.id, label: `${nameOf(i.name, i18n.language)} (${i.unit.symbol})` }))}
            error={idsError ?? server['body.indicatorIds'] ?? Object.entries(server).find(([f]) => f.startsWith('body.indicatorIds.'))?.[1]}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="chart-type-label">{t(`${K}.form.chartType`)}</Text>
            <SegmentedControl
              aria-labelledby="chart-type-label" value={chartType} onChange={(v) => setChartType(v as 'line' | 'bar')}
              data={[{ value: 'line', label: t(`${K}.form.line`) }, { value: 'bar', label: t(`${K}.form.bar`) }]}
            />
          </Stack>
          <TextInput
            label={t(`${K}.form.periodDays`)} description={t(`${K}.form.periodHint`)} required inputMode="numeric" dir="ltr"
            value={period} onChange={(e) => setPeriod(e.currentTarget.value)} error={periodError ?? server['body.periodDays']}
          />
          <Checkbox label={t(`${K}.form.visibleToPatient`)} checked={visible} onChange={(e) => setVisible(e.currentTarget.checked)} />
          {other && <Alert color="negative" variant="light" role="alert">{t(`${K}.failed`, { message: other })}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t(`${K}.form.cancel`)}</Button>
            <Button type="submit" loading={pending}>{t(`${K}.form.save`)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
