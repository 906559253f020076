/**
 * The context of an alert batch, `/s/:structureIndex/alerts-batch/:id` (issue 11 §4): the values
 * that raised it, each indicator's chart around them with its thresholds as bands and its
 * reference value as a line (the shared IndicatorChart), the questionnaire response that carried
 * them, the file's recent history, and for each alert its status, its comments (a thread, oldest
 * first, each with its author and time) and close. Thresholds in force that raise nothing
 * (relative, no reference value: issue 18) are said above their chart.
 */
import { Anchor, Box, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AlertBatchContext } from '../../../schemas/alerts.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { useAlertStatuses } from '../../lib/api/catalogue.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { IndicatorChart } from '../../lib/charts/index.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { paths } from '../../lib/paths.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { AlertActions } from './alert-actions.tsx';
import { useAlertBatch } from './api/alert-batch.ts';
import { alertReason, alertValue, measuredLate } from './describe-alert.ts';
import { LevelBadge } from './level-badge.tsx';
import { ALERTS } from './texts.ts';
import { historySentence, historyWho } from '../../lib/history/sentences.ts';
import { PATIENT_FILE_HISTORY } from '../../lib/history/texts.ts';

function IndicatorCharts({ context }: { context: AlertBatchContext }) {
  const { t } = useTranslation(ALERTS);
  const { day, language } = useDates();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {context.indicators.map(({ indicator, from, to, measures, boundaries, referenceValue }) => {
        const name = textIn(indicator.name, language) ?? indicator.reference;
        return (
          <Card key={indicator.id} withBorder padding="sm">
            <Text fw={600} mb="xs">{name}</Text>
            {boundaries.some((b) => b.state === 'inactive') && (
              <Text size="sm" fw={600} mb="xs" data-testid="inactive-thresholds"
                style={{ borderInlineStart: '4px solid var(--mantine-color-warning-filled)', paddingInlineStart: 8 }}>
                {t('alerts.batch.inactiveThresholds', { count: boundaries.filter((b) => b.state === 'inactive').length })}
              </Text>
            )}
            {measures.length === 0 ? <Text c="dimmed">{t('alerts.batch.noMeasures')}</Text> : (
              <IndicatorChart label={t('alerts.batch.chartLabel', { indicator: name, from: day(from), to: day(to) })} from={from} to={to}
                series={[{ name, unit: indicator.unitSymbol, decimals: indicator.decimals, points: measures.map((m) => ({ at: m.measuredAt, value: m.value })) }]}
                thresholds={boundaries.flatMap((b) => (b.threshold === null ? [] : [{ colour: b.level.colour, operator: b.operator, value: b.threshold, label: textIn(b.level.name, language) }]))}
                reference={referenceValue === null ? null : { value: referenceValue, label: t('alerts.batch.reference') }} />
            )}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

export function AlertBatchPage() {
  const { id = '' } = useParams();
  const { structure, index: structureIndex } = useStructureArea();
  const { t } = useTranslation(ALERTS);
  const { t: tHistory } = useTranslation(PATIENT_FILE_HISTORY);
  const { dateTime, calendarDate, language } = useDates();
  const batch = useAlertBatch(id);
  const statuses = useAlertStatuses(structure.id);
  const context = batch.data;
  const patientName = context ? `${context.patient.firstName} ${context.patient.lastName}` : '';
  usePageTitle(context ? t('alerts.batch.title', { patient: patientName }) : t('alerts.title'));
  if (!context) return <QueryState query={batch} loadingLabel={t('alerts.title')} homeHref={paths.professional.home.getHref({ structureIndex })} />;
  const fileHref = (currentTab?: string) => paths.professional.patientFile.getHref({ structureIndex, patientFileId: context.patientFile.id, ...(currentTab ? { currentTab } : {}) });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2"><bdi>{t('alerts.batch.title', { patient: patientName })}</bdi></Title>
          <Text c="dimmed">
            {[context.patient.birthDate ? t('alerts.born', { date: calendarDate(context.patient.birthDate) }) : '', context.patientFile.service.name,
              t('alerts.batch.raisedAt', { date: dateTime(context.createdAt) })].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Group gap="sm">
          <Anchor component={Link} to={paths.professional.alerts.getHref({ structureIndex })}>{t('alerts.batch.back')}</Anchor>
          <Anchor component={Link} to={fileHref()} fw={600}>{t('alerts.batch.openFile')}</Anchor>
        </Group>
      </Group>

      <Stack gap="sm" component="section" aria-labelledby="alert-values">
        <Title order={2} size="h3" id="alert-values">{t('alerts.batch.values')}</Title>
        {context.alerts.map((alert) => (
          <Card key={alert.id} withBorder padding="md" data-testid={`alert-${alert.id}`}>
            <Stack gap="sm">
              <Group gap="sm" wrap="wrap">
                <LevelBadge colour={alert.level?.colour}>{alert.level ? textIn(alert.level.name, language) ?? '' : t('alerts.noLevel')}</LevelBadge>
                <Text fw={600}>{alertReason(alert, t, language)}</Text>
                {alert.measure && <Text fw={700}>{alertValue(alert, language)}</Text>}
                {alert.measure && (measuredLate(alert)
                  ? <Text size="sm" fw={600}>{t('alerts.measuredLate', { date: dateTime(alert.measure.measuredAt), received: dateTime(alert.raisedAt) })}</Text>
                  : <Text c="dimmed" size="sm">{dateTime(alert.measure.measuredAt)}</Text>)}
              </Group>
              {alert.alertStatus && <Text size="sm">{t('alerts.batch.alertStatus')} : {textIn(alert.alertStatus.name, language)}</Text>}
              {alert.comments.length > 0 && (
                <Stack gap={6} component="ol" aria-label={t('alerts.batch.comments')} m={0} p={0} style={{ listStyle: 'none' }} data-testid={`alert-comments-${alert.id}`}>
                  {alert.comments.map((comment) => (
                    <Box component="li" key={comment.id}>
                      <Text size="xs" c="dimmed">{t('alerts.batch.commentedBy', { date: dateTime(comment.createdAt), name: comment.author?.name ?? t('alerts.batch.unknownAuthor') })}</Text>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{comment.text}</Text>
                    </Box>
                  ))}
                </Stack>
              )}
              {alert.updatedAt && alert.updatedBy && alert.status === 'PENDING' && (
                <Text size="xs" c="dimmed">{t('alerts.batch.commentBy', { date: dateTime(alert.updatedAt), name: alert.updatedBy.name })}</Text>
              )}
              <AlertActions alert={alert} statuses={statuses.data ?? []} fileOpen={context.patientFile.status === 'OPEN'} />
            </Stack>
          </Card>
        ))}
      </Stack>

      {context.indicators.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="alert-charts">
          <Title order={2} size="h3" id="alert-charts">{t('alerts.batch.charts')}</Title>
          <IndicatorCharts context={context} />
        </Stack>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs" component="section" aria-labelledby="alert-response">
          <Title order={2} size="h3" id="alert-response">{t('alerts.batch.response')}</Title>
          {context.response ? (
            <Anchor component={Link} to={paths.professional.patientFileFormResponse.getHref({ structureIndex, patientFileId: context.patientFile.id, formResponseId: context.response.id })}>
              {t('alerts.batch.responseLink', { form: context.response.formName, date: context.response.answeredAt ? dateTime(context.response.answeredAt) : '' })}
            </Anchor>
          ) : <Text c="dimmed">{t('alerts.batch.noResponse')}</Text>}
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="alert-history">
          <Group justify="space-between">
            <Title order={2} size="h3" id="alert-history">{t('alerts.batch.history')}</Title>
            <Anchor component={Link} to={fileHref('history')} size="sm">{t('alerts.batch.openFile')}</Anchor>
          </Group>
          {context.history.length === 0 ? <Text c="dimmed">{t('alerts.batch.noHistory')}</Text> : (
            <List spacing={4} size="sm">
              {context.history.map((entry) => (
                <List.Item key={entry.id}>
                  {dateTime(entry.occurredAt)} · {historySentence(entry, tHistory, language)} · {historyWho(entry, tHistory)}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

export const Component = AlertBatchPage;
