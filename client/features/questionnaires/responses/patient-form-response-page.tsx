/** The patient's `health-path-history/form-responses/:formResponseId`; back leads to monitoring. */
import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePatientArea } from '../../../lib/areas.ts';
import { paths } from '../../../lib/paths.ts';
import { useSessionData } from '../../../lib/session/use-session.ts';
import { ResponseView } from './response-view.tsx';
import { QUESTIONNAIRES } from '../texts.ts';

export function PatientFormResponsePage() {
  const { t } = useTranslation(QUESTIONNAIRES);
  const { formResponseId } = useParams();
  const { me } = useSessionData();
  const { index } = usePatientArea();
  const backHref = paths.patient.healthPathData.getHref({ patientFileIndex: index });
  return (
    <Stack gap="md">
      <Anchor component={Link} to={backHref} size="sm">
        {t('placeholder.back', { screen: t('screens.healthPathData') })}
      </Anchor>
      <ResponseView key={formResponseId} responseId={formResponseId!} timeZone={me.timezone} homeHref={paths.patient.home.getHref({ patientFileIndex: index })} />
    </Stack>
  );
}

export const Component = PatientFormResponsePage;
