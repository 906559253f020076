/**
 * My Tasks (spec 000 §2): the questionnaires to answer with their status and limit date, late
 * ones first and flagged, then open, free, upcoming and past ones. Dates in the user's time zone.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePatientArea } from '../../../lib/areas.ts';
import { paths } from '../../../lib/paths.ts';
import { useSessionData } from '../../../lib/session/use-session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useResponses } from '../../../lib/form-responses/get-responses.ts';
import { useTasks } from '../../../blocks/shared/api/get-tasks.ts';
import { surveyHref } from '../definition/route-params.ts';
import { QueryState } from '../../../lib/ui/query-state.tsx';
import { groupTasks } from './task-groups.ts';
import { TaskItem } from './task-item.tsx';
import { QUESTIONNAIRES } from '../texts.ts';

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Stack gap="xs" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4">{title}</Title>
      {children}
    </Stack>
  );
}

export function MyTasksPage() {
  const { t } = useTranslation(QUESTIONNAIRES);
  const { me } = useSessionData();
  const { index, patientFile } = usePatientArea();
  usePageTitle(t('screens.myTasks'));
  const tasks = useTasks(patientFile.id);
  const responses = useResponses(patientFile.id);
  const groups = useMemo(() => groupTasks(tasks.data ?? []), [tasks.data]);
  const responseByOccurrence = useMemo(() => new Map((responses.data ?? []).filter((r) => r.occurrenceId).map((r) => [r.occurrenceId!, r.id])), [responses.data]);
  const responseHref = (id: string | undefined) => (id ? paths.patient.formResponse.getHref({ patientFileIndex: index, formResponseId: id }) : undefined);
  const zone = me.timezone;
  const nothing = !groups.late.length && !groups.open.length && !groups.free.length && !groups.upcoming.length && !groups.past.length;

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">{t('screens.myTasks')}</Title>
      <QueryState query={tasks} homeHref={paths.patient.home.getHref({ patientFileIndex: index })} />
      {tasks.isSuccess && nothing && <Alert variant="light" color="info">{t('questionnaires.tasks.empty')}</Alert>}
      {groups.late.length > 0 && (
        <Section title={t('questionnaires.tasks.groups.late')} testId="tasks-late">
          <Text size="sm">{t('questionnaires.tasks.lateHint')}</Text>
          {groups.late.map((task) => <TaskItem key={task.occurrenceId} task={task} timeZone={zone} answerHref={surveyHref(index, task)} />)}
        </Section>
      )}
      {groups.open.length > 0 && (
        <Section title={t('questionnaires.tasks.groups.open')} testId="tasks-open">
          {groups.open.map((task) => <TaskItem key={task.occurrenceId} task={task} timeZone={zone} answerHref={surveyHref(index, task)} />)}
        </Section>
      )}
      {groups.free.length > 0 && (
        <Section title={t('questionnaires.tasks.groups.free')} testId="tasks-free">
          {groups.free.map((task) => <TaskItem key={task.formId} task={task} timeZone={zone} answerHref={surveyHref(index, task)} />)}
        </Section>
      )}
      {groups.upcoming.length > 0 && (
        <Section title={t('questionnaires.tasks.groups.upcoming')} testId="tasks-upcoming">
          {groups.upcoming.map(({ task, more }) => <TaskItem key={task.occurrenceId} task={task} timeZone={zone} more={more} />)}
        </Section>
      )}
      {groups.past.length > 0 && (
        <Section title={t('questionnaires.tasks.groups.past')} testId="tasks-past">
          {groups.past.map((task) => (
            <TaskItem key={task.occurrenceId} task={task} timeZone={zone} responseHref={task.status === 'completed' ? responseHref(responseByOccurrence.get(task.occurrenceId!)) : undefined} />
          ))}
        </Section>
      )}
      {responses.data && responses.data.some((r) => !r.occurrenceId) && (
        <Section title={t('questionnaires.tasks.groups.freeAnswers')} testId="responses-free">
          {responses.data.filter((r) => !r.occurrenceId).slice(0, 10).map((r) => (
            <TaskItem key={r.id} timeZone={zone} responseHref={responseHref(r.id)}
              task={{ formId: r.formId, reference: '', name: r.formName, submissionType: 'FREE', status: 'completed', late: false, startAt: r.answeredAt ?? r.createdAt }} />
          ))}
        </Section>
      )}
    </Stack>
  );
}

export const Component = MyTasksPage;
