/**
 * `surveys/:id/validation` (managers and super admins): the questionnaire as patients see it,
 * read-only, in any of its versions. The server has no validation request or decision for
 * questionnaires yet: the screen says so rather than offering buttons that do nothing.
 */
import { Alert, Badge, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime } from '../../../lib/dates/format.ts';
import type { Language } from '../../../lib/languages.ts';
import { useSessionData } from '../../../lib/session/use-session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { QuestionnaireForm } from '../answer/questionnaire-form.tsx';
import { useFormVersions } from '../api/get-form-versions.ts';
import { formLanguage, localizeDefinition } from '../definition/localize.ts';
import { QueryState } from '../../../lib/ui/query-state.tsx';
import { QUESTIONNAIRES } from '../texts.ts';

export function SurveyValidationPage() {
  const { t, i18n } = useTranslation(QUESTIONNAIRES);
  const { id } = useParams();
  const { me } = useSessionData();
  const versions = useFormVersions(id!);
  const [chosen, setChosen] = useState<string | null>(null);
  const entry = versions.data?.data.find((v) => String(v.version) === chosen) ?? versions.data?.data[0];
  const language = entry ? formLanguage(entry.definition, i18n.language) : (i18n.language as Language);
  const form = useMemo(() => (entry ? localizeDefinition(entry.definition, language) : undefined), [entry, language]);
  usePageTitle(form?.name ?? t('screens.surveyValidation'));
  const ui = i18n.language as Language;

  if (!versions.isSuccess) return <QueryState query={versions} loadingLabel={t('loading.text')} />;
  const current = versions.data.data.find((v) => v.current);
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">{form?.name}</Title>
      <Group gap="xs">
        <Badge variant="light" color="secondary">{t('questionnaires.validation.reference')} : {versions.data.reference}</Badge>
        <Badge variant="light">{t(`questionnaires.validation.types.${versions.data.submissionType}`)}</Badge>
        {current && <Badge variant="light" color="positive">{t('questionnaires.validation.currentVersion')} : {current.version}</Badge>}
      </Group>
      <Alert color="warning" variant="light" title={t('questionnaires.validation.noActionTitle')}>{t('questionnaires.validation.noAction')}</Alert>
      <Select
        label={t('questionnaires.validation.versions')}
        value={entry ? String(entry.version) : null}
        onChange={setChosen}
        allowDeselect={false}
        data={versions.data.data.map((v) => ({ value: String(v.version), label: t('questionnaires.validation.versionLine', { version: v.version, date: formatDateTime(v.createdAt, ui, me.timezone) }) }))}
        maw={360}
      />
      <Text fw={600}>{t('questionnaires.validation.preview')}</Text>
      {form && <QuestionnaireForm key={entry!.version} form={form} formData={{}} readOnly />}
    </Stack>
  );
}

export const Component = SurveyValidationPage;
