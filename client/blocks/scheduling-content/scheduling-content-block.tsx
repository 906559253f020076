/**
 * Scheduling and content of a patient file: its questionnaires to answer, from the real tasks
 * endpoint. Therapeutic content has no endpoint yet; outside a patient file there is no schedule.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { FromSchema } from 'json-schema-to-ts';
import { useTranslation } from 'react-i18next';
import type { schedulingContentProps } from '../../../schemas/blocks/domain.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { useTasks } from '../shared/api/get-tasks.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { EDITOR_NAMESPACE } from '../shared/editor-namespace.ts';
import { EmptyState } from '../shared/empty-state.tsx';
import { localize } from '../shared/layout-text.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import type { BlockComponentProps } from '../types.ts';

export default function SchedulingContentBlock({ props, context }: BlockComponentProps<FromSchema<typeof schedulingContentProps>>) {
  const { t, i18n } = useTranslation();
  const live = context.patientFileId && !context.preview ? context.patientFileId : undefined;
  const tasks = useTasks(live);
  const shown = (tasks.data ?? []).filter((task) => task.status !== 'completed' && task.status !== 'expired').slice(0, props.pageSize ?? 5);
  // The interface's language and the session's time zone, not the browser's.
  const dates = useDates();
  const date = (iso?: string) => (iso ? dates.day(iso) : '');
  return (
    <BlockCard title={localize(props.title, i18n.language) || t('blocks.types.scheduling-content')}>
      {!live && <EmptyState>{(context.preview ? t('layoutBuilder.previewNoData', { ns: EDITOR_NAMESPACE }) : t('blocks.patientFileOnly'))}</EmptyState>}
      {live && <QueryState query={tasks} homeHref={context.areaHref} />}
      {live && tasks.isSuccess && shown.length === 0 && <EmptyState>{t('blocks.nothingScheduled')}</EmptyState>}
      <Stack gap="xs">
        {shown.map((task) => (
          <Group key={task.occurrenceId ?? task.formId} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>{task.name}</Text>
            <Group gap={6} wrap="nowrap">
              {task.endAt && <Text size="xs" c="dimmed">{date(task.endAt)}</Text>}
              <Badge size="sm" variant="light" color={task.late ? 'warning' : 'info'}>{t(`blocks.taskStatus.${task.status}`)}</Badge>
            </Group>
          </Group>
        ))}
      </Stack>
    </BlockCard>
  );
}
