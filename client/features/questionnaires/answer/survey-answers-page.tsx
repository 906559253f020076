/**
 * `survey-answers/:id/:free?/:locale?` (spec 000 §2): fill in a questionnaire; back leads to
 * My Tasks. The task is found among the file's tasks (its status and dates), then the current
 * version of its questionnaire is loaded.
 */
import { Alert, Anchor, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePatientArea } from '../../../lib/areas.ts';
import { useSessionData } from '../../../lib/session/use-session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { paths } from '../../../lib/paths.ts';
import { directionOf, type Language } from '../../../lib/languages.ts';
import { useFormVersion } from '../api/get-form.ts';
import { useTasks } from '../../../blocks/shared/api/get-tasks.ts';
import { formLanguage, textIn } from '../definition/localize.ts';
import { findTask, parseSurveyParams, surveyHref } from '../definition/route-params.ts';
import { AnswerForm } from './answer-form.tsx';
import { NotFound, QueryError } from '../../../lib/ui/query-error.tsx';
import { QUESTIONNAIRES } from '../texts.ts';

export function SurveyAnswersPage() {
  const { t, i18n } = useTranslation(QUESTIONNAIRES);
  const navigate = useNavigate();
  const params = useParams();
  const { me } = useSessionData();
  const { index, patientFile } = usePatientArea();
  const target = parseSurveyParams(params);
  const tasks = useTasks(patientFile.id);
  const task = tasks.data && target ? findTask(tasks.data, target) : undefined;
  const version = useFormVersion(patientFile.id, task && task.status !== 'completed' && task.status !== 'expired' && task.status !== 'upcoming' ? task.formId : undefined);
  const language = version.data ? formLanguage(version.data.definition, i18n.language, target?.locale) : (i18n.language as Language);
  const name = version.data ? (textIn(version.data.definition.name as never, language) ?? task?.name) : task?.name;
  usePageTitle(name ?? t('screens.surveyAnswers'));
  const tasksHref = paths.patient.myTasks.getHref({ patientFileIndex: index });

  let body: React.ReactNode;
  if (tasks.isPending || (task && version.isPending && version.fetchStatus !== 'idle')) body = <Loader aria-label={t('loading.text')} />;
  else if (tasks.isError) body = <QueryError error={tasks.error} onRetry={() => void tasks.refetch()} homeHref={paths.patient.home.getHref({ patientFileIndex: index })} />;
  else if (version.isError) body = <QueryError error={version.error} onRetry={() => void version.refetch()} homeHref={paths.patient.home.getHref({ patientFileIndex: index })} />;
  else if (!task) body = <NotFound homeHref={paths.patient.home.getHref({ patientFileIndex: index })} />;
  else if (task.status === 'completed' || task.status === 'expired' || task.status === 'upcoming') {
    body = <Alert color="info" variant="light">{t(`questionnaires.answer.status.${task.status}`)}</Alert>;
  } else if (version.data) {
    body = (
      <AnswerForm
        key={`${task.formId}:${task.occurrenceId ?? ''}:${language}`}
        patientFileId={patientFile.id} patientFileIndex={index} userId={me.id} timeZone={me.timezone}
        task={task} tasks={tasks.data} version={version.data} language={language}
      />
    );
  }

  const languages = (version.data?.definition.languages ?? []) as Language[];
  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={tasksHref} size="sm">{t('placeholder.back', { screen: t('screens.myTasks') })}</Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2" lang={language} dir={directionOf(language)}>{name ?? t('screens.surveyAnswers')}</Title>
        {task && languages.length > 1 && (
          <SegmentedControl
            size="xs" value={language} aria-label={t('questionnaires.answer.formLanguage')}
            data={languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            onChange={(l) => void navigate(surveyHref(index, task, l as Language), { replace: true })}
          />
        )}
      </Group>
      {body}
    </Stack>
  );
}

export const Component = SurveyAnswersPage;
