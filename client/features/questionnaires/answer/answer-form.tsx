/**
 * Answering one task: the questionnaire in its language, the draft kept in the browser, the
 * send with the server's verdicts (wrong answers on their questions, the late-forms choice,
 * a questionnaire that can no longer be answered).
 */
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Task } from '../../../../schemas/form-api.ts';
import { createCfworkerValidator, toJsonValue } from '../../../lib/json-schema-form/cfworker-validator.ts';
import { formatNumber, upTo } from '../../../lib/i18n/use-number.ts';
import { useLanguageTexts } from '../../../lib/json-schema-form/use-language-texts.ts';
import { formatDateTime } from '../../../lib/dates/format.ts';
import type { Language } from '../../../lib/languages.ts';
import { notify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import type { FormVersion } from '../api/get-form.ts';
import { useSendResponse } from '../api/send-response.ts';
import { startResponse } from '../api/start-response.ts';
import { localizeDefinition } from '../definition/localize.ts';
import { questionTitle } from '../definition/question-title.ts';
import { surveyHref } from '../definition/route-params.ts';
import { UploadTracker, useUploadsInProgress } from '../files/upload-tracker.ts';
import { olderLateTasks } from '../tasks/task-groups.ts';
import { ErrorSummary, type SummaryItem } from './error-summary.tsx';
import { LateFormsDialog } from './late-forms-dialog.tsx';
import { QuestionnaireForm } from './questionnaire-form.tsx';
import { errorSchemaOf, sendOutcome, type AnswerProblem, type BlockedReason, type ClosedCode } from './send-errors.ts';
import { formProblems, liveProblems, standingServerProblems, type ServerVerdict } from './summary-sync.ts';
import { useDraft } from './use-draft.ts';
import { QUESTIONNAIRES } from '../texts.ts';

interface Props {
  patientFileId: string;
  patientFileIndex: number;
  userId: string;
  timeZone: string;
  task: Task;
  tasks: Task[];
  version: FormVersion;
  language: Language;
}

type Problem = 'retry' | 'session' | 'uploading' | BlockedReason;

export function AnswerForm({ patientFileId, patientFileIndex, userId, timeZone, task, tasks, version, language }: Props) {
  const { t: tUi, i18n } = useTranslation(QUESTIONNAIRES);
  const { t } = useLanguageTexts(language, [QUESTIONNAIRES]);
  const navigate = useNavigate();
  const form = useMemo(() => localizeDefinition(version.definition, language), [version.definition, language]);
  const properties = (version.definition.schema as { properties?: Record<string, unknown> }).properties;
  const draft = useDraft({ userId, patientFileId, formId: task.formId, occurrenceId: task.occurrenceId }, version.version, properties);
  const [formData, setFormData] = useState<Record<string, unknown>>(() => draft.initial?.answers ?? {});
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>();
  const [triedOnce, setTriedOnce] = useState(false);
  const [closed, setClosed] = useState<ClosedCode>();
  const [problem, setProblem] = useState<Problem>();
  const [lateOpen, setLateOpen] = useState(false);
  /** The answers to correct after the last refused send; `fromServer`: the summary takes the focus. */
  const [summary, setSummary] = useState<{ items: SummaryItem[]; fromServer: boolean }>({ items: [], fromServer: false });
  const held = useRef<Record<string, unknown>>({});
  const verdict = useRef<ServerVerdict | undefined>(undefined);
  // The form's validator, to keep the summary in step with the answers once it is shown.
  const liveValidator = useMemo(() => {
    return createCfworkerValidator(t, (n) => formatNumber(language, n, upTo(6)));
  }, [t, language]);
  const touched = useRef(false);
  const uploads = useMemo(() => new UploadTracker(), []);
  const uploading = useUploadsInProgress(uploads) > 0;
  const send = useSendResponse(patientFileId);
  const tasksHref = paths.patient.myTasks.getHref({ patientFileIndex });
  const older = useMemo(() => olderLateTasks(tasks, task), [tasks, task]);

  useEffect(() => {
    startResponse(patientFileId, { formId: task.formId, ...(task.occurrenceId ? { occurrenceId: task.occurrenceId } : {}) }).catch((error: unknown) => {
      const outcome = sendOutcome(error, t);
      if (outcome.kind === 'closed') setClosed(outcome.code);
    });
    // Once per task: starting again would only find the same ongoing response.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [patientFileId, task.formId, task.occurrenceId]);

  const summaryOf = (problems: AnswerProblem[]): SummaryItem[] =>
    problems.map((p) => ({ path: p.path, message: p.message, title: p.title ?? questionTitle(form, p.path) }));

  /** rjsf's errors (`.episodes.0.severity`) as the summary's items. */
  function refusedByForm(errors: RJSFValidationError[]) {
    setTriedOnce(true);
    setSummary({
      items: summaryOf(formProblems(errors, t('questionnaires.answer.invalidAnswer'))),
      fromServer: false,
    });
  }

  /** Once refused: a corrected question leaves the summary, the server's errors leave a changed answer. */
  function followAnswers(data: Record<string, unknown>) {
    const server = standingServerProblems(verdict.current, data);
    const own = formProblems(liveValidator.validateFormData(data, form.schema).errors, t('questionnaires.answer.invalidAnswer'));
    setExtraErrors(server.length ? errorSchemaOf(server) : undefined);
    setSummary({ items: summaryOf(liveProblems(server, own)), fromServer: false });
  }

  function submit(answers: Record<string, unknown>, skipEarlierLate = false) {
    if (uploading) { setProblem('uploading'); return; }
    setProblem(undefined);
    setSummary({ items: [], fromServer: false });
    verdict.current = undefined;
    held.current = answers;
    send.mutate({ formId: task.formId, ...(task.occurrenceId ? { occurrenceId: task.occurrenceId } : {}), answers: toJsonValue(answers) as Record<string, unknown>, skipEarlierLate }, {
      onSuccess: () => {
        draft.clear();
        setLateOpen(false);
        void notify({ message: tUi('questionnaires.answer.sent'), color: 'positive' });
        void navigate(tasksHref);
      },
      onError: (error) => {
        const outcome = sendOutcome(error, t);
        if (outcome.kind === 'fields') {
          verdict.current = { answers, problems: outcome.problems };
          setExtraErrors(outcome.errorSchema); setTriedOnce(true); setSummary({ items: summaryOf(outcome.problems), fromServer: true });
        }
        else if (outcome.kind === 'olderLate') setLateOpen(true);
        else if (outcome.kind === 'closed') { draft.clear(); setLateOpen(false); setClosed(outcome.code); }
        else if (outcome.kind === 'blocked') setProblem(outcome.reason);
        else setProblem(outcome.kind);
      },
    });
  }

  if (closed) {
    return (
      <Alert color="warning" variant="light" role="alert" title={tUi(`questionnaires.closed.${closed}.title`)}>
        <Stack gap="xs">
          <Text size="sm">{tUi(`questionnaires.closed.${closed}.text`)}</Text>
          <Anchor component={Link} to={tasksHref} size="sm">{tUi('questionnaires.backToTasks')}</Anchor>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      {task.late && task.limitAt && (
        <Alert color="warning" variant="light" title={tUi('questionnaires.answer.lateTitle')}>
          {tUi('questionnaires.answer.lateText', { limit: formatDateTime(task.limitAt, i18n.language as Language, timeZone) })}
        </Alert>
      )}
      {draft.initial && (
        <Alert color="info" variant="light" data-testid="draft-restored">
          {tUi('questionnaires.answer.draftRestored', { date: formatDateTime(draft.initial.savedAt, i18n.language as Language, timeZone) })}
        </Alert>
      )}
      <ErrorSummary items={summary.items} t={t} language={language} focus={summary.fromServer} />
      <QuestionnaireForm
        form={form}
        formData={formData}
        onChange={(data) => { setFormData(data); if (touched.current) draft.save(data); if (triedOnce) followAnswers(data); }}
        onUserInput={() => { touched.current = true; }}
        onSubmit={(data) => submit(data)}
        onError={refusedByForm}
        liveValidate={triedOnce}
        extraErrors={extraErrors}
        uploads={uploads}
      >
        {problem && (
          <Alert color={problem === 'uploading' ? 'info' : 'negative'} variant="light" role="alert" data-problem={problem}>{t(`questionnaires.answer.problem.${problem}`)}</Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending} disabled={uploading}>{t('questionnaires.answer.send')}</Button>
        </Group>
      </QuestionnaireForm>
      <LateFormsDialog
        opened={lateOpen}
        older={older}
        timeZone={timeZone}
        sending={send.isPending}
        onClose={() => setLateOpen(false)}
        onAnswerOldest={() => { setLateOpen(false); void navigate(surveyHref(patientFileIndex, older[0]!)); }}
        onContinue={() => submit(held.current, true)}
      />
    </Stack>
  );
}
