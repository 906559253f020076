/**
 * The Questionnaires tab of the patient file (issue 10 §4): the file's questionnaires with their
 * planning and status and every change to them (questionnaires feature), then the responses list,
 * folded in as a section of the same tab rather than a second tab.
 */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FileQuestionnaires } from '../../features/questionnaires/file-questionnaires/file-questionnaires.tsx';
import { FormResponsesList } from '../../lib/form-responses/form-responses-list.tsx';
import { QUESTIONNAIRES } from '../../features/questionnaires/texts.ts';
import { paths } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import type { PatientFileTabProps } from './tab.ts';

export default function QuestionnairesTab({ file, structureIndex }: PatientFileTabProps) {
  const { t } = useTranslation(QUESTIONNAIRES);
  usePageTitle(t('questionnaires.fileForms.tab'));
  return (
    <Stack gap="md">
      <Stack gap="xs" component="section" aria-labelledby="file-questionnaires-title">
        <Title order={2} size="h3" id="file-questionnaires-title">{t('questionnaires.fileForms.tab')}</Title>
        <FileQuestionnaires
          patientFileId={file.id} establishmentId={file.service.establishment.id} readOnly={file.status !== 'OPEN'}
          homeHref={paths.professional.home.getHref({ structureIndex })}
        />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="file-responses-title">
        <Title order={2} size="h3" id="file-responses-title">{t('questionnaires.responses.tab')}</Title>
        <FormResponsesList patientFileId={file.id}
          responseHref={(formResponseId) => paths.professional.patientFileFormResponse.getHref({ structureIndex, patientFileId: file.id, formResponseId })} />
      </Stack>
    </Stack>
  );
}
