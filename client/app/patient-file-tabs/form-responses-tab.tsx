/** The questionnaire responses of the file (the questionnaires feature's list), under its heading. */
import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormResponsesList } from '../../features/questionnaires/responses/form-responses-list.tsx';
import { QUESTIONNAIRES } from '../../features/questionnaires/texts.ts';
import { paths } from '../../lib/paths.ts';
import { useSessionData } from '../../lib/session/use-session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import type { PatientFileTabProps } from './tab.ts';

export default function FormResponsesTab({ file, structureIndex }: PatientFileTabProps) {
  const { t } = useTranslation(QUESTIONNAIRES);
  const { me } = useSessionData();
  usePageTitle(t('questionnaires.responses.tab'));
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={paths.professional.patientFiles.getHref({ structureIndex })} size="sm">
        {t('placeholder.back', { screen: t('screens.patientFiles') })}
      </Anchor>
      <Title order={1} size="h2">{t('questionnaires.responses.tab')}</Title>
      <FormResponsesList patientFileId={file.id} structureIndex={structureIndex} timeZone={me.timezone} />
    </Stack>
  );
}
