/** One task of My Tasks: name, status, the date that matters, and the way to answer or see it. */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Task } from '../../../../schemas/form-api.ts';
import { formatDateTime } from '../../../lib/dates/format.ts';
import type { Language } from '../../../lib/languages.ts';
import { QUESTIONNAIRES } from '../texts.ts';

const STATUS_COLOURS: Record<Task['status'], string> = {
  available: 'info', ongoing: 'info', completed: 'positive', expired: 'gray', upcoming: 'gray', free: 'secondary',
};

interface Props {
  task: Task;
  timeZone: string;
  /** Answer (or continue) the task. */
  answerHref?: string;
  /** See the response of a completed task. */
  responseHref?: string;
  /** Upcoming: how many more occurrences follow this one. */
  more?: number;
}

export function TaskItem({ task, timeZone, answerHref, responseHref, more }: Props) {
  const { t, i18n } = useTranslation(QUESTIONNAIRES);
  const when = (iso: string | undefined) => (iso ? formatDateTime(iso, i18n.language as Language, timeZone) : '');
  const dateLine = task.late ? t('questionnaires.tasks.lateUntil', { date: when(task.limitAt) })
    : task.status === 'available' || task.status === 'ongoing' ? t('questionnaires.tasks.answerBefore', { date: when(task.endAt) })
    : task.status === 'upcoming' ? t('questionnaires.tasks.opensOn', { date: when(task.startAt) })
    : task.status === 'completed' || task.status === 'expired' ? t('questionnaires.tasks.of', { date: when(task.startAt) })
    : t('questionnaires.tasks.freeHint');
  return (
    <Paper withBorder radius="md" p="sm" data-task-status={task.status} data-late={task.late || undefined}>
      {/* The button goes under the text when both do not fit (390 px): never cut ("Répo"). */}
      <Group justify="space-between" wrap="wrap" gap="sm" align="center">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap="xs">
            <Text fw={600}>{task.name}</Text>
            {task.late
              ? <Badge color="negative" variant="filled">{t('questionnaires.tasks.late')}</Badge>
              : <Badge color={STATUS_COLOURS[task.status]} variant="light">{t(`blocks.taskStatus.${task.status}`)}</Badge>}
          </Group>
          <Text size="sm" c={task.late ? 'negative.8' : 'dimmed'}>{dateLine}</Text>
          {more ? <Text size="xs" c="dimmed">{t('questionnaires.tasks.more', { count: more })}</Text> : null}
        </Stack>
        {answerHref && (
          <Button component={Link} to={answerHref} size="sm" variant={task.late ? 'filled' : 'light'} color={task.late ? 'negative' : undefined} style={{ flexShrink: 0 }}>
            {t(task.status === 'ongoing' ? 'questionnaires.tasks.continue' : 'questionnaires.tasks.answer')}
          </Button>
        )}
        {responseHref && <Button component={Link} to={responseHref} size="sm" variant="subtle" style={{ flexShrink: 0 }}>{t('questionnaires.tasks.seeResponse')}</Button>}
      </Group>
    </Paper>
  );
}
