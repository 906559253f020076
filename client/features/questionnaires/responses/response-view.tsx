/**
 * A questionnaire response, read-only, always with the version it was answered in (issue 5 §3):
 * who answered (and whether a caregiver did), when, and the computed values the server stored.
 */
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates/format.ts';
import { directionOf, type Language } from '../../../lib/languages.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { QuestionnaireForm } from '../answer/questionnaire-form.tsx';
import { useFormResponse } from '../api/get-response.ts';
import { formLanguage, localizeDefinition } from '../definition/localize.ts';
import { QueryState } from '../../../lib/ui/query-state.tsx';
import { QUESTIONNAIRES } from '../texts.ts';

export function ResponseView({ responseId, timeZone, homeHref }: { responseId: string; timeZone: string; homeHref: string }) {
  const { t, i18n } = useTranslation(QUESTIONNAIRES);
  const response = useFormResponse(responseId);
  const language = response.data ? formLanguage(response.data.definition, i18n.language) : (i18n.language as Language);
  const form = useMemo(() => (response.data ? localizeDefinition(response.data.definition, language) : undefined), [response.data, language]);
  const patientFileId = response.data?.patientFileId;
  const fileUrl = useMemo(() => (patientFileId ? (fileId: string) => `/api/patient_files/${patientFileId}/files/${fileId}/download` : undefined), [patientFileId]);
  usePageTitle(form?.name ?? t('screens.formResponse'));
  if (!response.isSuccess || !form) return <QueryState query={response} homeHref={homeHref} />;
  const r = response.data;
  const ui = i18n.language as Language;
  return (
    <Stack gap="md" maw={760} data-testid="form-response">
      <Title order={1} size="h2" lang={language} dir={directionOf(language)}>{form.name}</Title>
      <Group gap="xs">
        <Badge variant="light" color="secondary">{t('questionnaires.response.version', { version: r.version })}</Badge>
        {r.answeredByCaregiver && <Badge variant="light" color="warning">{t('questionnaires.response.byCaregiver')}</Badge>}
      </Group>
      <Text size="sm">
        {r.answeredAt ? t('questionnaires.response.answeredAt', { date: formatDateTime(r.answeredAt, ui, timeZone) }) : null}
        {r.answeredBy ? ` · ${t('questionnaires.response.answeredBy', { name: r.answeredBy })}` : null}
      </Text>
      {r.limitAt && <Text size="xs" c="dimmed">{t('questionnaires.response.limitAt', { date: formatDateTime(r.limitAt, ui, timeZone) })}</Text>}
      <QuestionnaireForm form={form} formData={(r.answers ?? {}) as Record<string, unknown>} storedComputed={r.computed} fileUrl={fileUrl} readOnly />
    </Stack>
  );
}
