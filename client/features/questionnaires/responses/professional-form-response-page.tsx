/** `/s/:structureIndex/patient-file/:patientFileId/form-responses/:formResponseId`; back leads to the file's responses. */
import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useStructureArea } from '../../../lib/areas.ts';
import { paths } from '../../../lib/paths.ts';
import { useSessionData } from '../../../lib/session/use-session.ts';
import { ResponseView } from './response-view.tsx';
import { QUESTIONNAIRES } from '../texts.ts';

/** The patient-file tab that lists the responses, as a section of the file's questionnaires. */
export const FORM_RESPONSES_TAB = 'questionnaires';

export function ProfessionalFormResponsePage() {
  const { t } = useTranslation(QUESTIONNAIRES);
  const { formResponseId, patientFileId } = useParams();
  const { me } = useSessionData();
  const { index } = useStructureArea();
  const backHref = paths.professional.patientFile.getHref({ structureIndex: index, patientFileId: patientFileId!, currentTab: FORM_RESPONSES_TAB });
  return (
    <Stack gap="md">
      <Anchor component={Link} to={backHref} size="sm">
        {t('placeholder.back', { screen: t('questionnaires.responses.tab') })}
      </Anchor>
      <ResponseView key={formResponseId} responseId={formResponseId!} timeZone={me.timezone} homeHref={paths.professional.home.getHref({ structureIndex: index })} />
    </Stack>
  );
}

export const Component = ProfessionalFormResponsePage;
